import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolicyAction } from '../src/core/policy/policy.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage, EmulatedView } from '../src/dev/slack-emulator/types.js';
import { suggest } from './support/experiment-modal.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import { postedButton as card } from './support/posted-button.js';

// One decision, every surface: for each action and each kind of rule, the command, the card's
// buttons, the modal, the option request and the approval give the same answer (ran, asked for
// approval, or refused and why) and act under the same identity, read on the wire: the sandbox
// records the name of the token each platform call carried.

const GENERAL = EMULATOR_DEFAULTS.channelId;
const RANDOM = EMULATOR_DEFAULTS.publicChannelWithoutBot;
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const APPROVER = 'U0ADMIN02';
const OWNER = 'U0OWNER01';
const CAROL = 'U0CAROL01';
const OWNERS = 'S0OWNERS1';
const TEAM_TOKEN = 'harness';
const CAROL_TOKEN = 'carol personal';
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { ADMIN_USER_IDS: APPROVER } });
  const member = h.emulator.users.get(MEMBER);
  if (!member) throw new Error('no member in the emulator');
  for (const [id, name] of [
    [APPROVER, 'dana'],
    [OWNER, 'olive'],
    [CAROL, 'carol'],
  ] as const) {
    h.emulator.users.set(id, { ...member, id, name, real_name: name });
    h.emulator.channels.get(GENERAL)?.members.push(id);
  }
  h.emulator.usergroups.set(OWNERS, { id: OWNERS, handle: 'exp-owners', name: 'Owners', users: [OWNER] });
  // Carol has her own platform token, added the way a person adds it.
  const view = await opened(
    () => h.driver.command({ text: 'login', userId: CAROL }),
    CAROL,
    'exp_login_modal',
  );
  const own = await h.sandbox.issueToken({ name: CAROL_TOKEN });
  const done = await h.driver.submitView(
    view.id,
    { exp_login_token: { exp_login_token_input: { type: 'plain_text_input', value: own } } },
    { userId: CAROL },
  );
  expect(done.outcome).toMatchObject({ kind: 'closed' });
});
afterAll(async () => {
  await h?.close();
});

let nextId = 7_000;
/** A fresh experiment id per surface: no record, so no click is ever stale; the platform answers 404. */
const freshId = () => ++nextId;

async function opened(
  act: () => Promise<unknown>,
  userId: string,
  callbackId: string,
): Promise<EmulatedView> {
  const before = new Set(h.emulator.views.keys());
  await act();
  return h.emulator.waitFor(
    () =>
      [...h.emulator.views.values()].find(
        (v) => !before.has(v.id) && v.userId === userId && v.view.callback_id === callbackId,
      ),
    { timeoutMs: 8000, message: `no ${callbackId} for ${userId}` },
  );
}

/** What became of one attempt: `ran:<token name>`, `approval`, `refused:<why>`, or `opened`. */
async function observe(userId: string, act: () => Promise<unknown>): Promise<string> {
  const calls = new Set(h.sandbox.state.requests);
  const views = new Set(h.emulator.views.keys());
  const seen = new Set(h.emulator.messages(GENERAL).map((m) => m.ts));
  const res = (await act()) as { json?: unknown; outcome?: unknown } | undefined;
  await h.app.idle();
  const call = h.sandbox.state.requests.find(
    (r) => !calls.has(r) && (r.method === 'POST' || r.method === 'PATCH'),
  );
  if (call) return `ran:${call.url.includes('expose') ? 'splitter' : call.tokenName}`;
  const fresh = h.emulator.messages(GENERAL).filter((m) => !seen.has(m.ts));
  if (fresh.some((m) => !m.ephemeral && /asks to/.test(messageText(m)))) return 'approval';
  const said = [
    messageText(res?.json as EmulatedMessage | undefined),
    JSON.stringify(res?.outcome ?? ''),
    ...fresh.filter((m) => m.ephemeral && m.targetUserId === userId).map((m) => messageText(m)),
  ].join('\n');
  const refusal = refusalIn(said);
  if (refusal) return `refused:${refusal}`;
  if (
    fresh.some(
      (m) => !m.ephemeral && /subscribed this channel|unsubscribed this channel/.test(messageText(m)),
    )
  )
    return 'ran:-';
  if ([...h.emulator.views.keys()].some((id) => !views.has(id))) return 'opened';
  return `unclear: ${said.slice(0, 300)}`;
}

function refusalIn(text: string): string | undefined {
  if (/needs your own platform token/.test(text)) return 'personal-token';
  if (/switched off in this workspace/.test(text)) return 'nobody';
  if (/can only be done from/.test(text)) return 'channel';
  if (/needs .*this workspace's policy/.test(text)) return 'who';
  return undefined;
}

const command = (text: string, userId: string) => () =>
  h.driver.command({ text, userId, channelId: GENERAL });
const stopValues = {
  exp_stop_reason: { exp_stop_reason_select: { type: 'static_select', selected_option: { value: 'bug' } } },
};

/** Submits a stop modal, or, when the click that should open it was refused, says so. */
async function stopThrough(userId: string, open: () => Promise<unknown>): Promise<string> {
  const first = await observe(userId, open);
  if (first !== 'opened') return first;
  const view = [...h.emulator.views.values()].filter((v) => v.userId === userId).at(-1) as EmulatedView;
  return observe(userId, () => h.driver.submitView(view.id, stopValues, { userId }));
}

/** The last approval request posted in the channel. */
const lastRequest = (): EmulatedMessage =>
  h.emulator
    .messages(GENERAL)
    .filter((m) => !m.ephemeral && /asks to/.test(messageText(m)))
    .at(-1) as EmulatedMessage;

/** The approver clicks Approve on it, and nothing may run: what the approver was told. */
async function approveRefused(request: EmulatedMessage): Promise<string> {
  const calls = h.sandbox.state.requests.length;
  await h.driver.clickButton(request, 'exp_approval_approve', { userId: APPROVER });
  await h.app.idle();
  expect(h.sandbox.state.requests.length).toBe(calls);
  const told = h.emulator
    .messages(GENERAL)
    .filter((m) => m.ephemeral && m.targetUserId === APPROVER)
    .at(-1);
  return messageText(told);
}

/** The last approval request in the channel, approved by the approver: what ran, as whom. */
async function approveLast(): Promise<string> {
  const request = lastRequest();
  return observe(APPROVER, () => h.driver.clickButton(request, 'exp_approval_approve', { userId: APPROVER }));
}

type Surface = (userId: string) => Promise<string>;
type Prepared = Record<string, Surface>;

/** The surfaces of each action. Modals are opened before the rule changes, as a person's would be. */
async function surfacesOf(action: PolicyAction, userId: string): Promise<Prepared> {
  switch (action) {
    case 'start':
    case 'archive':
    case 'unarchive':
      return {
        command: (u) => observe(u, command(`${action} ${freshId()}`, u)),
        button: async (u) => {
          const message = await card(h, GENERAL, action, freshId());
          return observe(u, () => h.driver.clickButton(message, `exp_lifecycle_${action}`, { userId: u }));
        },
      };
    case 'stop': {
      const early = await opened(command(`stop ${freshId()}`, userId), userId, 'exp_stop_modal');
      return {
        command: (u) => observe(u, command(`stop ${freshId()} bug`, u)),
        'modal opened earlier': (u) =>
          observe(u, () => h.driver.submitView(early.id, stopValues, { userId: u })),
        'modal from the command': (u) => stopThrough(u, command(`stop ${freshId()}`, u)),
        'modal from the card': async (u) => {
          const message = await card(h, GENERAL, 'stop', freshId());
          return stopThrough(u, () => h.driver.clickButton(message, 'exp_lifecycle_stop', { userId: u }));
        },
      };
    }
    case 'expose':
      return {
        'command then Confirm': async (u) => {
          const seen = new Set(h.emulator.messages(GENERAL).map((m) => m.ts));
          const first = await observe(u, command(`expose checkout_one_click android ${freshId()}`, u));
          if (first.startsWith('refused')) return first;
          const confirm = h.emulator
            .messages(GENERAL)
            .find((m) => !seen.has(m.ts) && m.ephemeral && /statistics/i.test(messageText(m)));
          if (!confirm) return `no confirmation (${first})`;
          return observe(u, () => h.driver.clickButton(confirm, 'exp_expose_confirm', { userId: u }));
        },
      };
    case 'subscribe': {
      // Made before the rule changes, by an admin, for the unsubscribe to find.
      const existing = freshId();
      await h.driver.command({ text: `subscribe experiment:${existing}`, userId: ADMIN, channelId: GENERAL });
      await h.app.idle();
      return {
        subscribe: (u) => observe(u, command(`subscribe experiment:${freshId()}`, u)),
        unsubscribe: (u) => observe(u, command(`unsubscribe experiment:${existing}`, u)),
      };
    }
    case 'edit': {
      const early = await opened(command('edit 4', userId), userId, 'exp_experiment_modal');
      const teamSelect = 'exp_xm_team';
      // In this order: the option request and the submission use the form opened earlier, which
      // the submission closes; the last one opens another.
      return {
        'option request': async () => {
          const { options } = await suggest(h, early, teamSelect, '');
          return options.length > 0 ? 'options' : 'no options';
        },
        // An edit is saved from its confirmation (pushed over the form): both are checked.
        'submission of a form opened earlier': (u) =>
          observe(u, async () => {
            const res = await h.driver.submitView(
              early.id,
              {
                exp_xm_name: {
                  exp_xm_name_input: { type: 'plain_text_input', value: `Renamed ${freshId()}` },
                },
              },
              { userId: u },
            );
            const pushed = res.outcome.kind === 'pushed' ? res.outcome.view : undefined;
            return pushed ? h.driver.submitView(pushed.id, {}, { userId: u }) : res;
          }),
        'edit form': (u) => observe(u, command('edit 7', u)),
      };
    }
    default:
      throw new Error(`no surfaces for ${action}`);
  }
}

async function admin(text: string): Promise<void> {
  await h.driver.command({ text: `policy ${text}`, userId: ADMIN, channelId: GENERAL });
  await h.app.idle();
}

async function resetPolicy(action: PolicyAction): Promise<void> {
  for (const text of [`set ${action} members`, `channels ${action} any`, `personal ${action} off`])
    await admin(text);
  if (['start', 'stop', 'archive', 'unarchive', 'expose'].includes(action))
    await admin(`approval ${action} off`);
}

interface Scenario {
  name: string;
  rule: (action: PolicyAction) => string[];
  userId: string;
  /** What every surface must answer; `approval` is then approved by another admin. */
  expected: string;
  /** After the approval: what ran, as whom. */
  afterApproval?: string;
  approvableOnly?: boolean;
}

const SCENARIOS: Scenario[] = [
  { name: 'members, a member', rule: () => [], userId: MEMBER, expected: `ran:${TEAM_TOKEN}` },
  { name: 'admins, a member', rule: (a) => [`set ${a} admins`], userId: MEMBER, expected: 'refused:who' },
  {
    name: 'admins, an admin',
    rule: (a) => [`set ${a} admins`],
    userId: ADMIN,
    expected: `ran:${TEAM_TOKEN}`,
  },
  {
    name: 'a group, its member',
    rule: (a) => [`set ${a} <!subteam^${OWNERS}|@exp-owners>`],
    userId: OWNER,
    expected: `ran:${TEAM_TOKEN}`,
  },
  {
    name: 'a group, a member outside it',
    rule: (a) => [`set ${a} <!subteam^${OWNERS}|@exp-owners>`],
    userId: MEMBER,
    expected: 'refused:who',
  },
  { name: 'nobody, an admin', rule: (a) => [`set ${a} nobody`], userId: ADMIN, expected: 'refused:nobody' },
  {
    name: 'another channel only',
    rule: (a) => [`channels ${a} <#${RANDOM}|random>`],
    userId: MEMBER,
    expected: 'refused:channel',
  },
  {
    name: 'personal token, none',
    rule: (a) => [`personal ${a} on`],
    userId: MEMBER,
    expected: 'refused:personal-token',
  },
  {
    name: 'personal token, her own',
    rule: (a) => [`personal ${a} on`],
    userId: CAROL,
    expected: `ran:${CAROL_TOKEN}`,
  },
  {
    name: 'approval',
    rule: (a) => [`approval ${a} on`],
    userId: MEMBER,
    expected: 'approval',
    afterApproval: `ran:${TEAM_TOKEN}`,
    approvableOnly: true,
  },
  {
    name: 'approval and personal token, none',
    rule: (a) => [`approval ${a} on`, `personal ${a} on`],
    userId: MEMBER,
    expected: 'refused:personal-token',
    approvableOnly: true,
  },
  {
    // The approver has no token of her own: the requester's acts, so the platform names who asked.
    name: 'approval and personal token, the requester has one',
    rule: (a) => [`approval ${a} on`, `personal ${a} on`],
    userId: CAROL,
    expected: 'approval',
    afterApproval: `ran:${CAROL_TOKEN}`,
    approvableOnly: true,
  },
];

const ACTIONS: PolicyAction[] = ['start', 'stop', 'archive', 'unarchive', 'expose', 'subscribe', 'edit'];
const APPROVABLE = new Set<PolicyAction>(['start', 'stop', 'archive', 'unarchive', 'expose']);
/** Only lifecycle actions and edits carry a person's token to the platform; the splitter has none. */
const identityOnWire = (action: PolicyAction) => action !== 'expose' && action !== 'subscribe';

function expectedOn(action: PolicyAction, surface: string, expected: string): string {
  if (surface === 'option request') return expected.startsWith('refused') ? 'no options' : 'options';
  if (surface === 'edit form') return expected.startsWith('refused') ? expected : 'opened';
  if (expected.startsWith('ran:') && !identityOnWire(action))
    return action === 'expose' ? 'ran:splitter' : 'ran:-';
  return expected;
}

describe.each(ACTIONS)('%s: one decision on every surface', (action) => {
  const cases = SCENARIOS.filter((s) => !s.approvableOnly || APPROVABLE.has(action));
  it.each(cases)('$name', async (scenario) => {
    await resetPolicy(action);
    const surfaces = await surfacesOf(action, scenario.userId);
    for (const text of scenario.rule(action)) await admin(text);
    const answers: Record<string, string> = {};
    const wanted: Record<string, string> = {};
    for (const [surface, run] of Object.entries(surfaces)) {
      answers[surface] = await run(scenario.userId);
      wanted[surface] = expectedOn(action, surface, scenario.expected);
      if (answers[surface] === 'approval' && scenario.afterApproval) {
        answers[`${surface}, approved`] = await approveLast();
        wanted[`${surface}, approved`] = expectedOn(action, surface, scenario.afterApproval);
      }
    }
    expect(answers).toEqual(wanted);
  });
});

describe('an approval under "personal token required"', () => {
  it('does not run when the requester has dropped their token since asking; the request stays open', async () => {
    await resetPolicy('start');
    await admin('approval start on');
    await admin('personal start on');
    const id = freshId();
    expect(await observe(CAROL, command(`start ${id}`, CAROL))).toBe('approval');
    await h.driver.command({ text: 'logout', userId: CAROL, channelId: GENERAL });
    await h.app.idle();
    const request = lastRequest();
    expect(await approveRefused(request)).toContain(
      `<@${CAROL}> has none now, so nothing ran and the request is still open`,
    );
    // Still open: once she adds a token again, the same request runs under it.
    const view = await opened(
      () => h.driver.command({ text: 'login', userId: CAROL }),
      CAROL,
      'exp_login_modal',
    );
    const again = await h.sandbox.issueToken({ name: 'carol again' });
    await h.driver.submitView(
      view.id,
      { exp_login_token: { exp_login_token_input: { type: 'plain_text_input', value: again } } },
      { userId: CAROL },
    );
    await h.app.idle();
    expect(
      await observe(APPROVER, () =>
        h.driver.clickButton(request, 'exp_approval_approve', { userId: APPROVER }),
      ),
    ).toBe('ran:carol again');
  });
});

describe('an approval', () => {
  it('does not run for a requester the policy no longer allows; it runs once they are allowed again', async () => {
    await resetPolicy('archive');
    await admin('approval archive on');
    const id = freshId();
    expect(await observe(MEMBER, command(`archive ${id}`, MEMBER))).toBe('approval');
    const request = lastRequest();
    await admin('set archive admins');
    expect(await approveRefused(request)).toContain(
      `<@${MEMBER}> asked for this, but this workspace's policy no longer lets them`,
    );
    await admin('set archive members');
    expect(
      await observe(APPROVER, () =>
        h.driver.clickButton(request, 'exp_approval_approve', { userId: APPROVER }),
      ),
    ).toBe(`ran:${TEAM_TOKEN}`);
  });
});
