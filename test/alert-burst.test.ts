import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { addPublicChannel } from './support/channels.js';
import { untilPast } from './support/clock.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import { postHookEvent } from './support/hook-events.js';

// Issue #53's coalescing, as it stands: a burst of 50 inbound events on 5 experiments into 3
// subscribed channels gives each channel one message per experiment (its card, updated in place
// as events arrive), with every event a reply in the card's thread: 15 channel messages, not 150.

const CHANNELS = [EMULATOR_DEFAULTS.channelId, 'C0BURSTA0', 'C0BURSTB0'];
const EXPERIMENTS = [9101, 9102, 9103, 9104, 9105];
const SECRET = 'b'.repeat(48);
let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    env: { LIFECYCLE_HOOK_SECRET: SECRET, PUBLIC_URL: 'https://exp.example.com/' },
    alertIntervalMs: 10,
  });
  for (const id of CHANNELS.slice(1))
    addPublicChannel(h.emulator, { id, name: id.toLowerCase(), members: [EMULATOR_DEFAULTS.userId] });
});
afterAll(async () => {
  await h?.close();
});

const aboutBurst = (m: EmulatedMessage) => EXPERIMENTS.some((id) => messageText(m).includes(`${id}`));
const isReply = (m: EmulatedMessage) => m.thread_ts !== undefined && m.thread_ts !== m.ts;

describe('a burst of alerts', () => {
  it('gives each channel one message per experiment, with every event in its thread', async () => {
    for (const channelId of CHANNELS) {
      await h.driver.command({ text: 'subscribe events:all', channelId });
      await h.emulator.waitFor(
        () => h.emulator.messages(channelId).find((m) => /subscribed this channel/.test(messageText(m))),
        { timeoutMs: 10_000, message: `${channelId} not subscribed` },
      );
    }
    // The configured workspace's hook (LIFECYCLE_HOOK_SECRET) answers on the bare path.
    const url = `${h.app.url}/hooks/lifecycle`;
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postHookEvent(url, SECRET, {
          id: `burst-${i}`,
          experimentId: EXPERIMENTS[i % 5],
          action: Math.floor(i / 5) % 2 === 0 ? 'start' : 'stop',
          actor: 'release-train',
          name: `Burst ${EXPERIMENTS[i % 5]}`,
        }),
      ),
    );
    expect(statuses.every((s) => s === 202)).toBe(true);
    const events = (channelId: string) => h.emulator.messages(channelId).filter(aboutBurst);
    await h.emulator.waitFor(
      () => CHANNELS.every((c) => events(c).filter(isReply).length >= 50 - 5) || undefined,
      { timeoutMs: 60_000, message: 'not every event reached its thread' },
    );
    await h.app.idle();
    for (const channelId of CHANNELS) {
      const inChannel = events(channelId).filter((m) => !isReply(m) && !m.ephemeral);
      expect(inChannel, channelId).toHaveLength(5);
      // Each card is its experiment's, and the thread under it holds the rest of its ten events.
      for (const id of EXPERIMENTS) {
        const card = inChannel.find((m) => messageText(m).includes(`${id}`));
        expect(card, `${channelId} ${id}`).toBeDefined();
        const replies = events(channelId).filter((m) => isReply(m) && m.thread_ts === card?.ts);
        expect(replies, `${channelId} ${id}`).toHaveLength(9);
      }
    }

    // Past the channel's window, the next event shows in the channel again (its reply broadcast).
    const general = CHANNELS[0] ?? '';
    await h.driver.command({ text: 'subscribe window:1s', channelId: general });
    await h.emulator.waitFor(
      () => h.emulator.messages(general).find((m) => /alert window to `1s`/.test(messageText(m))),
      { timeoutMs: 10_000, message: 'window not set' },
    );
    await untilPast(Date.now() + 1_100);
    expect(
      await postHookEvent(url, SECRET, {
        id: 'burst-late',
        experimentId: 9101,
        action: 'archive',
        actor: 'release-train',
      }),
    ).toBe(202);
    const broadcast = await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(general)
          .find((m) => m.subtype === 'thread_broadcast' && messageText(m).includes('9101')),
      { timeoutMs: 10_000, message: 'the late event did not show in the channel' },
    );
    expect(messageText(broadcast)).toMatch(/archived/);
    // Within the window (the other channels keep the default minute), it stays in the thread.
    await h.app.idle();
    for (const channelId of CHANNELS.slice(1))
      expect(h.emulator.messages(channelId).filter((m) => m.subtype === 'thread_broadcast')).toEqual([]);
  }, 120_000);
});
