import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { addPublicChannel } from './support/channels.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import { connectViaModal } from './support/oauth-harness.js';
import { type PeriodicRounds, watchRounds } from './support/periodic-rounds.js';

// The token-health job: reminders 7 days and 1 day before a platform token expires, and at once
// when the platform refuses it, each once per token, to whoever connected it (DM), the workspace's
// `alerts:ops` channels, and for a personal token its owner alone. The check runs every 150 ms here.
const GENERAL = EMULATOR_DEFAULTS.channelId;
const OPS = 'C0OPSROOM';
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const DAY = 24 * 60 * 60;
const dm = (user: string) => `D${user.slice(1)}`;

let h: Harness;
let rounds: PeriodicRounds;
beforeAll(async () => {
  h = await startHarness({
    env: { ADMIN_USER_IDS: ADMIN },
    tokenOptions: { expiresInSeconds: 3 * DAY },
    alertIntervalMs: 20,
    tokenHealthIntervalMs: 150,
  });
  rounds = watchRounds(h.app.store, 'token-health:sweep');
  addPublicChannel(h.emulator, { id: OPS, name: 'ops', members: [ADMIN] });
});
afterAll(async () => {
  await h?.close();
});

const said = (channel: string, pattern: RegExp) =>
  h.emulator.messages(channel).filter((m) => !m.ephemeral && pattern.test(messageText(m)));
const waitSaid = (channel: string, pattern: RegExp, what: string) =>
  h.emulator.waitFor(() => said(channel, pattern)[0], { timeoutMs: 8000, message: what });
/**
 * Several more checks run, and whatever they queued was sent: a reminder due once must still have
 * been sent once.
 */
const severalChecks = async () => {
  await rounds.complete(3);
  await h.app.idle();
};

describe('token health reminders', () => {
  it('reminds the admins of the configured token a week ahead, once', async () => {
    const reminder = await waitSaid(
      dm(ADMIN),
      /token this app was started with.*expires in 2 days|expires in 3 days/,
      'no reminder',
    );
    expect(messageText(reminder)).toContain('CONSOLE_API_TOKEN');
    await severalChecks();
    expect(said(dm(ADMIN), /started with/)).toHaveLength(1);
  });

  it('reminds who connected a workspace token and the ops channel a day ahead, then when it is refused', async () => {
    await h.driver.command({ text: 'subscribe alerts:ops', userId: ADMIN, channelId: OPS });
    await waitSaid(OPS, /operational notices/, 'the ops subscription was not announced');
    const token = await h.sandbox.issueToken({ name: 'short-lived', expiresInSeconds: 20 * 60 * 60 });
    await connectViaModal({
      driver: h.driver,
      emulator: h.emulator,
      adminId: ADMIN,
      baseUrl: h.sandbox.url,
      token,
    });
    const soon =
      /workspace's platform token for `127\.0\.0\.1:\d+`, connected by <@U0ADMIN01>, expires in less than a day/;
    await waitSaid(OPS, soon, 'the ops channel was not reminded');
    await waitSaid(dm(ADMIN), soon, 'the admin was not reminded');
    await severalChecks();
    expect(said(OPS, soon)).toHaveLength(1);
    expect(said(dm(ADMIN), soon)).toHaveLength(1);

    // The platform refuses the token: the next action learns it; the reminder follows within a check.
    h.sandbox.revokeToken(token);
    await h.driver.command({ text: 'start 4', userId: MEMBER, channelId: GENERAL });
    const refused =
      /workspace's platform token for `127\.0\.0\.1:\d+`, connected by <@U0ADMIN01>, was refused by the platform \("Invalid api key provided"\)/;
    await waitSaid(OPS, refused, 'the refusal was not told to the ops channel');
    await waitSaid(dm(ADMIN), refused, 'the refusal was not told to the admin');
    await h.driver.command({ text: 'start 7', userId: MEMBER, channelId: GENERAL });
    await severalChecks();
    expect(said(OPS, refused)).toHaveLength(1);
    // The configured token stands aside for the stored one: no further reminder about it.
    expect(said(dm(ADMIN), /started with/)).toHaveLength(1);
    // Nothing but ids and escaped text: never the token.
    expect(JSON.stringify(h.emulator.messages(OPS))).not.toContain(token);
  });

  it('reminds a person of their own token by DM, and no one else', async () => {
    const before = new Set(h.emulator.views.keys());
    await h.driver.command({ text: 'login', userId: MEMBER, channelId: GENERAL });
    const view = await h.emulator.waitFor(
      () => [...h.emulator.views.values()].find((v) => !before.has(v.id) && v.userId === MEMBER),
      { timeoutMs: 8000, message: 'login modal did not open' },
    );
    const own = await h.sandbox.issueToken({ name: 'personal', expiresInSeconds: 2 * DAY + 3600 });
    await h.driver.submitView(
      view.id,
      { exp_login_token: { exp_login_token_input: { type: 'plain_text_input', value: own } } },
      { userId: MEMBER },
    );
    await waitSaid(
      dm(MEMBER),
      /Your personal platform token expires in 2 days/,
      'the person was not reminded',
    );
    await severalChecks();
    expect(said(dm(MEMBER), /personal platform token/)).toHaveLength(1);
    expect(said(OPS, /personal/)).toHaveLength(0);
    expect(said(dm(ADMIN), /personal/)).toHaveLength(0);
  });
});
