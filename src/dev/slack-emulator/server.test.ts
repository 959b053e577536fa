import { ErrorCode, LogLevel, WebClient } from '@slack/web-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WaitForTimeoutError } from './errors.js';
import { EMULATOR_DEFAULTS, type SlackEmulator, startSlackEmulator } from './server.js';

const { channelId } = EMULATOR_DEFAULTS;
let emu: SlackEmulator;
let client: WebClient;

beforeAll(async () => {
  emu = await startSlackEmulator();
  client = new WebClient(emu.identity.botToken, {
    slackApiUrl: emu.apiUrl,
    logLevel: LogLevel.ERROR,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
  });
});
afterEach(() => emu.reset());
afterAll(() => emu.close());

async function call(method: string, body: string, headers: Record<string, string>) {
  const res = await fetch(`${emu.apiUrl}${method}`, { method: 'POST', body, headers });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('Web API transport', () => {
  it('serves under apiUrl with a trailing slash, as SLACK_API_URL expects', () => {
    expect(emu.apiUrl).toBe(`${emu.baseUrl}/api/`);
    expect(emu.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('accepts the token as a form field and JSON bodies with a bearer token', async () => {
    const viaField = await call(
      'chat.postMessage',
      `token=${emu.identity.botToken}&channel=${channelId}&text=a+b`,
      form,
    );
    expect(viaField).toMatchObject({ status: 200, json: { ok: true } });
    const viaJson = await call('chat.postMessage', JSON.stringify({ channel: channelId, text: 'json' }), {
      'content-type': 'application/json; charset=utf-8',
      authorization: `Bearer ${emu.identity.botToken}`,
    });
    expect(viaJson.json.ok).toBe(true);
    expect(emu.messages(channelId).map((m) => m.text)).toEqual(['a b', 'json']);
    expect(emu.calls.map((c) => c.args.token)).toEqual([undefined, undefined]);
  });

  it('answers invalid_auth, not_authed and unknown_method with HTTP 200', async () => {
    const bad = await call('auth.test', 'token=xoxb-wrong', form);
    expect(bad).toEqual({ status: 200, json: { ok: false, error: 'invalid_auth' } });
    expect((await call('auth.test', '', form)).json.error).toBe('not_authed');
    expect((await call('chat.teleport', `token=${emu.identity.botToken}`, form)).json.error).toBe(
      'unknown_method',
    );
    expect((await call('constructor', `token=${emu.identity.botToken}`, form)).json.error).toBe(
      'unknown_method',
    );
    const wrongClient = new WebClient('xoxb-wrong', { slackApiUrl: emu.apiUrl, logLevel: LogLevel.ERROR });
    await expect(wrongClient.auth.test()).rejects.toMatchObject({ data: { error: 'invalid_auth' } });
    expect(emu.calls.map((c) => c.response.error)).toEqual([
      'invalid_auth',
      'not_authed',
      'unknown_method',
      'unknown_method',
      'invalid_auth',
    ]);
  });

  it('answers invalid_blocks_format when blocks are not JSON', async () => {
    const body = `token=${emu.identity.botToken}&channel=${channelId}&text=x&blocks=%5Bnot-json`;
    expect((await call('chat.postMessage', body, form)).json.error).toBe('invalid_blocks_format');
  });
});

describe('failNext', () => {
  it('fails the next call of that method once, then behaves normally', async () => {
    emu.failNext('chat.postMessage', 'not_in_channel');
    await expect(client.chat.postMessage({ channel: channelId, text: 'x' })).rejects.toMatchObject({
      data: { error: 'not_in_channel' },
    });
    await client.auth.test();
    const res = await client.chat.postMessage({ channel: channelId, text: 'x' });
    expect(res.ok).toBe(true);
  });

  it('answers ratelimited with HTTP 429 and Retry-After', async () => {
    emu.failNext('views.open', 'ratelimited', { retryAfterSeconds: 7 });
    const trigger = emu.mintTriggerId();
    const failure = await client.views
      .open({
        trigger_id: trigger,
        view: { type: 'modal', title: { type: 'plain_text', text: 't' }, blocks: [] },
      })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: ErrorCode.RateLimitedError, retryAfter: 7 });
    emu.failNext('chat.postMessage', 'ratelimited', { status: 429, retryAfterSeconds: 3 });
    const res = await fetch(`${emu.apiUrl}chat.postMessage`, { method: 'POST', body: '', headers: form });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(await res.json()).toEqual({ ok: false, error: 'ratelimited' });
  });
});

describe('waitFor, change events and reset', () => {
  it('resolves when the state appears and notifies listeners on change', async () => {
    let changes = 0;
    const off = emu.on('change', () => {
      changes += 1;
    });
    const waiting = emu.waitFor(() => emu.messages(channelId).find((m) => m.text === 'later'));
    setTimeout(() => void client.chat.postMessage({ channel: channelId, text: 'later' }), 30);
    expect((await waiting).text).toBe('later');
    expect(changes).toBeGreaterThan(0);
    off();
    const before = changes;
    await client.auth.test();
    expect(changes).toBe(before);
  });

  it('rejects with the given message on timeout', async () => {
    const waiting = emu.waitFor(() => false, { timeoutMs: 50, message: 'no modal opened' });
    await expect(waiting).rejects.toThrow(WaitForTimeoutError);
    await expect(emu.waitFor(() => undefined, { timeoutMs: 20, message: 'nothing' })).rejects.toThrow(
      'nothing',
    );
  });

  it('reset clears history and restores the seeded workspace', async () => {
    await client.chat.postMessage({ channel: channelId, text: 'x' });
    emu.users.delete(EMULATOR_DEFAULTS.adminUserId);
    const channel = emu.channels.get(channelId);
    if (channel) channel.botIsMember = false;
    emu.failNext('auth.test', 'invalid_auth');
    emu.reset();
    expect(emu.calls).toEqual([]);
    expect(emu.messages(channelId)).toEqual([]);
    expect(emu.users.get(EMULATOR_DEFAULTS.adminUserId)?.is_admin).toBe(true);
    expect(emu.channels.get(channelId)?.botIsMember).toBe(true);
    expect((await client.auth.test()).ok).toBe(true);
  });
});
