import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPolicyStore } from '../src/core/policy/policy-store.js';
import { createSlackDriver, type SlackDriver } from '../src/dev/slack-emulator/driver.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { en } from '../src/slack/messages/index.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, startHarness } from './support/harness.js';
import { type OAuthHarness, startOAuthHarness } from './support/oauth-harness.js';

// ADMIN_USER_IDS makes people admins of the configured workspace (the bot token's, in this
// single-workspace mode) and of no other. A payload naming another team or organisation never gets
// as far as the admin check here: the app is not installed there (src/slack/served-workspace). A
// TEAM:USER entry is an admin of that team only, which OAuth mode, serving several teams, shows.

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

  it('changes nothing for a payload naming another team, whether the person is of that team or not', async () => {
    for (const userId of [LISTED, OTHER_LISTED]) {
      await replyTo(userId, en.servedWorkspace.otherWorkspace, () =>
        h.driver.command({ text: 'policy set start nobody', userId, teamId: OTHER_TEAM }),
      );
    }
    await h.app.idle();
    expect((await policies().get(OTHER_TEAM)).actions.start.who.kind).toBe('members');
  });

  it('changes nothing for a payload naming the configured team in another organisation', async () => {
    const otherOrg = createSlackDriver({
      appUrl: h.app.eventsUrl,
      signingSecret: h.signingSecret,
      emulator: h.emulator,
      enterpriseId: 'E0OTHERORG',
    });
    await replyTo(LISTED, en.servedWorkspace.otherWorkspace, () =>
      otherOrg.command({ text: 'policy set start nobody', userId: LISTED }),
    );
    await h.app.idle();
    expect((await policies().get(`E0OTHERORG:${HOME_TEAM}`)).actions.start.who.kind).toBe('members');
  });

  it('makes a TEAM:USER entry of another team no admin in the configured workspace', async () => {
    expect(await isShownAsAdmin(h.driver, OTHER_QUALIFIED, HOME_TEAM)).toBe(false);
  });
});

describe('ADMIN_USER_IDS in OAuth mode', () => {
  const TEAM_A = 'T0ADMINAA';
  const TEAM_B = 'T0ADMINBB';
  let o: OAuthHarness;
  const { replyToCommand } = emulatorQueries(() => o.emulator, { channel: CHANNEL });
  beforeAll(async () => {
    o = await startOAuthHarness({ ADMIN_USER_IDS: `${TEAM_A}:${LISTED}` });
    for (const id of [TEAM_A, TEAM_B]) {
      o.emulator.addTeam({ id });
      expect((await o.install(id, EMULATOR_DEFAULTS.adminUserId)).status).toBe(200);
    }
  });
  afterAll(async () => {
    await o?.close();
  });

  it('makes a TEAM:USER entry an admin of that team only', async () => {
    const shownAsAdmin = async (teamId: string) => {
      const shown = await replyToCommand(LISTED, /Who may do what here/, () =>
        o.driver(teamId).command({ text: 'policy', userId: LISTED }),
      );
      return JSON.stringify(shown.blocks).includes('exp_policy_edit');
    };
    expect(await shownAsAdmin(TEAM_A)).toBe(true);
    expect(await shownAsAdmin(TEAM_B)).toBe(false);
  });
});
