import { LogLevel, WebClient } from '@slack/web-api';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS, type SlackEmulator, startSlackEmulator } from './server.js';

const { channelId, publicChannelWithoutBot, userId, adminUserId, botUserId } = EMULATOR_DEFAULTS;
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

async function errorOf(call: Promise<unknown>): Promise<string> {
  const failure = (await call.then(
    () => undefined,
    (e: unknown) => e,
  )) as { data?: { error: string } } | undefined;
  if (!failure?.data) throw new Error('expected the call to fail with a Slack error');
  return failure.data.error;
}

const post = async (text: string, extra: Record<string, unknown> = {}) => {
  const res = await client.chat.postMessage({ channel: channelId, text, ...extra });
  return String(res.ts);
};

describe('threads', () => {
  it('posts replies under a top-level message and keeps the parent’s thread fields current', async () => {
    const parent = await post('Experiment 4');
    const first = await post('started', { thread_ts: parent });
    const reply = await client.chat.postMessage({ channel: channelId, text: 'stopped', thread_ts: parent });
    expect(reply.message).toMatchObject({ thread_ts: parent, text: 'stopped' });

    const [root, ...replies] = emu.thread(channelId, parent);
    expect(root).toMatchObject({
      ts: parent,
      thread_ts: parent,
      reply_count: 2,
      reply_users: [botUserId],
      reply_users_count: 1,
      latest_reply: reply.ts,
    });
    expect(replies.map((r) => [r.text, r.thread_ts])).toEqual([
      ['started', parent],
      ['stopped', parent],
    ]);
    // A reply's ts names its whole thread, as conversations.replies does.
    expect(emu.thread(channelId, first).map((m) => m.ts)).toEqual([parent, first, reply.ts]);
    expect(emu.thread(channelId, '1.000001')).toEqual([]);
  });

  it('answers thread_not_found unless thread_ts names a top-level message of that channel', async () => {
    const parent = await post('parent');
    const reply = await post('reply', { thread_ts: parent });
    const whisper = await client.chat.postEphemeral({ channel: channelId, user: userId, text: 'psst' });
    const elsewhere = await client.chat.postMessage({ channel: publicChannelWithoutBot, text: 'other' });
    for (const ts of ['1.000001', reply, String(whisper.message_ts), String(elsewhere.ts)]) {
      expect(await errorOf(client.chat.postMessage({ channel: channelId, text: 'x', thread_ts: ts }))).toBe(
        'thread_not_found',
      );
    }
    expect(emu.thread(channelId, parent)).toHaveLength(2);
  });

  it('marks a reply_broadcast reply, and counts no ephemeral reply', async () => {
    const parent = await post('parent');
    await post('for everyone', { thread_ts: parent, reply_broadcast: true });
    await client.chat.postEphemeral({
      channel: channelId,
      user: userId,
      text: 'only you',
      thread_ts: parent,
    });
    const [root, broadcast, ...rest] = emu.thread(channelId, parent);
    expect(root?.reply_count).toBe(1);
    expect(broadcast).toMatchObject({ text: 'for everyone', subtype: 'thread_broadcast' });
    expect(rest).toEqual([]);
    expect(emu.messages(channelId).filter((m) => m.thread_ts === parent && m.ephemeral)).toHaveLength(1);
  });

  it('updates a reply and its parent in place, counting edits and keeping the thread', async () => {
    const parent = await post('Experiment 4: running');
    const reply = await post('started by bob', { thread_ts: parent });
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*stopped*' } }];
    const updated = await client.chat.update({ channel: channelId, ts: reply, text: 'stopped', blocks });
    expect(updated.message).toMatchObject({ text: 'stopped', thread_ts: parent });
    await client.chat.update({ channel: channelId, ts: parent, text: 'Experiment 4: stopped' });
    await client.chat.update({ channel: channelId, ts: parent, text: 'Experiment 4: archived' });
    const [root, edited] = emu.thread(channelId, parent);
    expect(root).toMatchObject({ text: 'Experiment 4: archived', edits: 2, reply_count: 1 });
    expect(edited).toMatchObject({ ts: reply, text: 'stopped', blocks, edits: 1, thread_ts: parent });
  });

  it('refuses to update a reply the bot did not post', async () => {
    const parent = await post('parent');
    const human = emu.postUserMessage({ channelId, userId, text: 'my reply', threadTs: parent });
    expect(await errorOf(client.chat.update({ channel: channelId, ts: human.ts, text: 'edited' }))).toBe(
      'cant_update_message',
    );
    expect(emu.thread(channelId, parent)[1]).toMatchObject({ text: 'my reply', edits: 0 });
    expect(emu.thread(channelId, parent)[0]?.reply_users).toEqual([userId]);
  });

  it('takes a reply off the parent’s count when the reply is deleted', async () => {
    const parent = await post('parent');
    const reply = await post('reply', { thread_ts: parent });
    const responseUrl = emu.mintResponseUrl({ channelId, userId: adminUserId, messageTs: reply });
    const res = await request(responseUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ delete_original: true }),
    });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
    const [root, ...replies] = emu.thread(channelId, parent);
    expect(replies).toEqual([]);
    expect(root?.reply_count).toBeUndefined();
    expect(root?.thread_ts).toBeUndefined();
  });
});
