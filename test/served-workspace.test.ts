import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { SECOND_TEAM } from '../src/dev/playground/teams.js';
import { type Sandbox, startSandbox } from '../src/dev/sandbox/server.js';
import { createSlackDriver, type SlackDriver } from '../src/dev/slack-emulator/driver.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type SlackEmulator, startSlackEmulator } from '../src/dev/slack-emulator/server.js';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { lifecycleButton } from '../src/slack/lifecycle/buttons.js';
import { createLanguageStore } from '../src/slack/locale/language-store.js';
import { en, ru } from '../src/slack/messages/index.js';
import type { RunningApp } from '../src/start.js';
import { startExpChatops } from '../src/start.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// Single-workspace HTTP mode: the bot token (the emulator's, auth.test says T0EMULATOR) serves one
// workspace. A signed request from any other workspace or organisation reaches no listener: a
// command is told so in its ack, anything else is acked with nothing done. The platform (the
// sandbox records every request) is never called for it.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const OTHER_ADMIN = 'U0OTHERAD';
const OTHER_TEAM = 'T0OTHERWS';
const CONSOLE = 'https://console.example.com/experiments/{id}';
let h: Harness;
let other: SlackDriver;
let otherOrg: SlackDriver;

beforeAll(async () => {
  h = await startHarness({ env: { CONSOLE_WEB_URL: CONSOLE } });
  const driverFor = (team: { teamId?: string; enterpriseId?: string }) =>
    createSlackDriver({
      appUrl: h.app.eventsUrl,
      signingSecret: h.signingSecret,
      emulator: h.emulator,
      unfurlDomains: ['console.example.com'],
      ...team,
    });
  other = driverFor({ teamId: OTHER_TEAM });
  h.emulator.usergroups.set('S0OWNERS1', {
    id: 'S0OWNERS1',
    handle: 'owners',
    name: 'Owners',
    users: [ADMIN],
  });
  // An admin of the other workspace, as Slack would describe them there.
  const admin = h.emulator.users.get(ADMIN);
  if (!admin) throw new Error('no admin in the emulator');
  h.emulator.users.set(OTHER_ADMIN, { ...admin, id: OTHER_ADMIN, name: 'otto', team_id: OTHER_TEAM });
  // The configured team's id, named under an organisation the token is not of.
  otherOrg = driverFor({ enterpriseId: 'E0OTHERORG' });
});
afterAll(async () => {
  await h?.close();
});

const platformRequests = () => h.sandbox.state.requests.length;
const statusOf = (id: number) => h.sandbox.state.experiments.get(id)?.status;
/** What everyone in the channel sees (a command's ephemeral answer is kept there too). */
const channelPosts = () => h.emulator.messages(CHANNEL).filter((m) => !m.ephemeral).length;
type Reply = { text?: string; blocks?: unknown[]; response_type?: string };

/** The policy form's user-group picker asking for its options, as Slack sends it. */
function groupsSuggestion(userId: string, teamId: string): Record<string, unknown> {
  return {
    type: 'block_suggestion',
    team: { id: teamId, domain: 'team' },
    user: { id: userId, username: userId, name: userId, team_id: teamId },
    api_app_id: h.emulator.identity.appId,
    token: 'verification',
    container: { type: 'view', view_id: 'V0POLICY1' },
    action_id: 'exp_pm_groups_input',
    block_id: 'exp_pm_groups_start',
    value: '',
  };
}

/** A message in the channel with the app's own Start button for an experiment, as a card has. */
async function startButtonMessage(experimentId: number): Promise<EmulatedMessage> {
  const posted = await fetch(`${h.emulator.apiUrl}chat.postMessage`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.emulator.identity.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      channel: CHANNEL,
      text: `experiment ${experimentId}`,
      blocks: [{ type: 'actions', elements: [lifecycleButton('start', experimentId, en, null)] }],
    }),
  });
  const { ts } = (await posted.json()) as { ts: string };
  const message = h.emulator.messages(CHANNEL).find((m) => m.ts === ts);
  if (!message) throw new Error('the emulator did not keep the posted message');
  return message;
}

describe('a slash command from a workspace the bot token does not serve', () => {
  it('is refused in its ack, in words, with no platform call and nothing posted', async () => {
    const before = platformRequests();
    const posted = channelPosts();
    const res = await other.command({ text: 'start 3' });
    expect(res.status).toBe(200);
    const reply = res.json as Reply;
    expect(reply.response_type).toBe('ephemeral');
    expect(messageText(reply)).toContain(en.servedWorkspace.otherWorkspace);
    await h.app.idle();
    expect(platformRequests()).toBe(before);
    expect(channelPosts()).toBe(posted);
  });

  it('is refused in the person’s language', async () => {
    const languages = createLanguageStore(h.app.store.keyv('languages'));
    await languages.setPerson({ teamId: OTHER_TEAM }, MEMBER, 'ru');
    const before = platformRequests();
    const res = await other.command({ text: 'stop 3 bug сломалось' });
    expect(messageText(res.json as Reply)).toContain(ru.servedWorkspace.otherWorkspace);
    await h.app.idle();
    expect(platformRequests()).toBe(before);
    expect(statusOf(3)).toBe('running');
  });

  it('is refused when it names the configured team under another organisation', async () => {
    const before = platformRequests();
    const res = await otherOrg.command({ text: 'start 4' });
    expect(messageText(res.json as Reply)).toContain(en.servedWorkspace.otherWorkspace);
    await h.app.idle();
    expect(platformRequests()).toBe(before);
    expect(statusOf(4)).toBe('draft');
  });

  it('runs as before from the configured workspace', async () => {
    const res = await h.driver.command({ text: 'start 4' });
    expect(messageText(res.json as Reply)).not.toContain(en.servedWorkspace.otherWorkspace);
    await h.emulator.waitFor(() => statusOf(4) === 'running', { message: 'experiment 4 was not started' });
    await h.app.idle();
  });
});

describe('other surfaces from a workspace the bot token does not serve', () => {
  it('acks a button click with nothing done; the same click from the configured workspace acts', async () => {
    const message = await startButtonMessage(7);
    const before = platformRequests();
    const posted = h.emulator.messages(CHANNEL).length;
    const res = await other.clickButton(message, 'exp_lifecycle_start');
    expect(res.status).toBe(200);
    await h.app.idle();
    expect(platformRequests()).toBe(before);
    expect(statusOf(7)).toBe('draft');
    expect(h.emulator.messages(CHANNEL)).toHaveLength(posted);

    await h.driver.clickButton(message, 'exp_lifecycle_start');
    await h.emulator.waitFor(() => statusOf(7) === 'running', { message: 'the click did not start 7' });
  });

  it('answers an options request with no options, even to an admin there', async () => {
    const refused = await other.interaction(groupsSuggestion(OTHER_ADMIN, OTHER_TEAM));
    expect(refused.status).toBe(200);
    expect(refused.json).toEqual({ options: [] });
    const served = await h.driver.interaction(groupsSuggestion(ADMIN, h.emulator.identity.teamId));
    expect((served.json as { options: unknown[] }).options).toHaveLength(1);
  });

  it('does not unfurl a link shared in another workspace', async () => {
    const url = 'https://console.example.com/experiments/5';
    const shared = await other.shareLink({ text: `see ${url}`, channelId: CHANNEL });
    expect(shared.response?.status).toBe(200);
    await h.app.idle();
    expect(h.emulator.calls.filter((c) => c.method === 'chat.unfurl')).toEqual([]);
    expect(h.emulator.messages(CHANNEL).find((m) => m.ts === shared.message.ts)?.unfurls).toBeUndefined();
  });
});

describe('playground mode', () => {
  // The emulator lets its one bot token act in a second emulated workspace (src/dev/playground/
  // teams.ts): the app serves both, and still no other.
  let p: RunningApp;
  let emulator: SlackEmulator;
  let sandbox: Sandbox;
  const driverFor = (teamId: string) =>
    createSlackDriver({ appUrl: p.eventsUrl, signingSecret: p.signingSecret ?? '', emulator, teamId });
  beforeAll(async () => {
    sandbox = await startSandbox();
    emulator = await startSlackEmulator();
    const config = loadConfig({
      STORE_URL: 'memory://',
      CONSOLE_BASE_URL: sandbox.url,
      CONSOLE_API_TOKEN: await sandbox.issueToken({ name: 'playground' }),
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    const logger = createMemoryLogger();
    p = await startExpChatops(config, { port: 0, playgroundPort: 0, sandbox, emulator, logger });
  });
  afterAll(async () => {
    await p?.close();
    await emulator?.close();
    await sandbox?.close();
  });

  it('acts for the second emulated workspace and refuses any other', async () => {
    const refused = await driverFor(OTHER_TEAM).command({ text: 'start 4' });
    expect(messageText(refused.json as Reply)).toContain(en.servedWorkspace.otherWorkspace);
    await p.idle();
    expect(sandbox.state.experiments.get(4)?.status).toBe('draft');

    // The page moves the person to the workspace they act in (src/dev/playground/routes.ts).
    const member = emulator.users.get(MEMBER);
    if (member) member.team_id = SECOND_TEAM.id;
    await driverFor(SECOND_TEAM.id).command({ text: 'start 4', channelId: 'C1GENERAL' });
    await emulator.waitFor(() => sandbox.state.experiments.get(4)?.status === 'running', {
      message: 'the second workspace could not start 4',
    });
  });
});
