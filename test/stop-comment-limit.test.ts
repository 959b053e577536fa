import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOP_COMMENT_MAX } from '../src/core/stop-reason.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedView } from '../src/dev/slack-emulator/types.js';
import { en, ru } from '../src/slack/messages/index.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// The app takes a stop comment of at most STOP_COMMENT_MAX (3,000) characters, the stop modal's own
// limit; the platform's interface sets none. A longer one is told at input, with the limit and its
// length, on every surface that takes a comment (the workflow step: test/workflow-steps.test.ts),
// and nothing is sent, scheduled or held for approval; one at the limit goes all the way through.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const SECOND_ADMIN = 'U0ADMIN02';
const OVER = 3_200;
let h: Harness;
let nextId = 7000;

const slack = emulatorQueries(() => h.emulator, { channel: CHANNEL, timeoutMs: 15_000 });

beforeAll(async () => {
  h = await startHarness({ env: { ADMIN_USER_IDS: SECOND_ADMIN } });
  const member = h.emulator.users.get(MEMBER);
  if (!member) throw new Error('no member');
  h.emulator.users.set(SECOND_ADMIN, { ...member, id: SECOND_ADMIN, name: 'dana' });
  h.emulator.channels.get(CHANNEL)?.members.push(SECOND_ADMIN);
}, 30_000);
afterAll(async () => {
  await h?.close();
});

/** A fresh running experiment (a copy of the sandbox's running 1), so each case stops its own. */
function running(): number {
  const id = nextId++;
  const template = h.sandbox.state.experiments.get(1);
  if (template?.status !== 'running') throw new Error('the sandbox has no running experiment 1');
  h.sandbox.state.experiments.set(id, { ...template, id, name: `Limit ${id}`, label: `limit_${id}` });
  return id;
}

/** A comment of `length` characters that reads as one: words, and an emoji counted once. */
const commentOf = (length: number) => `🧪${'a'.repeat(length - 1)}`;

const platformRequests = () => h.sandbox.state.requests.length;
const stopBodies = (id: number) =>
  h.sandbox.state.requests
    .filter((r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/stop`))
    .map((r) => JSON.parse(r.body ?? '{}') as { interruptReasonComment?: string | null });

/** Every key the app keeps where a stop could be held: waiting requests (approvals, schedules), receipts of actions. */
async function heldKeys(): Promise<string[]> {
  await h.app.idle();
  const keys: string[] = [];
  for (const namespace of ['requests', 'intents']) {
    const keyv = h.app.store.keyv(namespace);
    if (!keyv.iterator) throw new Error(`the ${namespace} store cannot be listed`);
    for await (const [key] of keyv.iterator(undefined))
      if (!String(key).startsWith('lease:')) keys.push(`${namespace}/${String(key)}`);
  }
  return keys;
}

/** Sends `text` and expects the refusal in its ack; nothing reached the platform or the store. */
async function expectRefusedAtInput(text: string, told: string): Promise<void> {
  const before = platformRequests();
  const held = await heldKeys();
  const res = await h.driver.command({ text, userId: MEMBER });
  const reply = res.json as { text?: string; blocks?: unknown[]; response_type?: string };
  expect(reply.response_type).toBe('ephemeral');
  expect(messageText(reply)).toContain(told);
  await h.app.idle();
  expect(platformRequests()).toBe(before);
  expect(added(held, await heldKeys())).toEqual([]);
}

/** Keys written since `before` (an earlier case's receipt may end meanwhile: that is no write). */
const added = (before: string[], after: string[]) => after.filter((key) => !before.includes(key));

const inChannel = (pattern: RegExp) =>
  slack.until(
    () => h.emulator.messages(CHANNEL).find((m) => !m.ephemeral && pattern.test(messageText(m))),
    `nothing in the channel matching ${pattern}`,
  );

const tooLong = en.input.commentTooLong({ length: OVER, max: STOP_COMMENT_MAX });

describe('/exp stop ID REASON comment', () => {
  it('refuses a comment over the limit at input, with the limit and its length', async () => {
    const id = running();
    expect(tooLong).toContain('3,200');
    expect(tooLong).toContain('3,000');
    await expectRefusedAtInput(`stop ${id} bug ${commentOf(OVER)}`, tooLong);
    expect(h.sandbox.state.experiments.get(id)?.status).toBe('running');
  });

  it('tells it in the person’s language', async () => {
    const id = running();
    await h.driver.command({ text: 'language ru', userId: MEMBER });
    try {
      const told = ru.input.commentTooLong({ length: OVER, max: STOP_COMMENT_MAX });
      expect(told).toContain('3\u00a0200');
      await expectRefusedAtInput(`stop ${id} баг ${commentOf(OVER)}`, told);
    } finally {
      await h.driver.command({ text: 'language auto', userId: MEMBER });
    }
  });

  it('stops with a comment at the limit, sent as typed', async () => {
    const id = running();
    const comment = commentOf(STOP_COMMENT_MAX);
    await h.driver.command({ text: `stop ${id} bug ${comment}`, userId: MEMBER });
    await inChannel(new RegExp(`stopped experiment \\*Limit ${id}\\* \\(#${id}\\)`));
    expect(stopBodies(id)).toEqual([{ interruptReason: 'bug', interruptReasonComment: comment }]);
  });
});

describe('/exp stop ID in … REASON comment', () => {
  it('refuses a comment over the limit at input and schedules nothing', async () => {
    const id = running();
    await expectRefusedAtInput(`stop ${id} in 3d bug ${commentOf(OVER)}`, tooLong);
    await slack.replyToCommand(MEMBER, new RegExp(`Nothing is scheduled for experiment \\*${id}\\*`), () =>
      h.driver.command({ text: `schedule ${id}`, userId: MEMBER }),
    );
  });

  it('schedules a comment at the limit, and runs it at its time', async () => {
    const id = running();
    const comment = commentOf(STOP_COMMENT_MAX);
    const at = new Date(Date.now() + 3_000).toISOString().slice(0, 19);
    const held = await heldKeys();
    await h.driver.command({ text: `stop ${id} at ${at}Z bug ${comment}`, userId: MEMBER });
    await inChannel(new RegExp(`scheduled the app to \\*stop\\* experiment \\*${id}\\*`));
    expect(stopBodies(id)).toEqual([]);
    expect(added(held, await heldKeys()).some((key) => key.startsWith('requests/request:'))).toBe(true);
    await inChannel(new RegExp(`stopped experiment \\*Limit ${id}\\* \\(#${id}\\)`));
    expect(stopBodies(id)).toEqual([{ interruptReason: 'bug', interruptReasonComment: comment }]);
  });
});

describe('the stop modal', () => {
  async function openStopModal(id: number): Promise<EmulatedView> {
    await h.driver.command({ text: `stop ${id}`, userId: MEMBER });
    return h.emulator.waitFor(
      () =>
        [...h.emulator.views.values()].find(
          (v) =>
            v.view.callback_id === 'exp_stop_modal' &&
            String(v.view.private_metadata).includes(`"experimentId":${id}`),
        ),
      { message: `no stop modal for ${id}` },
    );
  }
  const values = (comment: string, when?: string) => ({
    exp_stop_reason: { exp_stop_reason_select: { type: 'static_select', selected_option: { value: 'bug' } } },
    exp_stop_comment: { exp_stop_comment_input: { type: 'plain_text_input', value: comment } },
    ...(when ? { exp_stop_when: { exp_stop_when_input: { type: 'plain_text_input', value: when } } } : {}),
  });

  it('caps its comment input at the limit', async () => {
    const view = await openStopModal(running());
    const input = JSON.stringify(view.view.blocks).match(/"action_id":"exp_stop_comment_input"[^}]*/)?.[0];
    expect(input).toContain(`"max_length":${STOP_COMMENT_MAX}`);
  });

  it('answers a longer submission under the comment field, now or scheduled, and does nothing', async () => {
    for (const when of [undefined, 'in 3d']) {
      const id = running();
      const view = await openStopModal(id);
      const before = platformRequests();
      const held = await heldKeys();
      const submitted = await h.driver.submitView(view.id, values(commentOf(OVER), when));
      expect(submitted.outcome).toEqual({
        kind: 'errors',
        errors: { exp_stop_comment: en.modals.stop.commentTooLong({ length: OVER, max: STOP_COMMENT_MAX }) },
      });
      await h.app.idle();
      expect(platformRequests()).toBe(before);
      expect(added(held, await heldKeys())).toEqual([]);
    }
  });

  it('stops with a comment at the limit', async () => {
    const id = running();
    const view = await openStopModal(id);
    const comment = commentOf(STOP_COMMENT_MAX);
    expect((await h.driver.submitView(view.id, values(comment))).outcome).toEqual({ kind: 'closed' });
    await inChannel(new RegExp(`stopped experiment \\*Limit ${id}\\* \\(#${id}\\)`));
    expect(stopBodies(id)).toEqual([{ interruptReason: 'bug', interruptReasonComment: comment }]);
  });
});

describe('a stop held for approval', () => {
  beforeAll(async () => {
    await h.driver.command({ text: 'policy approval stop on', userId: ADMIN });
    await inChannel(/\*stop\* now needs a second person's approval/);
  });
  afterAll(async () => {
    await h.driver.command({ text: 'policy approval stop off', userId: ADMIN });
    await h.app.idle();
  });

  it('refuses a comment over the limit at input and holds nothing', async () => {
    const id = running();
    await expectRefusedAtInput(`stop ${id} bug ${commentOf(OVER)}`, tooLong);
  });

  it('holds a comment at the limit, and runs it once approved', async () => {
    const id = running();
    const comment = commentOf(STOP_COMMENT_MAX);
    const held = await heldKeys();
    await h.driver.command({ text: `stop ${id} bug ${comment}`, userId: MEMBER });
    const request = await inChannel(new RegExp(`asks to \\*stop\\* experiment \\*${id}\\*`));
    expect(stopBodies(id)).toEqual([]);
    // What the refusals above did not write: the request, as held.
    expect(added(held, await heldKeys()).some((key) => key.startsWith('requests/request:'))).toBe(true);
    await h.driver.clickButton(request, 'exp_approval_approve', { userId: SECOND_ADMIN });
    await h.emulator.waitFor(() => stopBodies(id).length === 1, { message: 'the approved stop did not run' });
    expect(stopBodies(id)).toEqual([{ interruptReason: 'bug', interruptReasonComment: comment }]);
  });
});
