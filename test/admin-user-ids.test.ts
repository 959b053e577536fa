import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPolicyStore } from '../src/core/policy/policy-store.js';
import { createSlackDriver, type SlackDriver } from '../src/dev/slack-emulator/driver.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, startHarness } from './support/harness.js';

// ADMIN_USER_IDS makes people admins of the configured workspace (the bot token's, in this
// single-workspace mode) and of no other: not for a payload naming another team, nor another
// organisation. A TEAM:USER entry is an admin of that team only.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const HOME_TEAM = EMULATOR_DEFAULTS.teamId;
const OTHER_TEAM = 'T0OTHERWS';
/** A plain member of the configured workspace, listed in ADMIN_USER_IDS. */
const LISTED = EMULATOR_DEFAULTS.userId;
/** A plain member of the other workspace, listed without a team. */
const OTHER_LISTED = 'U0OTHERWS1';
/** A plain member of the other workspace, listed as OTHER_TEAM:user. */
const OTHER_QUALIFIED = 'U0OTHERWS2';
let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    env: { ADMIN_USER_IDS: `${LISTED},${OTHER_LISTED},${OTHER_TEAM}:${OTHER_QUALIFIED}` },
  });
  const member = h.emulator.users.get(LISTED);
  if (!member) throw new Error('no member in the emulator');
  for (const [id, name] of [
    [OTHER_LISTED, 'otto'],
    [OTHER_QUALIFIED, 'olaf'],
  ] as const) {
    h.emulator.users.set(id, { ...member, id, name, real_name: name, team_id: OTHER_TEAM });
    h.emulator.channels.get(CHANNEL)?.members.push(id);
  }
});
afterAll(async () => {
  await h?.close();
});

const policies = () => createPolicyStore(h.app.store.keyv('policies'));

/** The reply only this person sees, in the command's ack or posted after it. */
const { replyToCommand: replyTo } = emulatorQueries(() => h.emulator, { channel: CHANNEL });

async function isShownAsAdmin(driver: SlackDriver, userId: string, teamId: string): Promise<boolean> {
  const shown = await replyTo(userId, /Who may do what here/, () =>
    driver.command({ text: 'policy', userId, teamId }),
  );
  return JSON.stringify(shown.blocks).includes('exp_policy_edit');
}

describe('ADMIN_USER_IDS', () => {
  it('makes a listed member an admin of the configured workspace, as before', async () => {
    expect(await isShownAsAdmin(h.driver, LISTED, HOME_TEAM)).toBe(true);
    await h.driver.command({ text: 'policy set expose members', userId: LISTED });
    await h.emulator.waitFor(
      async () => (await policies().get(HOME_TEAM)).actions.expose.who.kind === 'members',
      { message: 'the listed admin could not change the policy' },
    );
  });

  it('is no admin for a payload naming another team, whether the person is of that team or not', async () => {
    for (const userId of [LISTED, OTHER_LISTED]) {
      expect(await isShownAsAdmin(h.driver, userId, OTHER_TEAM)).toBe(false);
      await replyTo(userId, /Only workspace admins/, () =>
        h.driver.command({ text: 'policy set start nobody', userId, teamId: OTHER_TEAM }),
      );
    }
    await h.app.idle();
    expect((await policies().get(OTHER_TEAM)).actions.start.who.kind).toBe('members');
  });

  it('is no admin for a payload naming the configured team in another organisation', async () => {
    const otherOrg = createSlackDriver({
      appUrl: h.app.eventsUrl,
      signingSecret: h.signingSecret,
      emulator: h.emulator,
      enterpriseId: 'E0OTHERORG',
    });
    expect(await isShownAsAdmin(otherOrg, LISTED, HOME_TEAM)).toBe(false);
    await replyTo(LISTED, /Only workspace admins/, () =>
      otherOrg.command({ text: 'policy set start nobody', userId: LISTED }),
    );
    await h.app.idle();
    expect((await policies().get(`E0OTHERORG:${HOME_TEAM}`)).actions.start.who.kind).toBe('members');
  });

  it('makes a TEAM:USER entry an admin of that team only', async () => {
    expect(await isShownAsAdmin(h.driver, OTHER_QUALIFIED, OTHER_TEAM)).toBe(true);
    // In the configured workspace that person is from elsewhere: no admin here.
    expect(await isShownAsAdmin(h.driver, OTHER_QUALIFIED, HOME_TEAM)).toBe(false);
  });
});
