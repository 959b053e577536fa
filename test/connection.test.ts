import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatedView } from '../src/dev/slack-emulator/types.js';
import { en } from '../src/slack/messages/index.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

const ADMIN = 'U0ADMIN01';
const MEMBER = 'U0MEMBER1';
const CHANNEL = 'C0GENERAL';
const dir = mkdtempSync(join(tmpdir(), 'exp-connect-'));
const dbPath = join(dir, 'store.sqlite');
let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness({ defaultConnection: false, env: { STORE_URL: `sqlite://${dbPath}` } });
  token = await h.sandbox.issueToken({ name: 'connect-test' });
});
afterAll(async () => {
  await h?.close();
});

async function openConnect(userId: string): Promise<EmulatedView> {
  const before = new Set(h.emulator.views.keys());
  const res = await h.driver.command({ text: 'connect', userId });
  expect(res.status).toBe(200);
  // The loading view opens first, then views.update replaces it: wait for the final one.
  return h.emulator.waitFor(
    () => {
      const view = [...h.emulator.views.values()].find((v) => !before.has(v.id) && v.userId === userId);
      return view && view.view.callback_id !== 'exp_loading_modal' ? view : undefined;
    },
    { message: 'connect modal did not settle' },
  );
}

function connectValues(baseUrl: string, value: string) {
  return {
    exp_connect_base_url: { exp_connect_base_url_input: { type: 'plain_text_input', value: baseUrl } },
    exp_connect_token: { exp_connect_token_input: { type: 'plain_text_input', value } },
  };
}

const { ephemeralTo: ephemeralFor } = emulatorQueries(() => h.emulator, { channel: CHANNEL });

describe('per-workspace platform connection', () => {
  it('tells an unconnected workspace how to connect, without calling the platform', async () => {
    const before = h.sandbox.state.requests.length;
    await h.driver.command({ text: 'start 4', userId: MEMBER });
    await ephemeralFor(MEMBER, /not connected/i);
    expect(h.sandbox.state.requests.length).toBe(before);
  });

  it('answers a member with an admins-only reply and opens no form', async () => {
    const before = h.emulator.views.size;
    const res = await h.driver.command({ text: 'connect', userId: MEMBER });
    expect(res.status).toBe(200);
    expect(messageText(res.json as { text?: string })).toMatch(/admins/i);
    expect(h.emulator.views.size).toBe(before);
  });

  it('refuses a connect submission made by a member, even on a form an admin opened, and stores nothing', async () => {
    const view = await openConnect(ADMIN);
    const submitted = await h.driver.submitView(view.id, connectValues(h.sandbox.url, token), {
      userId: MEMBER,
    });
    expect(submitted.outcome).toMatchObject({
      kind: 'errors',
      errors: { exp_connect_base_url: expect.stringMatching(/admins/i) },
    });
    const info = await h.driver.command({ text: 'token', userId: ADMIN });
    await ephemeralFor(ADMIN, /not connected/i);
    expect(info.status).toBe(200);
  });

  it('refuses an invalid token, a token without the read scope and an unreachable URL inside the modal', async () => {
    const view = await openConnect(ADMIN);
    expect(view.view.callback_id).toBe('exp_connect_modal');
    expect(JSON.stringify(view.view)).toContain(h.sandbox.url);

    const revoked = await h.sandbox.issueToken({ name: 'revoked' });
    h.sandbox.revokeToken(revoked);
    const rejected = await h.driver.submitView(view.id, connectValues(h.sandbox.url, revoked));
    expect(rejected.outcome).toMatchObject({
      kind: 'errors',
      errors: { exp_connect_token: expect.stringMatching(/refused/) },
    });

    const narrow = await h.sandbox.issueToken({ scopes: ['edit:experiment:manage_experiment'] });
    const lacking = await h.driver.submitView(view.id, connectValues(h.sandbox.url, narrow));
    expect(lacking.outcome).toMatchObject({
      kind: 'errors',
      errors: { exp_connect_token: expect.stringMatching(/scope/) },
    });

    const unreachable = await h.driver.submitView(view.id, connectValues('http://127.0.0.1:1', token));
    expect(unreachable.outcome).toMatchObject({
      kind: 'errors',
      errors: { exp_connect_base_url: expect.any(String) },
    });

    const notUrl = await h.driver.submitView(view.id, connectValues('ftp://example.com', token));
    expect(notUrl.outcome).toMatchObject({
      kind: 'errors',
      errors: { exp_connect_base_url: expect.any(String) },
    });
  });

  it('answers inside the modal, within the Slack window, when the platform is too slow to check the token', async () => {
    const view = await openConnect(ADMIN);
    h.sandbox.setLatency(2500, { pathIncludes: '/dictionaries/types' });
    try {
      const slow = await h.driver.submitView(view.id, connectValues(h.sandbox.url, token));
      // Past 3 s Bolt would answer 404 itself and the emulator would report the ack as rejected.
      expect(slow.outcome).toMatchObject({
        kind: 'errors',
        errors: { exp_connect_base_url: expect.any(String) },
      });
    } finally {
      h.sandbox.setLatency(0);
    }
    expect(await h.app.store.keyv('connections').get('T0EMULATOR')).toBeUndefined();
  });

  it('saves a valid token encrypted, then lifecycle commands use it', async () => {
    const view = await openConnect(ADMIN);
    const saved = await h.driver.submitView(view.id, connectValues(`${h.sandbox.url}/api/console/`, token));
    expect(saved.outcome).toEqual({ kind: 'closed' });
    const reply = await ephemeralFor(ADMIN, /connected this workspace/i);
    expect(messageText(reply)).toContain(h.sandbox.url);
    expect(messageText(reply)).not.toContain(token);

    await h.driver.command({ text: 'start 4', userId: MEMBER });
    await h.emulator.waitFor(() => h.sandbox.state.experiments.get(4)?.status === 'running');

    // Nothing on disk holds the token in clear (WAL included).
    for (const file of [dbPath, `${dbPath}-wal`]) {
      if (existsSync(file)) expect(readFileSync(file).includes(Buffer.from(token))).toBe(false);
    }
  });

  it('shows admins the connection without the token, and refuses members', async () => {
    await h.driver.command({ text: 'token', userId: ADMIN });
    const info = await ephemeralFor(ADMIN, /read:experiment:read_experiments/);
    const text = messageText(info);
    expect(text).toContain(h.sandbox.url);
    expect(text).toMatch(/expires/i);
    expect(text).not.toContain(token);

    await h.driver.command({ text: 'token', userId: MEMBER });
    await ephemeralFor(MEMBER, /only workspace admins/i);
  });

  it("never uses one workspace's token for another", async () => {
    const before = h.sandbox.state.requests.length;
    // This single-workspace app is not installed there: refused before any connection is looked up.
    const res = await h.driver.command({ text: 'start 7', userId: MEMBER, teamId: 'T0OTHERWS' });
    expect(messageText(res.json as { text?: string })).toContain(en.servedWorkspace.otherWorkspace);
    await h.app.idle();
    // Background reads (polling, a prior start's follow-up) may still run for the connected
    // workspace; what must not happen is a call for experiment 7 or under any other token.
    const since = h.sandbox.state.requests.slice(before);
    expect(since.filter((r) => /\/7(\b|\/|\?|$)/.test(r.url))).toEqual([]);
    expect(since.filter((r) => r.tokenName !== 'connect-test')).toEqual([]);
    expect(h.sandbox.state.experiments.get(7)?.status).toBe('draft');
  });

  it('marks the connection invalid when the platform answers 403, and says to reconnect', async () => {
    h.sandbox.revokeToken(token);
    await h.driver.command({ text: 'archive 5', userId: MEMBER });
    await ephemeralFor(MEMBER, /invalid, expired or revoked/i);
    const before = h.sandbox.state.requests.length;
    await h.driver.command({ text: 'archive 5', userId: MEMBER });
    await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .filter((m) => m.ephemeral && /invalid, expired or revoked/i.test(messageText(m))).length >= 2,
    );
    // The stored connection is known bad: no second request with the revoked token.
    expect(h.sandbox.state.requests.length).toBe(before);
    await h.driver.command({ text: 'token', userId: ADMIN });
    await ephemeralFor(ADMIN, /invalid/i);
  });

  it('disconnects for admins only', async () => {
    await h.driver.command({ text: 'disconnect', userId: MEMBER });
    await ephemeralFor(MEMBER, /only workspace admins/i);
    await h.driver.command({ text: 'disconnect', userId: ADMIN });
    await ephemeralFor(ADMIN, /disconnected/i);
    await h.driver.command({ text: 'start 7', userId: MEMBER });
    await h.emulator.waitFor(
      () =>
        h.emulator.messages(CHANNEL).filter((m) => m.ephemeral && /not connected/i.test(messageText(m)))
          .length >= 3,
    );
  });

  it('never lets the token reach logs, Slack calls or messages', () => {
    const everything = JSON.stringify({
      logs: h.logs,
      calls: h.emulator.calls,
      posts: h.emulator.responsePosts,
      messages: h.emulator.messages(CHANNEL),
    });
    expect(everything.length).toBeGreaterThan(1000);
    expect(everything).not.toContain(token);
  });
});
