import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage, EmulatedView } from '../src/dev/slack-emulator/types.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// The platform interface's rules, and only those, through the real HTTP endpoints: what the
// interface leaves optional stays optional, what it names exactly is matched exactly, and the
// sandbox answers as the app's own status table says.

const CHANNEL = 'C0GENERAL';
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const READ_SCOPE = 'read:experiment:read_experiments';
const MANAGE_SCOPE = 'edit:experiment:manage_experiment';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const posts = (id: number, action: string) =>
  h.sandbox.state.requests.filter(
    (r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/${action}`),
  );

function seenNow(): Set<string> {
  return new Set(h.emulator.messages(CHANNEL).map((m) => m.ts));
}

/** The first message after `seen` (ephemeral or not) whose text matches. */
async function next(seen: Set<string>, pattern: RegExp): Promise<EmulatedMessage> {
  return h.emulator.waitFor(
    () => h.emulator.messages(CHANNEL).find((m) => !seen.has(m.ts) && pattern.test(messageText(m))),
    { timeoutMs: 8000, message: `no message matching ${pattern}` },
  );
}

async function command(text: string, pattern: RegExp, userId: string = MEMBER): Promise<EmulatedMessage> {
  const seen = seenNow();
  const res = await h.driver.command({ text, userId });
  expect(res.status).toBe(200);
  const acked = res.json as { text?: string; blocks?: unknown[] } | undefined;
  if (acked && pattern.test(messageText(acked))) return acked as EmulatedMessage;
  return next(seen, pattern);
}

async function openStopModal(experimentId: number): Promise<EmulatedView> {
  const before = new Set(h.emulator.views.keys());
  await h.driver.command({ text: `stop ${experimentId}`, userId: MEMBER });
  return h.emulator.waitFor(
    () =>
      [...h.emulator.views.values()].find(
        (v) => !before.has(v.id) && v.view.callback_id === 'exp_stop_modal',
      ),
    { message: 'stop modal not opened' },
  );
}

function stopValues(reason: string, comment: string) {
  return {
    exp_stop_reason: {
      exp_stop_reason_select: { type: 'static_select', selected_option: { value: reason } },
    },
    exp_stop_comment: { exp_stop_comment_input: { type: 'plain_text_input', value: comment } },
  };
}

describe('exposureParams (deprecated)', () => {
  it.each([[{ a: 1 }], [null], [7], [['x']]])(
    'never fails a look-up, whatever its shape: %j',
    async (value) => {
      const features = [{ experimentLabel: 'checkout_one_click', label: 'test', exposureParams: value }];
      h.sandbox.failNext(
        { status: 200, body: JSON.stringify({ result: { features } }), contentType: 'application/json' },
        { pathIncludes: 'getFeaturesByTag' },
      );
      const page = messageText(
        await command('features checkout ios user:42', /checkout_one_click|failed|unexpected/i),
      );
      expect(page).toContain('checkout_one_click');
      expect(page).toMatch(/test/);
    },
  );
});

describe('a 400 is a status conflict only in the interface exact sentence for what was sent', () => {
  it.each([
    [
      'a validation body quoting the sentence in a field',
      JSON.stringify({
        message: 'Validation failed',
        errors: [
          {
            field: 'x',
            message: 'Cannot perform action start for experiment id=4: current status is running',
          },
        ],
      }),
    ],
    [
      'the sentence about another experiment',
      'Cannot perform action start for experiment id=5: current status is running',
    ],
    [
      'the sentence about another action',
      'Cannot perform action stop for experiment id=4: current status is running',
    ],
    [
      'text after the status',
      'Cannot perform action start for experiment id=4: current status is running; retry later',
    ],
  ])('%s is a validation failure and records no status', async (_label, body) => {
    h.sandbox.failNext({ status: 400, body }, { pathIncludes: '/experiments/v1/4/start' });
    const reply = await command('start 4', /rejected the request as invalid|current status is/);
    expect(messageText(reply)).toMatch(/rejected the request as invalid/);
    await h.app.idle();
    const card = await command('show 4', /\*Onboarding tour\* \(#4\)/);
    expect(messageText(card)).not.toMatch(/Running/);
    expect(h.sandbox.state.experiments.get(4)?.status).toBe('draft');
  });

  it('the exact sentence is a conflict naming the single status token', async () => {
    await command('start 1', /current status is Running/);
  });
});

describe('one status model for the app and the sandbox', () => {
  it('refuses archive from draft, as the app table says', async () => {
    const reply = await command('archive 7', /archive|current status is/);
    expect(messageText(reply)).toMatch(/current status is Draft/);
    expect(h.sandbox.state.experiments.get(7)?.status).toBe('draft');
  });

  it('unarchives to stopped, whatever status the experiment was archived from', async () => {
    const draft = h.sandbox.state.experiments.get(123);
    if (!draft) throw new Error('no experiment 123');
    // As an older sandbox left it: archived from draft, with where it came from recorded.
    const archived = { ...draft, status: 'archived' as const, archivedFrom: 'draft' };
    h.sandbox.state.experiments.set(123, archived);
    await command('unarchive 123', /unarchived experiment|current status is/);
    expect(h.sandbox.state.experiments.get(123)?.status).toBe('stopped');
  });
});

describe('a comment for the reason Other is a policy switch, off by default', () => {
  it('stops with Other and no comment from the command, sending no comment', async () => {
    await command('stop 1 other', /stopped experiment \*Search ranking v2\* \(#1\)/);
    expect(JSON.parse(posts(1, 'stop').at(-1)?.body ?? '{}')).toMatchObject({ interruptReason: 'other' });
  });

  it('stops with Other and no comment from the modal', async () => {
    const view = await openStopModal(2);
    expect(JSON.stringify(view.view)).not.toMatch(/Required when the reason is Other/);
    const submitted = await h.driver.submitView(view.id, stopValues('other', ''));
    expect(submitted.outcome).toEqual({ kind: 'closed' });
    await h.emulator.waitFor(() => h.sandbox.state.experiments.get(2)?.status === 'stopped');
  });

  it('once an admin requires it, the command and the modal both refuse Other without a comment', async () => {
    await command('policy other-comment required', /Other/, ADMIN);
    const refused = await command('stop 3 other', /comment/i);
    expect(messageText(refused)).toMatch(/comment/i);
    expect(posts(3, 'stop')).toHaveLength(0);

    const view = await openStopModal(3);
    expect(JSON.stringify(view.view)).toMatch(/Required when the reason is Other/);
    const withoutComment = await h.driver.submitView(view.id, stopValues('other', ' '));
    expect(withoutComment.outcome).toMatchObject({
      kind: 'errors',
      errors: { exp_stop_comment: expect.any(String) },
    });
    expect(posts(3, 'stop')).toHaveLength(0);

    const policy = await command('policy', /Other/);
    expect(messageText(policy)).toMatch(/comment.*Other|Other.*comment/i);

    await command(
      'stop 3 other rollout halted by ops',
      /stopped experiment \*Checkout button colour\* \(#3\)/,
    );
    expect(JSON.parse(posts(3, 'stop').at(-1)?.body ?? '{}')).toEqual({
      interruptReason: 'other',
      interruptReasonComment: 'rollout halted by ops',
    });
    await command('policy other-comment optional', /Other/, ADMIN);
  });
});

describe('/exp connect names the scopes the interface shows', () => {
  let c: Harness;
  beforeAll(async () => {
    c = await startHarness({ defaultConnection: false });
  });
  afterAll(async () => {
    await c?.close();
  });

  async function openConnect(): Promise<EmulatedView> {
    const before = new Set(c.emulator.views.keys());
    await c.driver.command({ text: 'connect', userId: ADMIN });
    return c.emulator.waitFor(
      () => {
        const view = [...c.emulator.views.values()].find((v) => !before.has(v.id) && v.userId === ADMIN);
        return view && view.view.callback_id !== 'exp_loading_modal' ? view : undefined;
      },
      { message: 'connect modal did not settle' },
    );
  }

  function connectValues(token: string) {
    return {
      exp_connect_base_url: {
        exp_connect_base_url_input: { type: 'plain_text_input', value: c.sandbox.url },
      },
      exp_connect_token: { exp_connect_token_input: { type: 'plain_text_input', value: token } },
    };
  }

  it('says which scopes a token needs, and that creating and editing need the create/update rights', async () => {
    const view = JSON.stringify((await openConnect()).view);
    expect(view).toContain(READ_SCOPE);
    expect(view).toContain(MANAGE_SCOPE);
    expect(view).toMatch(/create.*update|creat.*edit/i);
  });

  it('refuses a token without the read scope, naming it', async () => {
    const view = await openConnect();
    const narrow = await c.sandbox.issueToken({ scopes: [MANAGE_SCOPE] });
    const refused = await c.driver.submitView(view.id, connectValues(narrow));
    expect(refused.outcome).toMatchObject({
      kind: 'errors',
      errors: { exp_connect_token: expect.stringContaining(READ_SCOPE) },
    });
  });

  it('connects a token without the manage scope and says lifecycle actions will be refused', async () => {
    const view = await openConnect();
    const readOnly = await c.sandbox.issueToken({ scopes: [READ_SCOPE] });
    const seen = new Set(c.emulator.messages(CHANNEL).map((m) => m.ts));
    const saved = await c.driver.submitView(view.id, connectValues(readOnly));
    expect(saved.outcome).toEqual({ kind: 'closed' });
    const reply = await c.emulator.waitFor(
      () =>
        c.emulator
          .messages(CHANNEL)
          .find((m) => !seen.has(m.ts) && /connected this workspace/i.test(messageText(m))),
      { timeoutMs: 8000, message: 'no connected reply' },
    );
    const text = messageText(reply);
    // Exactly the one stated scope it lacks, read from the token's own claims.
    expect(text).toContain(`lacks \`${MANAGE_SCOPE}\`, so`);
  });
});
