import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS, type SlackEmulator, startSlackEmulator } from './server.js';

const { channelId, userId } = EMULATOR_DEFAULTS;
let emu: SlackEmulator;

beforeAll(async () => {
  emu = await startSlackEmulator();
});
afterEach(() => emu.reset());
afterAll(() => emu.close());

async function respond(url: string, body: Record<string, unknown>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

describe('response_url', () => {
  it('posts an ephemeral reply by default and records every post', async () => {
    const url = emu.mintResponseUrl({ channelId, userId });
    expect(url).toMatch(new RegExp(`^${emu.baseUrl}/response/`));
    expect(await respond(url, { text: 'working on it' })).toEqual({ status: 200, text: 'ok' });
    expect(emu.messages(channelId)).toMatchObject([
      { text: 'working on it', ephemeral: true, targetUserId: userId, source: 'response_url' },
    ]);
    expect(emu.responsePosts).toMatchObject([
      { id: url.split('/').pop(), body: { text: 'working on it' }, status: 200 },
    ]);
  });

  it('works 5 times, then answers 404 used_url', async () => {
    const url = emu.mintResponseUrl({ channelId, userId });
    for (let i = 1; i <= 5; i += 1) expect((await respond(url, { text: `reply ${i}` })).status).toBe(200);
    expect(await respond(url, { text: 'reply 6' })).toEqual({ status: 404, text: 'used_url' });
    expect(emu.messages(channelId)).toHaveLength(5);
    expect(emu.responsePosts.map((p) => p.status)).toEqual([200, 200, 200, 200, 200, 404]);
  });

  it('expires after its lifetime and rejects ids it never minted', async () => {
    const shortLived = await startSlackEmulator({ responseUrlTtlMs: 50 });
    try {
      const url = shortLived.mintResponseUrl({ channelId, userId });
      await sleep(80);
      expect(await respond(url, { text: 'late' })).toEqual({ status: 404, text: 'expired_url' });
    } finally {
      await shortLived.close();
    }
    expect((await respond(`${emu.baseUrl}/response/123-unknown`, { text: 'x' })).status).toBe(404);
  });

  it('replaces and deletes the original message of a button click', async () => {
    const url = emu.mintResponseUrl({ channelId, userId });
    await respond(url, { response_type: 'in_channel', text: 'experiment 1: running' });
    const [original] = emu.messages(channelId);
    const clickUrl = emu.mintResponseUrl({ channelId, userId, messageTs: original?.ts });
    await respond(clickUrl, { replace_original: true, text: 'experiment 1: stopped' });
    expect(emu.messages(channelId)).toMatchObject([
      { ts: original?.ts, text: 'experiment 1: stopped', edits: 1 },
    ]);
    await respond(clickUrl, { delete_original: true });
    expect(emu.messages(channelId)).toEqual([]);
  });

  it('lets a slash command reply replace its own first reply, keeping its visibility', async () => {
    const url = emu.mintResponseUrl({ channelId, userId, commandText: '/exp start 1' });
    await respond(url, { text: 'Starting…' });
    await respond(url, { replace_original: true, response_type: 'in_channel', text: 'Started' });
    expect(emu.messages(channelId)).toMatchObject([{ text: 'Started', ephemeral: true, edits: 1 }]);
  });

  it('shows the command when a reply is in_channel, and honours thread_ts', async () => {
    const url = emu.mintResponseUrl({ channelId, userId, commandText: '/exp start 1' });
    await respond(url, { response_type: 'in_channel', text: 'Started' });
    await respond(url, { response_type: 'in_channel', text: 'details', thread_ts: '123.456' });
    expect(emu.messages(channelId)).toMatchObject([
      { text: '/exp start 1', user: userId, source: 'command', ephemeral: false },
      { text: 'Started', user: EMULATOR_DEFAULTS.botUserId, ephemeral: false },
      { text: 'details', thread_ts: '123.456' },
    ]);
  });

  it('rejects blocks over the limits and empty replies without spending a use', async () => {
    const url = emu.mintResponseUrl({ channelId, userId });
    const blocks = Array.from({ length: 51 }, () => ({ type: 'divider' }));
    expect(await respond(url, { text: 'x', blocks })).toEqual({ status: 400, text: 'invalid_blocks' });
    expect(await respond(url, {})).toEqual({ status: 400, text: 'no_text' });
    for (let i = 1; i <= 5; i += 1) expect((await respond(url, { text: `ok ${i}` })).status).toBe(200);
    expect(emu.messages(channelId)).toHaveLength(5);
  });
});
