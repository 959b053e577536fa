import { LogLevel, WebClient } from '@slack/web-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS, type SlackEmulator, startSlackEmulator } from './server.js';
import type { EmulatedChannel } from './types.js';

const { channelId } = EMULATOR_DEFAULTS;
let emu: SlackEmulator;

beforeAll(async () => {
  emu = await startSlackEmulator();
});
afterEach(() => emu.reset());
afterAll(() => emu.close());

const clientFor = (token: string) =>
  new WebClient(token, { slackApiUrl: emu.apiUrl, logLevel: LogLevel.ERROR, retryConfig: { retries: 0 } });

async function postAs(token: string, channel: string): Promise<string> {
  return clientFor(token)
    .chat.postMessage({ channel, text: 'hello' })
    .then(
      (res) => `ok ${res.channel}`,
      (e: { data: { error: string } }) => e.data.error,
    );
}

function teamChannel(id: string, teamId: string): EmulatedChannel {
  return { id, name: 'general', teamId, is_private: false, botIsMember: true, members: [] };
}

describe('channels of one workspace', () => {
  it('are reached by the first workspace’s token while their workspace has no token of its own', async () => {
    emu.channels.set('C2GENERAL', teamChannel('C2GENERAL', 'T0SECOND0'));
    expect(await postAs(emu.identity.botToken, 'C2GENERAL')).toBe('ok C2GENERAL');
    // #general names the caller's own (here the shared) channel first.
    expect(await postAs(emu.identity.botToken, '#general')).toBe(`ok ${channelId}`);
    expect(emu.messages('C2GENERAL').map((m) => m.text)).toEqual(['hello']);
  });

  it('are reached only by their workspace’s token once it has one; shared channels by every token', async () => {
    const b = emu.addTeam({ id: 'T0TEAMBBB' });
    const c = emu.addTeam({ id: 'T0TEAMCCC' });
    emu.channels.set('C0BGENERAL', teamChannel('C0BGENERAL', b.teamId));
    expect(await postAs(b.botToken, 'C0BGENERAL')).toBe('ok C0BGENERAL');
    expect(await postAs(b.botToken, '#general')).toBe('ok C0BGENERAL');
    expect(await postAs(c.botToken, 'C0BGENERAL')).toBe('channel_not_found');
    expect(await postAs(emu.identity.botToken, 'C0BGENERAL')).toBe('channel_not_found');
    expect(await postAs(c.botToken, channelId)).toBe(`ok ${channelId}`);
    const info = await clientFor(c.botToken)
      .conversations.info({ channel: 'C0BGENERAL' })
      .catch((e: { data: { error: string } }) => e.data.error);
    expect(info).toBe('channel_not_found');
  });
});
