import { LogLevel, WebClient } from '@slack/web-api';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS, type SlackEmulator, startSlackEmulator } from './server.js';
import type { EmulatedMessage } from './types.js';

const { channelId, userId } = EMULATOR_DEFAULTS;
const URL_A = 'https://console.example.com/experiments/4';
const URL_B = 'https://console.example.com/experiments/5';
let emu: SlackEmulator;
let client: WebClient;

beforeAll(async () => {
  emu = await startSlackEmulator();
  client = new WebClient(emu.identity.botToken, {
    slackApiUrl: emu.apiUrl,
    logLevel: LogLevel.ERROR,
    retryConfig: { retries: 0 },
  });
});
afterEach(() => emu.reset());
afterAll(() => emu.close());

const card = (text: string) => ({ blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] });

/** A person's message with both links, of which only URL_A was sent to the app in link_shared. */
function shared(): { message: EmulatedMessage; unfurlId: string } {
  const message = emu.postUserMessage({ channelId, userId, text: `look: ${URL_A} and ${URL_B}` });
  const { unfurlId } = emu.recordSharedLinks({ channelId, messageTs: message.ts, urls: [URL_A] });
  return { message, unfurlId };
}

/** chat.unfurl as a raw form post, so malformed arguments reach the emulator as sent. */
async function unfurlRaw(args: Record<string, string>): Promise<Record<string, unknown>> {
  const res = await request(`${emu.apiUrl}chat.unfurl`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${emu.identity.botToken}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(args).toString(),
  });
  return (await res.body.json()) as Record<string, unknown>;
}

const unfurlsOf = (message: EmulatedMessage) =>
  emu.messages(channelId).find((m) => m.ts === message.ts)?.unfurls;

describe('chat.unfurl', () => {
  it('attaches blocks to the message by channel and ts, replacing a URL’s unfurl on a second call', async () => {
    const { message } = shared();
    const res = await client.chat.unfurl({
      channel: channelId,
      ts: message.ts,
      unfurls: { [URL_A]: card('v1') },
    });
    expect(res.ok).toBe(true);
    expect(unfurlsOf(message)).toEqual({ [URL_A]: card('v1') });
    await client.chat.unfurl({ channel: channelId, ts: message.ts, unfurls: { [URL_A]: card('*v2*') } });
    expect(unfurlsOf(message)).toEqual({ [URL_A]: card('*v2*') });
  });

  it('finds the message by unfurl_id and source, and takes a legacy attachment', async () => {
    const { message, unfurlId } = shared();
    const attachment = { title: 'Experiment 4', title_link: URL_A, text: 'running', color: '#2eb67d' };
    await client.chat.unfurl({
      unfurl_id: unfurlId,
      source: 'conversations_history',
      unfurls: { [URL_A]: attachment },
    } as Parameters<WebClient['chat']['unfurl']>[0]);
    expect(unfurlsOf(message)).toEqual({ [URL_A]: attachment });
  });

  it('answers the reference’s errors for the message it cannot find', async () => {
    const { message } = shared();
    const unfurls = JSON.stringify({ [URL_A]: card('x') });
    expect(await unfurlRaw({ ts: message.ts, unfurls })).toMatchObject({ error: 'missing_channel' });
    expect(await unfurlRaw({ channel: channelId, unfurls })).toMatchObject({ error: 'missing_ts' });
    expect(await unfurlRaw({ channel: 'C404', ts: message.ts, unfurls })).toMatchObject({
      error: 'cannot_find_channel',
    });
    expect(await unfurlRaw({ channel: channelId, ts: '1.000001', unfurls })).toMatchObject({
      error: 'cannot_find_message',
    });
    expect(
      await unfurlRaw({ unfurl_id: 'C0GENERAL.1.000001.ab', source: 'conversations_history', unfurls }),
    ).toMatchObject({ error: 'cannot_find_message' });
    expect(await unfurlRaw({ unfurl_id: 'x', source: 'inbox', unfurls })).toMatchObject({
      error: 'invalid_arguments',
    });
  });

  it('answers the reference’s errors for unfurls it cannot take, and attaches nothing', async () => {
    const { message } = shared();
    const call = (unfurls?: string) =>
      unfurlRaw({ channel: channelId, ts: message.ts, ...(unfurls === undefined ? {} : { unfurls }) });
    const json = (value: unknown) => JSON.stringify(value);
    expect(await call()).toMatchObject({ error: 'missing_unfurls' });
    expect(await call('{not json')).toMatchObject({ error: 'invalid_unfurls_format' });
    expect(await call(json([card('x')]))).toMatchObject({ error: 'invalid_unfurls_format' });
    expect(await call(json({}))).toMatchObject({ error: 'invalid_unfurls_format' });
    expect(await call(json({ [URL_A]: 'card' }))).toMatchObject({ error: 'cannot_parse_attachment' });
    expect(await call(json({ [URL_A]: { blocks: 'x' } }))).toMatchObject({
      error: 'cannot_parse_attachment',
    });
    expect(await call(json({ [URL_A]: { color: '#000' } }))).toMatchObject({
      error: 'cannot_parse_attachment',
    });
    expect(await call(json({ 'https://elsewhere.example/1': card('x') }))).toMatchObject({
      error: 'cannot_unfurl_message',
    });
    // In the message, but never sent to the app in a link_shared event.
    expect(await call(json({ [URL_B]: card('x') }))).toMatchObject({ error: 'cannot_unfurl_url' });
    const tooLong = await call(json({ [URL_A]: card('x'.repeat(3001)) }));
    expect(tooLong.error).toBe('invalid_blocks');
    expect(JSON.stringify(tooLong.response_metadata)).toContain('3000');
    expect(unfurlsOf(message)).toBeUndefined();
  });
});
