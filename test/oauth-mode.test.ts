import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatedMessage, EmulatedView } from '../src/dev/slack-emulator/types.js';
import { messageText } from './support/harness.js';
import { type OAuthHarness, STATE_COOKIE, startOAuthHarness } from './support/oauth-harness.js';

const TEAM_A = 'T0OAUTHAA';
const TEAM_B = 'T0OAUTHBB';
const NEVER = 'T0NEVERIN';
const ADMIN_A = 'U0ADMIN01';
const MEMBER_A = 'U0MEMBER1';
const ADMIN_B = 'U0BADMIN1';
const CHANNEL = 'C0GENERAL';
let h: OAuthHarness;

beforeAll(async () => {
  h = await startOAuthHarness();
  h.emulator.addTeam({ id: TEAM_A, name: 'Team A' });
  h.emulator.addTeam({ id: TEAM_B, name: 'Team B' });
  // Team B's admin; the emulator's users are one shared world, only team_id says where they belong.
  h.emulator.users.set(ADMIN_B, {
    id: ADMIN_B,
    name: 'carol',
    real_name: 'Carol B',
    is_admin: true,
    is_owner: false,
    is_primary_owner: false,
    team_id: TEAM_B,
  });
  const members = h.emulator.channels.get(CHANNEL)?.members;
  members?.push(ADMIN_B);
});
afterAll(async () => {
  await h?.close();
});

const installationKey = (teamId: string) => `team:-:${teamId}`;
const storedInstallation = (teamId: string) => h.app.store.keyv('installations').get(installationKey(teamId));

/** Runs a command and waits for a new ephemeral reply to the user that matches. */
async function commandReply(
  teamId: string,
  userId: string,
  text: string,
  pattern: RegExp,
): Promise<EmulatedMessage> {
  // By ts, not by position: a "Working on it" note deleted meanwhile would shift positions.
  const seen = new Set(h.emulator.messages(CHANNEL).map((m) => m.ts));
  const res = await h.driver(teamId).command({ text, userId });
  expect(res.status).toBe(200);
  return h.emulator.waitFor(
    () =>
      h.emulator
        .messages(CHANNEL)
        .find(
          (m) => !seen.has(m.ts) && m.ephemeral && m.targetUserId === userId && pattern.test(messageText(m)),
        ),
    { timeoutMs: 8000, message: `no reply matching ${pattern} to ${text}` },
  );
}

describe('install path', () => {
  it('redirects to the authorize URL with client_id, the bot scopes and a state bound to a cookie', async () => {
    const started = await h.startInstall();
    expect(started.status).toBe(302);
    const url = started.authorizeUrl;
    expect(`${url.origin}${url.pathname}`).toBe('https://slack.com/oauth/v2/authorize');
    expect(url.searchParams.get('client_id')).toBe(h.emulator.oauthClient.clientId);
    expect(url.searchParams.get('scope')?.split(',').sort()).toEqual(
      [
        'channels:read',
        'chat:write',
        'chat:write.public',
        'commands',
        'groups:read',
        'im:read',
        'links:read',
        'links:write',
        'mpim:read',
        'usergroups:read',
        'users:read',
      ].sort(),
    );
    expect(started.state.length).toBeGreaterThan(10);
    expect(started.cookie).toBe(`${STATE_COOKIE}=${started.state}`);
    const setCookie = [started.headers['set-cookie']].flat().join(';');
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
  });
});

describe('OAuth install, then commands per workspace', () => {
  it('exchanges the code at the emulator and stores the installation encrypted', async () => {
    const res = await h.install(TEAM_A, ADMIN_A);
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/Thank you/);
    const token = h.emulator.team(TEAM_A)?.botToken ?? '';
    expect(token).toMatch(/^xoxb-/);

    // Bolt's installer called the emulator (SLACK_API_URL), not slack.com: the exchange, then auth.test.
    const exchange = h.emulator.calls.find((c) => c.method === 'oauth.v2.access');
    expect(exchange?.response).toMatchObject({ ok: true, team: { id: TEAM_A } });
    expect(h.emulator.calls.some((c) => c.method === 'auth.test' && c.token === token)).toBe(true);

    const blob = await storedInstallation(TEAM_A);
    expect(typeof blob).toBe('string');
    expect(String(blob)).not.toContain('xoxb-');
    expect(String(blob)).not.toContain(token);
    for (const file of [h.dbPath, `${h.dbPath}-wal`]) {
      if (existsSync(file)) expect(readFileSync(file).includes(Buffer.from(token))).toBe(false);
    }
  });

  it('answers /exp help for the installed workspace', async () => {
    const res = await h.driver(TEAM_A).command({ text: 'help', userId: MEMBER_A });
    expect(res.status).toBe(200);
    expect(messageText(res.json as { text?: string })).toMatch(/exp start/);
  });

  it('has no default platform connection: /exp start says not connected, without a platform call', async () => {
    const before = h.sandbox.state.requests.length;
    await commandReply(TEAM_A, MEMBER_A, 'start 4', /not connected/i);
    expect(h.sandbox.state.requests.length).toBe(before);
    expect(h.sandbox.state.experiments.get(4)?.status).not.toBe('running');
  });

  it("calls Slack with the workspace's own bot token", async () => {
    const token = h.emulator.team(TEAM_A)?.botToken;
    const since = h.emulator.calls.length;
    await commandReply(TEAM_A, ADMIN_A, 'token', /not connected/i);
    const lookups = h.emulator.calls.slice(since).filter((c) => c.method === 'users.info');
    expect(lookups.length).toBeGreaterThan(0);
    expect(lookups.every((c) => c.token === token && c.response.ok === true)).toBe(true);
  });

  it('connects the workspace with /exp connect, then /exp start 4 runs on the platform', async () => {
    const token = h.emulator.team(TEAM_A)?.botToken;
    const before = new Set(h.emulator.views.keys());
    const since = h.emulator.calls.length;
    await h.driver(TEAM_A).command({ text: 'connect', userId: ADMIN_A });
    const view: EmulatedView = await h.emulator.waitFor(
      () => {
        const v = [...h.emulator.views.values()].find((x) => !before.has(x.id) && x.userId === ADMIN_A);
        return v && v.view.callback_id !== 'exp_loading_modal' ? v : undefined;
      },
      { message: 'connect modal did not open' },
    );
    const opened = h.emulator.calls.slice(since).find((c) => c.method === 'views.open');
    expect(opened?.token).toBe(token);
    const platformToken = await h.sandbox.issueToken({ name: 'team-a' });
    const saved = await h.driver(TEAM_A).submitView(view.id, {
      exp_connect_base_url: {
        exp_connect_base_url_input: { type: 'plain_text_input', value: h.sandbox.url },
      },
      exp_connect_token: { exp_connect_token_input: { type: 'plain_text_input', value: platformToken } },
    });
    expect(saved.outcome).toEqual({ kind: 'closed' });

    await h.driver(TEAM_A).command({ text: 'start 4', userId: MEMBER_A });
    await h.emulator.waitFor(() => h.sandbox.state.experiments.get(4)?.status === 'running', {
      timeoutMs: 8000,
      message: 'experiment 4 did not start',
    });
  });

  it('installs a second workspace separately, with its own token and no connection', async () => {
    const res = await h.install(TEAM_B, ADMIN_B);
    expect(res.status).toBe(200);
    const tokenA = h.emulator.team(TEAM_A)?.botToken;
    const tokenB = h.emulator.team(TEAM_B)?.botToken;
    expect(tokenB).toMatch(/^xoxb-/);
    expect(tokenB).not.toBe(tokenA);
    expect(await storedInstallation(TEAM_B)).toEqual(expect.any(String));

    const since = h.emulator.calls.length;
    // Team A's connection does not serve team B.
    await commandReply(TEAM_B, ADMIN_B, 'token', /not connected/i);
    const lookups = h.emulator.calls.slice(since).filter((c) => c.method === 'users.info');
    expect(lookups.map((c) => c.token)).toEqual([tokenB]);
    await commandReply(TEAM_B, ADMIN_B, 'start 5', /not connected/i);
  });

  it('refuses a workspace that never installed: no listener runs, the ack is empty', async () => {
    // Earlier tests' work (replies, the working note's removal) finishes before counting.
    await h.app.idle();
    const calls = h.emulator.calls.length;
    const messages = h.emulator.messages(CHANNEL).length;
    const platform = h.sandbox.state.requests.length;
    const res = await h.driver(NEVER).command({ text: 'help', userId: MEMBER_A });
    // Bolt's authorize fails (no installation): it logs, calls the error handler and acks with an
    // empty 200, so Slack shows the user nothing and no listener runs.
    expect(res.status).toBe(200);
    expect(res.body).toBe('');
    const stop = await h.driver(NEVER).command({ text: 'start 6', userId: MEMBER_A });
    expect(stop.body).toBe('');
    // Bolt acks only after its error handler, and a listener would have started before the ack: with
    // no listener work left in flight, nothing more can come of these two requests.
    await h.app.idle();
    expect(h.emulator.calls.length).toBe(calls);
    expect(h.emulator.messages(CHANNEL).length).toBe(messages);
    expect(h.sandbox.state.requests.length).toBe(platform);
    expect(h.logs.some((l) => l.includes('Authorization of incoming event did not succeed'))).toBe(true);
    expect(h.logs.some((l) => l.includes(`No installation for team:-:${NEVER}`))).toBe(true);
    expect(h.logs.some((l) => l.includes('request from a workspace without an installation'))).toBe(true);
    expect(h.logs.some((l) => l.includes('unhandled listener error'))).toBe(false);
  });

  it('keeps bot tokens out of the logs', () => {
    const logs = h.logs.join('\n');
    expect(logs.length).toBeGreaterThan(1000);
    for (const team of [TEAM_A, TEAM_B]) expect(logs).not.toContain(h.emulator.team(team)?.botToken);
  });
});

describe('redirect failures', () => {
  const TEAM_C = 'T0FORGED0';

  it('shows an error page and stores nothing for a forged state', async () => {
    const started = await h.startInstall();
    const code = h.emulator.mintOAuthCode({ teamId: TEAM_C, userId: ADMIN_A });
    const exchanges = h.emulator.calls.filter((c) => c.method === 'oauth.v2.access').length;

    // A state the app never issued, echoed in the cookie too (an attacker controls both).
    const forged = `${started.state.slice(0, -4)}AAAA`;
    const bothForged = await h.finishInstall({ code, state: forged }, `${STATE_COOKIE}=${forged}`);
    expect(bothForged.status).toBe(400);
    expect(bothForged.body).toMatch(/Something Went Wrong/);

    // A valid state from another browser session (no cookie, or someone else's).
    const noCookie = await h.finishInstall({ code, state: started.state });
    expect(noCookie.status).toBe(400);
    const otherSession = await h.finishInstall({ code, state: started.state }, `${STATE_COOKIE}=${forged}`);
    expect(otherSession.status).toBe(400);

    expect(h.emulator.calls.filter((c) => c.method === 'oauth.v2.access').length).toBe(exchanges);
    expect(await storedInstallation(TEAM_C)).toBeUndefined();
  });

  it('shows an error page and stores nothing when Slack refuses the code', async () => {
    const started = await h.startInstall();
    const res = await h.finishInstall({ code: 'made.up.code', state: started.state }, started.cookie);
    expect(res.status).toBe(500);
    expect(res.body).toMatch(/Something Went Wrong/);
    const exchange = h.emulator.calls.filter((c) => c.method === 'oauth.v2.access').at(-1);
    expect(exchange?.response).toEqual({ ok: false, error: 'invalid_code' });
    expect(await storedInstallation(TEAM_C)).toBeUndefined();
  });
});

describe('OAuth mode beside a configured platform', () => {
  let other: OAuthHarness;
  beforeAll(async () => {
    const token = await h.sandbox.issueToken({ name: 'environment' });
    other = await startOAuthHarness({ CONSOLE_BASE_URL: h.sandbox.url, CONSOLE_API_TOKEN: token });
  });
  afterAll(async () => {
    await other?.close();
  });

  it('does not hand CONSOLE_API_TOKEN to installed workspaces', async () => {
    expect((await other.install(TEAM_A, ADMIN_A)).status).toBe(200);
    const seen = new Set(other.emulator.messages(CHANNEL).map((m) => m.ts));
    await other.driver(TEAM_A).command({ text: 'start 8', userId: MEMBER_A });
    await other.emulator.waitFor(
      () =>
        other.emulator
          .messages(CHANNEL)
          .filter((m) => !seen.has(m.ts))
          .find((m) => m.ephemeral && /not connected/i.test(messageText(m))),
      { timeoutMs: 8000, message: 'no not-connected reply' },
    );
  });
});
