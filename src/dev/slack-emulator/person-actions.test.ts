import { LogLevel, WebClient } from '@slack/web-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PersonActionRefusedError } from './errors.js';
import { formatTypedText } from './person-actions.js';
import { EMULATOR_DEFAULTS, type SlackEmulator, startSlackEmulator } from './server.js';

const { channelId, privateChannelId, userId, adminUserId, botUserId } = EMULATOR_DEFAULTS;
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

function refusal(act: () => unknown): { code: string; message: string } {
  try {
    act();
  } catch (error) {
    if (error instanceof PersonActionRefusedError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected the action to be refused');
}

describe('a person’s message', () => {
  it('is stored as Slack’s client sends it: &, <, > escaped and links wrapped', () => {
    expect(formatTypedText('see https://console.example.com/experiments/4?a=1&b=2. <b>now</b>')).toBe(
      'see <https://console.example.com/experiments/4?a=1&amp;b=2>. &lt;b&gt;now&lt;/b&gt;',
    );
    expect(formatTypedText('(http://x.example/a), done')).toBe('(<http://x.example/a>), done');
    const message = emu.postUserMessage({ channelId, userId, text: 'hi <!channel> & https://a.example' });
    expect(message).toMatchObject({
      user: userId,
      text: 'hi &lt;!channel&gt; &amp; <https://a.example>',
      source: 'user',
      ephemeral: false,
    });
    expect(message.bot_id).toBeUndefined();
  });

  it('is refused where Slack would refuse it', () => {
    expect(refusal(() => emu.postUserMessage({ channelId: 'C404', userId, text: 'x' })).code).toBe(
      'channel_not_found',
    );
    expect(refusal(() => emu.postUserMessage({ channelId, userId: botUserId, text: 'x' })).code).toBe(
      'user_not_found',
    );
    expect(refusal(() => emu.postUserMessage({ channelId, userId, text: '  ' })).code).toBe('no_text');
    expect(refusal(() => emu.postUserMessage({ channelId, userId, text: 'x'.repeat(4001) }))).toEqual({
      code: 'msg_too_long',
      message: 'A message holds at most 4,000 characters.',
    });
    expect(
      refusal(() => emu.postUserMessage({ channelId, userId, text: 'x', threadTs: '1.000001' })).code,
    ).toBe('thread_not_found');
    const general = emu.channels.get(channelId);
    general?.members.splice(general.members.indexOf(userId), 1);
    expect(refusal(() => emu.postUserMessage({ channelId, userId, text: 'x' }))).toEqual({
      code: 'not_in_channel',
      message: 'Bob Member is not in #general, so cannot post there.',
    });
    expect(emu.messages(channelId)).toEqual([]);
  });
});

describe('/invite', () => {
  it('adds the bot: Slack’s channel_join line appears and the bot may post there', async () => {
    const before = await client.chat
      .postMessage({ channel: privateChannelId, text: 'hello' })
      .catch((e: { data: { error: string } }) => e.data.error);
    expect(before).toBe('not_in_channel');
    const line = emu.joinChannel({ channelId: privateChannelId, userId: botUserId, inviterId: adminUserId });
    expect(line).toMatchObject({
      subtype: 'channel_join',
      user: botUserId,
      inviter: adminUserId,
      text: `<@${botUserId}> has joined the channel`,
      source: 'membership',
    });
    expect(emu.channels.get(privateChannelId)?.botIsMember).toBe(true);
    const after = await client.chat.postMessage({ channel: privateChannelId, text: 'hello' });
    expect(after.ok).toBe(true);
    expect(emu.messages(privateChannelId).map((m) => m.subtype ?? m.text)).toEqual(['channel_join', 'hello']);
  });

  it('adds a person, and refuses what Slack refuses', async () => {
    emu.users.set('U0CAROL01', {
      id: 'U0CAROL01',
      name: 'carol',
      real_name: 'Carol',
      is_admin: false,
      is_owner: false,
      is_primary_owner: false,
      team_id: emu.identity.teamId,
    });
    const invite =
      (who: string, by: string = userId, where: string = channelId) =>
      () =>
        emu.joinChannel({ channelId: where, userId: who, inviterId: by });
    expect(refusal(invite('U0CAROL01', 'U0CAROL01')).code).toBe('not_in_channel');
    invite('U0CAROL01')();
    expect(emu.channels.get(channelId)?.members).toContain('U0CAROL01');
    expect(refusal(invite('U0CAROL01'))).toEqual({
      code: 'already_in_channel',
      message: 'Carol is already in #general.',
    });
    expect(refusal(invite(botUserId)).code).toBe('already_in_channel');
    expect(refusal(invite('U0NOBODY0')).code).toBe('user_not_found');
    const dm = await client.chat.postMessage({ channel: userId, text: 'hi' });
    expect(refusal(invite('U0CAROL01', userId, String(dm.channel)))).toEqual({
      code: 'method_not_supported_for_channel_type',
      message: 'Nobody can be added to a direct message.',
    });
  });
});
