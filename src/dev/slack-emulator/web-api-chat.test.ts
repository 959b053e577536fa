import { LogLevel, WebClient } from '@slack/web-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS, type SlackEmulator, startSlackEmulator } from './server.js';

const { channelId, publicChannelWithoutBot, privateChannelId, userId, adminUserId, botUserId } =
  EMULATOR_DEFAULTS;
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

/** The Slack error code of a rejected call (WebClient throws on ok:false). */
async function errorOf(call: Promise<unknown>): Promise<{ error: string; messages?: string[] }> {
  const failure = (await call.then(
    () => undefined,
    (e: unknown) => e,
  )) as { data?: { error: string; response_metadata?: { messages?: string[] } } } | undefined;
  if (!failure?.data) throw new Error('expected the call to fail with a Slack error');
  const messages = failure.data.response_metadata?.messages;
  return messages ? { error: failure.data.error, messages } : { error: failure.data.error };
}

const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });

describe('chat.postMessage', () => {
  it('posts text and blocks as the bot and records the call with parsed blocks', async () => {
    const res = await client.chat.postMessage({
      channel: channelId,
      text: 'hello',
      blocks: [section('*hi*')],
    });
    expect(res.ok).toBe(true);
    expect(res.channel).toBe(channelId);
    expect(res.message?.bot_id).toBe(EMULATOR_DEFAULTS.botId);
    const [message] = emu.messages(channelId);
    expect(message).toMatchObject({ ts: res.ts, text: 'hello', user: botUserId, ephemeral: false });
    expect(message?.blocks).toEqual([section('*hi*')]);
    const call = emu.calls.find((c) => c.method === 'chat.postMessage');
    expect(call?.token).toBe(emu.identity.botToken);
    expect(call?.args.blocks).toEqual([section('*hi*')]);
    expect(call?.response.ok).toBe(true);
  });

  it('keeps thread_ts and posts to a DM when channel is a user id', async () => {
    const parent = await client.chat.postMessage({ channel: channelId, text: 'parent' });
    await client.chat.postMessage({ channel: channelId, text: 'reply', thread_ts: parent.ts });
    expect(emu.messages(channelId)[1]).toMatchObject({ text: 'reply', thread_ts: parent.ts });
    const dm = await client.chat.postMessage({ channel: userId, text: 'psst' });
    expect(emu.messages(String(dm.channel)).map((m) => m.text)).toEqual(['psst']);
  });

  it('answers no_text, channel_not_found, not_in_channel and is_archived', async () => {
    expect(await errorOf(client.chat.postMessage({ channel: channelId, text: '' }))).toEqual({
      error: 'no_text',
    });
    expect(await errorOf(client.chat.postMessage({ channel: 'C404', text: 'x' }))).toEqual({
      error: 'channel_not_found',
    });
    expect(await errorOf(client.chat.postMessage({ channel: privateChannelId, text: 'x' }))).toEqual({
      error: 'not_in_channel',
    });
    const general = emu.channels.get(channelId);
    if (general) general.is_archived = true;
    expect(await errorOf(client.chat.postMessage({ channel: channelId, text: 'x' }))).toEqual({
      error: 'is_archived',
    });
    expect(emu.messages(channelId)).toEqual([]);
  });

  it('posts to a public channel it has not joined only with chat:write.public', async () => {
    await client.chat.postMessage({ channel: publicChannelWithoutBot, text: 'x' });
    const strict = await startSlackEmulator({ chatWritePublic: false });
    try {
      const strictClient = new WebClient(strict.identity.botToken, {
        slackApiUrl: strict.apiUrl,
        logLevel: LogLevel.ERROR,
      });
      expect(
        await errorOf(strictClient.chat.postMessage({ channel: publicChannelWithoutBot, text: 'x' })),
      ).toEqual({
        error: 'not_in_channel',
      });
    } finally {
      await strict.close();
    }
  });

  it('answers invalid_blocks with the breaches, and msg_too_long beyond 4000 chars', async () => {
    const blocks = Array.from({ length: 51 }, () => ({ type: 'divider' }));
    expect(await errorOf(client.chat.postMessage({ channel: channelId, text: 'x', blocks }))).toEqual({
      error: 'invalid_blocks',
      messages: ['[ERROR] blocks: 51 blocks exceeds 50'],
    });
    expect(await errorOf(client.chat.postMessage({ channel: channelId, text: 'x'.repeat(4001) }))).toEqual({
      error: 'msg_too_long',
    });
    expect(emu.messages(channelId)).toEqual([]);
  });
});

describe('chat.postEphemeral', () => {
  it('posts a message only the target user sees', async () => {
    const res = await client.chat.postEphemeral({ channel: channelId, user: userId, text: 'only you' });
    expect(res.message_ts).toBeTypeOf('string');
    expect(emu.messages(channelId)).toMatchObject([
      {
        ts: res.message_ts,
        text: 'only you',
        ephemeral: true,
        targetUserId: userId,
        source: 'chat.postEphemeral',
      },
    ]);
  });

  it('requires a known member user and a channel the bot may post to', async () => {
    expect((await errorOf(client.chat.postEphemeral({ channel: channelId, text: 'x' } as never))).error).toBe(
      'invalid_arguments',
    );
    expect(await errorOf(client.chat.postEphemeral({ channel: channelId, user: 'U404', text: 'x' }))).toEqual(
      {
        error: 'user_not_found',
      },
    );
    const general = emu.channels.get(channelId);
    if (general) general.members = [adminUserId];
    expect(await errorOf(client.chat.postEphemeral({ channel: channelId, user: userId, text: 'x' }))).toEqual(
      {
        error: 'user_not_in_channel',
      },
    );
    expect(
      await errorOf(client.chat.postEphemeral({ channel: privateChannelId, user: userId, text: 'x' })),
    ).toEqual({ error: 'no_permission' });
  });
});

describe('chat.update', () => {
  it('replaces text and drops the old blocks when only text is sent', async () => {
    const posted = await client.chat.postMessage({ channel: channelId, text: 'v1', blocks: [section('v1')] });
    const res = await client.chat.update({ channel: channelId, ts: String(posted.ts), text: 'v2' });
    expect(res.ts).toBe(posted.ts);
    expect(emu.messages(channelId)).toMatchObject([{ text: 'v2', blocks: undefined, edits: 1 }]);
    await client.chat.update({
      channel: channelId,
      ts: String(posted.ts),
      text: 'v3',
      blocks: [section('v3')],
    });
    expect(emu.messages(channelId)[0]?.blocks).toEqual([section('v3')]);
  });

  it('answers message_not_found for unknown and ephemeral messages, cant_update_message for others', async () => {
    expect(await errorOf(client.chat.update({ channel: channelId, ts: '1.000001', text: 'x' }))).toEqual({
      error: 'message_not_found',
    });
    const eph = await client.chat.postEphemeral({ channel: channelId, user: userId, text: 'e' });
    expect(
      await errorOf(client.chat.update({ channel: channelId, ts: String(eph.message_ts), text: 'x' })),
    ).toEqual({ error: 'message_not_found' });
    // A user's slash command becomes visible when the reply is in_channel: not the bot's message.
    const url = emu.mintResponseUrl({ channelId, userId, commandText: '/exp help' });
    await fetch(url, { method: 'POST', body: JSON.stringify({ response_type: 'in_channel', text: 'help' }) });
    const userMessage = emu.messages(channelId).find((m) => m.user === userId);
    expect(userMessage?.text).toBe('/exp help');
    expect(
      await errorOf(client.chat.update({ channel: channelId, ts: String(userMessage?.ts), text: 'x' })),
    ).toEqual({ error: 'cant_update_message' });
  });
});

describe('chat.getPermalink', () => {
  it('links an existing message and rejects an unknown one', async () => {
    const posted = await client.chat.postMessage({ channel: channelId, text: 'x' });
    const res = await client.chat.getPermalink({ channel: channelId, message_ts: String(posted.ts) });
    expect(res.permalink).toBe(`${emu.baseUrl}/archives/${channelId}/p${String(posted.ts).replace('.', '')}`);
    expect(await errorOf(client.chat.getPermalink({ channel: channelId, message_ts: '1.1' }))).toEqual({
      error: 'message_not_found',
    });
  });
});

describe('auth.test, users.info, conversations.info', () => {
  it('identifies the bot', async () => {
    const res = await client.auth.test();
    expect(res).toMatchObject({
      ok: true,
      url: `${emu.baseUrl}/`,
      team_id: EMULATOR_DEFAULTS.teamId,
      user_id: botUserId,
      bot_id: EMULATOR_DEFAULTS.botId,
    });
    expect(res.enterprise_id).toBeUndefined();
    const grid = await startSlackEmulator({
      enterpriseId: 'E0GRID',
      teamId: 'T0OTHER',
      botToken: 'xoxb-grid',
    });
    try {
      const gridClient = new WebClient('xoxb-grid', { slackApiUrl: grid.apiUrl, logLevel: LogLevel.ERROR });
      expect(await gridClient.auth.test()).toMatchObject({ enterprise_id: 'E0GRID', team_id: 'T0OTHER' });
    } finally {
      await grid.close();
    }
  });

  it('returns users with their admin flags and answers user_not_found', async () => {
    const admin = await client.users.info({ user: adminUserId });
    expect(admin.user).toMatchObject({ id: adminUserId, is_admin: true, is_owner: false, deleted: false });
    const member = await client.users.info({ user: userId });
    expect(member.user?.is_admin).toBe(false);
    emu.users.set('U0GONE', { ...emu.users.get(userId), id: 'U0GONE', name: 'gone', deleted: true } as never);
    expect((await client.users.info({ user: 'U0GONE' })).user?.deleted).toBe(true);
    expect(await errorOf(client.users.info({ user: 'U404' }))).toEqual({ error: 'user_not_found' });
  });

  it('describes channels with the bot membership and answers channel_not_found', async () => {
    expect((await client.conversations.info({ channel: channelId })).channel).toMatchObject({
      id: channelId,
      name: 'general',
      is_private: false,
      is_member: true,
    });
    expect((await client.conversations.info({ channel: privateChannelId })).channel).toMatchObject({
      is_private: true,
      is_member: false,
    });
    expect(await errorOf(client.conversations.info({ channel: 'C404' }))).toEqual({
      error: 'channel_not_found',
    });
  });
});
