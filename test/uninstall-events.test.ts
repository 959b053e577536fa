import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../src/start.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import {
  connectViaModal,
  type OAuthHarness,
  postSignedEvent,
  startOAuthHarness,
  waitForLog,
} from './support/oauth-harness.js';

const ADMIN = 'U0ADMIN01';
const MEMBER = 'U0MEMBER1';
const CHANNEL = 'C0GENERAL';
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/slack/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
const newEventId = () => `Ev0${randomBytes(6).toString('hex').toUpperCase()}`;

/** Slack's documented app_uninstalled envelope, for one team and a fresh event_id. */
function appUninstalled(teamId: string, eventId = newEventId()): Record<string, unknown> {
  const body = fixture('event-app-uninstalled.json');
  const [authorization] = body.authorizations as Record<string, unknown>[];
  return {
    ...body,
    team_id: teamId,
    event_id: eventId,
    authorizations: [{ ...authorization, team_id: teamId }],
  };
}

/** Slack's documented tokens_revoked envelope, with the given revoked user ids. */
function tokensRevoked(teamId: string, tokens: { bot?: string[]; oauth?: string[] }, eventId = newEventId()) {
  return {
    ...fixture('event-tokens-revoked.json'),
    team_id: teamId,
    event_id: eventId,
    event: { type: 'tokens_revoked', tokens },
  };
}

const logsFor = (logs: string[], eventId: string, msg: string) =>
  logs.filter((l) => l.includes(eventId) && l.includes(msg));

/** Puts one dictionary in the workspace's cache, as a /exp dict would. */
async function primeDictionary(app: RunningApp, scope: string): Promise<void> {
  await app.dictionaries.get(scope, 'types', { getDictionary: async () => [{ id: 'ab', name: 'A/B' }] });
  expect(await app.dictionaries.peek(scope, 'types')).toBeDefined();
}

describe('uninstall events in single-workspace HTTP mode', () => {
  let h: Harness;
  let teamId: string;
  const post = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    postSignedEvent(h.app.eventsUrl, h.signingSecret, body, headers);

  async function tokenReply(pattern: RegExp) {
    const seen = new Set(h.emulator.messages(CHANNEL).map((m) => m.ts));
    await h.driver.command({ text: 'token', userId: ADMIN });
    return h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find(
            (m) => !seen.has(m.ts) && m.ephemeral && m.targetUserId === ADMIN && pattern.test(messageText(m)),
          ),
      { timeoutMs: 8000, message: `no /exp token reply matching ${pattern}` },
    );
  }
  const connect = async () =>
    connectViaModal({
      driver: h.driver,
      emulator: h.emulator,
      adminId: ADMIN,
      baseUrl: h.sandbox.url,
      token: await h.sandbox.issueToken({ name: 'uninstall-test' }),
    });

  beforeAll(async () => {
    h = await startHarness({ defaultConnection: false });
    teamId = h.emulator.identity.teamId;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers the url_verification challenge', async () => {
    const res = await post({ token: 'x', challenge: 'c-123-xyz', type: 'url_verification' });
    expect(res.status).toBe(200);
    expect(res.body).toContain('c-123-xyz');
  });

  it('refuses an unsigned delivery and acts on nothing', async () => {
    await connect();
    const body = appUninstalled(teamId);
    const res = await post(body, { 'x-slack-signature': 'v0=deadbeef' });
    expect(res.status).toBe(401);
    await tokenReply(new RegExp(h.sandbox.url.replace(/[.:/]/g, '\\$&')));
  });

  it('app_uninstalled removes the platform connection and the dictionary cache', async () => {
    await primeDictionary(h.app, teamId);
    const body = appUninstalled(teamId);
    const res = await post(body);
    expect(res.status).toBe(200);
    await waitForLog(
      h.logs,
      (l) => l.includes(String(body.event_id)) && l.includes('workspace data deleted'),
    );
    await tokenReply(/not connected/i);
    expect(await h.app.dictionaries.peek(teamId, 'types')).toBeUndefined();
    await h.driver.command({ text: 'start 4', userId: MEMBER });
    expect(h.sandbox.state.experiments.get(4)?.status).not.toBe('running');
  });

  it("app_uninstalled also deletes people's own tokens", async () => {
    await connect();
    const before = new Set(h.emulator.views.keys());
    await h.driver.command({ text: 'login', userId: MEMBER });
    const view = await h.emulator.waitFor(
      () =>
        [...h.emulator.views.values()].find(
          (v) => !before.has(v.id) && v.view.callback_id === 'exp_login_modal',
        ),
      { message: 'no login modal' },
    );
    const own = await h.sandbox.issueToken({ name: 'member own' });
    const submitted = await h.driver.submitView(
      view.id,
      { exp_login_token: { exp_login_token_input: { type: 'plain_text_input', value: own } } },
      { userId: MEMBER },
    );
    expect(submitted.outcome).toMatchObject({ kind: 'closed' });
    const body = appUninstalled(teamId);
    expect((await post(body)).status).toBe(200);
    await waitForLog(h.logs, (l) => l.includes(String(body.event_id)) && l.includes('"removed":2'));
    const seen = new Set(h.emulator.messages(CHANNEL).map((m) => m.ts));
    await h.driver.command({ text: 'whoami', userId: MEMBER });
    const reply = await h.emulator.waitFor(
      () => h.emulator.messages(CHANNEL).find((m) => !seen.has(m.ts) && /Your actions/.test(messageText(m))),
      { message: 'no whoami reply' },
    );
    expect(messageText(reply)).toContain('this workspace is not connected yet');
    expect(messageText(reply)).not.toContain('your own platform token');
  });

  it('acts once on a retried delivery (same event_id), and still acks it 200', async () => {
    await connect();
    const body = appUninstalled(teamId);
    expect((await post(body)).status).toBe(200);
    await waitForLog(
      h.logs,
      (l) => l.includes(String(body.event_id)) && l.includes('workspace data deleted'),
    );
    // The workspace reinstalls and reconnects before Slack's retry arrives: the retry must not undo it.
    await connect();
    const retry = await post(body, { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' });
    expect(retry.status).toBe(200);
    // The retry is the same signed body: answered at the door, never handled a second time.
    await waitForLog(h.logs, (l) => l.includes('signed request seen before') && l.includes('"retryNum":"1"'));
    // A delivery of the same event in another body (fields re-serialised): the event id still acts once.
    const reshaped = await post({ ...body, event_time: Number(body.event_time ?? 0) + 1 });
    expect(reshaped.status).toBe(200);
    await waitForLog(h.logs, (l) => l.includes(String(body.event_id)) && l.includes('duplicate event'));
    expect(logsFor(h.logs, String(body.event_id), 'workspace data deleted')).toHaveLength(1);
    await tokenReply(/read:experiment/);
  });

  it('tokens_revoked has no installation to delete here, and leaves the connection alone', async () => {
    const body = tokensRevoked(teamId, { bot: [h.emulator.identity.botUserId] });
    expect((await post(body)).status).toBe(200);
    await waitForLog(h.logs, (l) => l.includes(String(body.event_id)) && l.includes('no installation store'));
    await tokenReply(/read:experiment/);
  });

  it('never logs a token', () => {
    expect(h.logs.join('\n')).not.toContain(h.emulator.identity.botToken);
  });
});

describe('uninstall events in OAuth mode', () => {
  const TEAM_A = 'T0UNINSTA';
  const TEAM_B = 'T0UNINSTB';
  let h: OAuthHarness;
  const installed = (teamId: string) => h.app.store.keyv('installations').get(`team:-:${teamId}`);
  const stored = (teamId: string) => h.app.store.keyv('connections').get(teamId);

  beforeAll(async () => {
    h = await startOAuthHarness();
    for (const id of [TEAM_A, TEAM_B]) {
      h.emulator.addTeam({ id });
      expect((await h.install(id, ADMIN)).status).toBe(200);
      await connectViaModal({
        driver: h.driver(id),
        emulator: h.emulator,
        adminId: ADMIN,
        baseUrl: h.sandbox.url,
        token: await h.sandbox.issueToken({ name: id }),
      });
      expect(await stored(id)).toBeDefined();
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  it('tokens_revoked then app_uninstalled: installation, connection and cache are gone', async () => {
    await primeDictionary(h.app, TEAM_A);
    const botUserId = h.emulator.team(TEAM_A)?.botUserId ?? '';
    const revoked = tokensRevoked(TEAM_A, { oauth: [ADMIN], bot: [botUserId] });
    expect((await h.postEvent(revoked)).status).toBe(200);
    await waitForLog(
      h.logs,
      (l) => l.includes(String(revoked.event_id)) && l.includes('installation deleted'),
    );
    expect(await installed(TEAM_A)).toBeUndefined();
    // Bolt can no longer authorize the team: the command is acked empty and no listener runs.
    expect((await h.driver(TEAM_A).command({ text: 'help', userId: MEMBER })).body).toBe('');

    const uninstalled = appUninstalled(TEAM_A);
    expect((await h.postEvent(uninstalled)).status).toBe(200);
    await waitForLog(h.logs, (l) => l.includes(String(uninstalled.event_id)) && l.includes('data deleted'));
    expect(await stored(TEAM_A)).toBeUndefined();
    expect(await h.app.dictionaries.peek(TEAM_A, 'types')).toBeUndefined();
    // Team B is untouched.
    expect(await installed(TEAM_B)).toEqual(expect.any(String));
    expect(await stored(TEAM_B)).toBeDefined();

    // Reinstalled, the workspace starts unconnected: /exp token as admin says so.
    expect((await h.install(TEAM_A, ADMIN)).status).toBe(200);
    const seen = new Set(h.emulator.messages(CHANNEL).map((m) => m.ts));
    await h.driver(TEAM_A).command({ text: 'token', userId: ADMIN });
    await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .filter((m) => !seen.has(m.ts))
          .find((m) => m.targetUserId === ADMIN && /not connected/i.test(messageText(m))),
      { timeoutMs: 8000, message: 'no not-connected reply after reinstall' },
    );

    // Slack retries the uninstall after the reinstall: it acts once, the new installation stays.
    const retry = await h.postEvent(uninstalled, {
      'x-slack-retry-num': '1',
      'x-slack-retry-reason': 'timeout',
    });
    expect(retry.status).toBe(200);
    // The retry is the same signed body: answered at the door, never handled a second time.
    await waitForLog(h.logs, (l) => l.includes('signed request seen before') && l.includes('"retryNum":"1"'));
    expect(await installed(TEAM_A)).toEqual(expect.any(String));
  });

  it('app_uninstalled then tokens_revoked (the other order) ends in the same state', async () => {
    const uninstalled = appUninstalled(TEAM_B);
    expect((await h.postEvent(uninstalled)).status).toBe(200);
    await waitForLog(h.logs, (l) => l.includes(String(uninstalled.event_id)) && l.includes('data deleted'));
    expect(await installed(TEAM_B)).toBeUndefined();
    expect(await stored(TEAM_B)).toBeUndefined();

    const revoked = tokensRevoked(TEAM_B, { bot: [h.emulator.team(TEAM_B)?.botUserId ?? ''] });
    expect((await h.postEvent(revoked)).status).toBe(200);
    await waitForLog(h.logs, (l) => l.includes(String(revoked.event_id)) && l.includes('already deleted'));
    expect(await installed(TEAM_B)).toBeUndefined();
  });

  it('keeps the installation when only user tokens, or another bot user, are revoked', async () => {
    const userOnly = tokensRevoked(TEAM_A, { oauth: [ADMIN] });
    expect((await h.postEvent(userOnly)).status).toBe(200);
    await waitForLog(h.logs, (l) => l.includes(String(userOnly.event_id)) && l.includes('user tokens only'));
    const otherBot = tokensRevoked(TEAM_A, { bot: ['U0SOMEBOT'] });
    expect((await h.postEvent(otherBot)).status).toBe(200);
    await waitForLog(h.logs, (l) => l.includes(String(otherBot.event_id)) && l.includes('installation kept'));
    expect(await installed(TEAM_A)).toEqual(expect.any(String));
  });

  it('answers the url_verification challenge', async () => {
    const res = await h.postEvent({ token: 'x', challenge: 'oauth-challenge-1', type: 'url_verification' });
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toContain('oauth-challenge-1');
  });

  it('never logs a bot token', () => {
    const logs = h.logs.join('\n');
    for (const id of [TEAM_A, TEAM_B]) expect(logs).not.toContain(h.emulator.team(id)?.botToken);
  });
});
