import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import { postedButton } from './support/posted-button.js';

// Who may do what, through the real entry points: signed commands, clicks, modal submissions and
// options requests, with people as Slack describes them (users.info, usergroups.users.list).

const CHANNEL = 'C0GENERAL';
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const GUEST = EMULATOR_DEFAULTS.guestUserId;
const OTHER_ORG_ADMIN = EMULATOR_DEFAULTS.externalAdminId;
const OWNERS = 'S0OWNERS1';
const OWNER = 'U0OWNER01';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  // One owner in the group; the member is not (group members are remembered a minute, so the
  // group is set before anyone is checked against it).
  const member = h.emulator.users.get(MEMBER);
  if (!member) throw new Error('no member in the emulator');
  h.emulator.users.set(OWNER, { ...member, id: OWNER, name: 'olive', real_name: 'Olive Owner' });
  h.emulator.channels.get(CHANNEL)?.members.push(OWNER);
  h.emulator.usergroups.set(OWNERS, {
    id: OWNERS,
    handle: 'exp-owners',
    name: 'Experiment owners',
    users: [OWNER],
  });
});
afterAll(async () => {
  await h?.close();
});

const posts = (path: string) =>
  h.sandbox.state.requests.filter((r) => r.method === 'POST' && r.url.endsWith(path)).length;

const { replyToCommand: replyTo } = emulatorQueries(() => h.emulator, { channel: CHANNEL });

describe('guests and people from another organisation only read', () => {
  it.each([
    ['a guest', GUEST, /Guests can read/],
    ['an admin of another organisation', OTHER_ORG_ADMIN, /another organisation can read here/],
  ])(
    '%s is refused on a command, a button, a modal submission and an options request',
    async (_who, user, why) => {
      const starts = posts('/experiments/v1/3/start');
      await replyTo(user, why, () => h.driver.command({ text: 'start 3', userId: user }));

      const button = await postedButton(h, CHANNEL, 'start', 3);
      await h.driver.clickButton(button, 'exp_lifecycle_start', { userId: user });
      await replyTo(user, why, async () => ({}));

      // A stop modal opened by a member, submitted by the other person: checked again on arrival.
      const views = new Set(h.emulator.views.keys());
      await h.driver.command({ text: 'stop 3', userId: MEMBER });
      const modal = await h.emulator.waitFor(
        () =>
          [...h.emulator.views.values()].find(
            (v) => !views.has(v.id) && v.view.callback_id === 'exp_stop_modal',
          ),
        { message: 'no stop modal' },
      );
      const submitted = await h.driver.submitView(
        modal.id,
        {
          exp_stop_reason: {
            exp_stop_reason_select: { type: 'static_select', selected_option: { value: 'bug' } },
          },
        },
        { userId: user },
      );
      expect(submitted.outcome).toMatchObject({
        kind: 'errors',
        errors: { exp_stop_reason: expect.stringMatching(why) },
      });

      // The create form's pickers offer them nothing.
      const form = await h.driver.interaction({
        type: 'block_suggestion',
        user: { id: user, team_id: h.emulator.identity.teamId },
        team: { id: h.emulator.identity.teamId },
        action_id: 'exp_xm_team_select',
        block_id: 'exp_xm_team',
        value: '',
        // A form sealed for them (as if opened), so that it is the policy that refuses it.
        view: h.viewSeal.seal(
          { purpose: 'experiment-form', userId: user, workspace: { teamId: h.emulator.identity.teamId } },
          {
            type: 'modal',
            title: { type: 'plain_text', text: 'x' },
            blocks: [],
            private_metadata: JSON.stringify({ mode: 'create', channelId: CHANNEL }),
          },
        ),
      });
      expect(form.json).toEqual({ options: [] });

      await h.app.idle();
      expect(posts('/experiments/v1/3/start')).toBe(starts);
      expect(posts('/experiments/v1/3/stop')).toBe(0);
    },
  );

  it('still lets them read: help, show, list, dict', async () => {
    await replyTo(GUEST, /\*Search ranking v2\* \(#1\)/, () =>
      h.driver.command({ text: 'show 1', userId: GUEST }),
    );
    const help = messageText(
      (await h.driver.command({ text: 'help', userId: GUEST })).json as { text?: string },
    );
    // Their help lists what they may run: the reads, not the actions.
    expect(help).toContain('/exp show ID');
    expect(help).not.toContain('/exp start');
  });
});

describe('/exp policy', () => {
  it('is shown to anyone, with the Edit button only for admins', async () => {
    const forMember = await replyTo(MEMBER, /Who may do what here/, () =>
      h.driver.command({ text: 'policy', userId: MEMBER }),
    );
    expect(JSON.stringify(forMember.blocks)).not.toContain('exp_policy_edit');
    expect(messageText(forMember)).toContain('*expose*: an admin');
    const forAdmin = await replyTo(ADMIN, /Who may do what here/, () =>
      h.driver.command({ text: 'policy', userId: ADMIN }),
    );
    expect(JSON.stringify(forAdmin.blocks)).toContain('exp_policy_edit');
  });

  it('can only be changed by admins', async () => {
    await replyTo(MEMBER, /Only workspace admins/, () =>
      h.driver.command({ text: 'policy set stop admins', userId: MEMBER }),
    );
    await replyTo(OTHER_ORG_ADMIN, /Only workspace admins/, () =>
      h.driver.command({ text: 'policy set stop admins', userId: OTHER_ORG_ADMIN }),
    );
  });

  it('limits stop to a user group: the refusal names the rule, a member of the group may act, the change is announced', async () => {
    await h.driver.command({ text: `policy set stop <!subteam^${OWNERS}|@exp-owners>`, userId: ADMIN });
    const announced = await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) => !m.ephemeral && /changed who may do what/.test(messageText(m))),
      { message: 'no announcement' },
    );
    expect(messageText(announced)).toContain(
      `<@${ADMIN}> changed who may do what: *stop* now needs an admin or a member of <!subteam^${OWNERS}>`,
    );

    const refusal = await replyTo(MEMBER, /stop\* needs an admin or a member of/, () =>
      h.driver.command({ text: 'stop 2 bug', userId: MEMBER }),
    );
    expect(messageText(refusal)).toContain(`<!subteam^${OWNERS}>`);
    expect(messageText(refusal)).toContain('Nothing was done');
    expect(posts('/experiments/v1/2/stop')).toBe(0);

    await h.driver.command({ text: 'stop 2 bug', userId: OWNER });
    await h.emulator.waitFor(() => posts('/experiments/v1/2/stop') === 1, {
      message: 'the group member could not stop',
    });
  });

  it('limits an action to channels, and makes the stop reason optional for the stop modal', async () => {
    await h.driver.command({ text: 'policy channels start <#C0RANDOM0|random>', userId: ADMIN });
    await replyTo(MEMBER, /can only be done from <#C0RANDOM0>/, () =>
      h.driver.command({ text: 'start 7', userId: MEMBER }),
    );

    await h.driver.command({ text: 'policy stop-reason optional', userId: ADMIN });
    await h.emulator.waitFor(
      () => h.emulator.messages(CHANNEL).some((m) => /may now leave the reason out/.test(messageText(m))),
      {
        message: 'no stop-reason announcement',
      },
    );
    const views = new Set(h.emulator.views.keys());
    await h.driver.command({ text: 'stop 3', userId: ADMIN });
    const modal = await h.emulator.waitFor(
      () =>
        [...h.emulator.views.values()].find(
          (v) => !views.has(v.id) && v.view.callback_id === 'exp_stop_modal',
        ),
      { message: 'no stop modal' },
    );
    expect(JSON.stringify(modal.view)).toContain('No reason given');
    const result = await h.driver.submitView(
      modal.id,
      {
        exp_stop_reason: {
          exp_stop_reason_select: { type: 'static_select', selected_option: { value: 'none' } },
        },
      },
      { userId: ADMIN },
    );
    expect(result.outcome).toEqual({ kind: 'closed' });
    await h.emulator.waitFor(() => posts('/experiments/v1/3/stop') === 1, {
      message: 'no stop without a reason',
    });
    const stop = h.sandbox.state.requests.filter((r) => r.url.endsWith('/experiments/v1/3/stop')).at(-1);
    expect(stop?.body ?? '').toBe('');
  });

  it('is edited in a modal by an admin, and the save is announced', async () => {
    const shown = await replyTo(ADMIN, /Who may do what here/, () =>
      h.driver.command({ text: 'policy', userId: ADMIN }),
    );
    const views = new Set(h.emulator.views.keys());
    await h.driver.clickButton(shown, 'exp_policy_edit', { userId: ADMIN });
    const modal = await h.emulator.waitFor(
      () =>
        [...h.emulator.views.values()].find(
          (v) => !views.has(v.id) && v.view.callback_id === 'exp_policy_modal',
        ),
      { message: 'no policy modal' },
    );
    const result = await h.driver.submitView(
      modal.id,
      {
        exp_pm_options_archive: {
          exp_pm_options_input: { type: 'checkboxes', selected_options: [{ value: 'approval' }] },
        },
      },
      { userId: ADMIN },
    );
    expect(result.outcome).toEqual({ kind: 'closed' });
    await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .some((m) => /\*archive\* now needs a second person's approval/.test(messageText(m))),
      { message: 'no announcement of the modal change' },
    );

    // A member cannot open it, nor submit one an admin opened.
    const before = h.emulator.views.size;
    await h.driver.clickButton(shown, 'exp_policy_edit', { userId: MEMBER });
    await h.app.idle();
    expect(h.emulator.views.size).toBe(before);
    const again = new Set(h.emulator.views.keys());
    await h.driver.clickButton(shown, 'exp_policy_edit', { userId: ADMIN });
    const reopened = await h.emulator.waitFor(
      () =>
        [...h.emulator.views.values()].find(
          (v) => !again.has(v.id) && v.view.callback_id === 'exp_policy_modal',
        ),
      { message: 'the admin could not reopen the policy modal' },
    );
    const forged = await h.driver.submitView(
      reopened.id,
      {
        exp_pm_who_expose: {
          exp_pm_who_input: { type: 'static_select', selected_option: { value: 'members' } },
        },
      },
      { userId: MEMBER },
    );
    expect(forged.outcome).toMatchObject({
      kind: 'errors',
      errors: { exp_pm_stop_reason: expect.stringMatching(/Only workspace admins/) },
    });
    await replyTo(MEMBER, /\*expose\*: an admin/, () => h.driver.command({ text: 'policy', userId: MEMBER }));
  });
});
