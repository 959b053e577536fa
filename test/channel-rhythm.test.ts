import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlackDriver, type SlackDriver } from '../src/dev/slack-emulator/driver.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { RunningApp } from '../src/start.js';
import { messageText } from './support/harness.js';
import { type ReplicaWorld, startReplicaWorld } from './support/replica-world.js';
import { movableClock } from './support/requests.js';

// Issue #53's quiet hours and digest across two replicas on one Redis, with the clock both read
// moved ahead instead of waited for: alerts for #general in its quiet hours are held and posted as
// one summary when they end, and the channel's daily digest is posted when due (a 429 waited out),
// each by one replica, though both look every 100 ms.

const GENERAL = EMULATOR_DEFAULTS.channelId;
const RANDOM = EMULATOR_DEFAULTS.publicChannelWithoutBot;
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const HOUR = 3_600_000;
const clock = movableClock();
let world: ReplicaWorld;
const replicas: RunningApp[] = [];
const drivers: SlackDriver[] = [];

beforeAll(async () => {
  world = await startReplicaWorld({ ids: [8201, 8202], label: 'Rhythm' });
  for (let i = 0; i < 2; i++) {
    const app = await world.replica({ scheduleClock: clock.now, rhythmIntervalMs: 100, alertIntervalMs: 50 });
    replicas.push(app);
    drivers.push(
      createSlackDriver({
        appUrl: app.eventsUrl,
        signingSecret: world.signingSecret,
        emulator: world.emulator,
      }),
    );
  }
}, 120_000);

afterAll(async () => {
  await world?.close(replicas);
});

const inGeneral = (pattern: RegExp) =>
  world.emulator.messages(GENERAL).filter((m) => !m.ephemeral && pattern.test(messageText(m)));
const waitFor = (pattern: RegExp, what: string) =>
  world.emulator.waitFor(() => inGeneral(pattern)[0], { timeoutMs: 20_000, message: what });
const ephemeralTo = (user: string, pattern: RegExp) =>
  world.emulator.waitFor(
    () =>
      world.emulator
        .messages(GENERAL)
        .find((m) => m.ephemeral && m.targetUserId === user && pattern.test(messageText(m))),
    { timeoutMs: 20_000, message: `no reply to ${user} matching ${pattern}` },
  );
/** `HH:MM` on the UTC clock the app reads, `offsetMs` from its now. */
const utcClock = (offsetMs: number) => clock.now().getTime() + offsetMs;
const hhmm = (instant: number) => new Date(instant).toISOString().slice(11, 16);
const heldIn = async (channelId: string) => {
  const held = (await replicas[0]?.store
    .keyv('channel-alerts')
    .get(`held:${world.emulator.identity.teamId}:${channelId}`)) as { alerts: unknown[] } | undefined;
  return held?.alerts.length ?? 0;
};

/** Quiet hours around the app's now, then an experiment started elsewhere: its alert is held. */
async function quietThenStart(driver: SlackDriver, id: number): Promise<void> {
  const quiet = `quiet:${hhmm(utcClock(-HOUR))}-${hhmm(utcClock(HOUR))}`;
  await driver.command({ text: `subscribe ${quiet} tz:UTC`, userId: ADMIN, channelId: GENERAL });
  await waitFor(
    new RegExp(`set quiet hours for this channel: ${hhmm(utcClock(-HOUR))}–`),
    'quiet hours not set',
  );
  const before = await heldIn(GENERAL);
  await driver.command({ text: `start ${id}`, userId: MEMBER, channelId: RANDOM });
  await expect.poll(() => heldIn(GENERAL), { timeout: 20_000, interval: 25 }).toBeGreaterThan(before);
}

describe('quiet hours and the digest across two replicas', () => {
  it('hold alerts and sum them up once when the hours end; post a due digest once', async () => {
    const [a, b] = drivers;
    if (!a || !b) throw new Error('no replicas');
    await a.command({ text: 'subscribe', userId: ADMIN, channelId: GENERAL });
    await waitFor(/subscribed this channel/, 'not subscribed');

    await quietThenStart(a, 8201);
    expect(
      inGeneral(/Rhythm 8201|experiment \*8201\*/).filter((m) => /started/.test(messageText(m))),
    ).toEqual([]);
    clock.set(2 * HOUR);
    const summary = await waitFor(/While this channel was quiet/, 'no summary when the quiet hours ended');
    expect(messageText(summary)).toMatch(/1 alert was held/);
    expect(messageText(summary)).toMatch(/started experiment \*Rhythm 8201\* \(#8201\)/);
    expect(await heldIn(GENERAL)).toBe(0);

    // The channel's digest: due an hour after the clock's now, posted once the clock is past it.
    const due = hhmm(utcClock(HOUR));
    await b.command({ text: `digest daily ${due} tz:UTC`, userId: ADMIN, channelId: GENERAL });
    await waitFor(new RegExp(`set this channel's digest: daily at ${due} \\(UTC\\)`), 'digest not set');
    // Slack refuses the first post with a 429: the digest waits out its Retry-After, not lost.
    world.emulator.failNext('chat.postMessage', 'ratelimited', {
      status: 429,
      retryAfterSeconds: 1,
      channel: GENERAL,
    });
    clock.set(4 * HOUR);
    const digest = await waitFor(/Digest\* from/, 'no digest when it was due');
    const refused = world.emulator.calls.filter(
      (c) =>
        c.method === 'chat.postMessage' && c.args.channel === GENERAL && c.response.error === 'ratelimited',
    );
    expect(refused).toHaveLength(1);
    expect(messageText(digest)).toMatch(/started \*Rhythm 8201\* \(#8201\)/);
    expect(messageText(digest)).toMatch(/Running/);

    // Only to the person: a preview, naming the schedule.
    await a.command({ text: 'digest', userId: MEMBER, channelId: GENERAL });
    expect(messageText(await ephemeralTo(MEMBER, /Only you see this preview/))).toMatch(/daily at/);

    // Another quiet spell with a held alert: by its summary, both replicas have looked many times.
    await quietThenStart(b, 8202);
    clock.set(7 * HOUR);
    await world.emulator.waitFor(() => inGeneral(/While this channel was quiet/)[1], {
      timeoutMs: 20_000,
      message: 'no second summary',
    });
    expect(inGeneral(/While this channel was quiet/)).toHaveLength(2);
    expect(inGeneral(/Digest\* from/)).toHaveLength(1);
    // `/exp subscriptions` shows the channel's quiet hours, digest and last alert.
    await b.command({ text: 'subscriptions', userId: MEMBER, channelId: GENERAL });
    const list = messageText(await ephemeralTo(MEMBER, /quiet .*digest daily at/));
    expect(list).toMatch(/UTC/);

    // Running long: one nudge for each running experiment past the mark, with Stop… and a reminder.
    await a.command({ text: 'subscribe long:30d', userId: ADMIN, channelId: GENERAL });
    await waitFor(/nudged once about each experiment running longer than 30 days/, 'mark not set');
    clock.set(31 * 24 * HOUR);
    const nudgeOf = (id: number) =>
      inGeneral(new RegExp(`Rhythm ${id}\\* \\(#${id}\\) has been running for`));
    const first = await world.emulator.waitFor(() => nudgeOf(8201)[0], {
      timeoutMs: 20_000,
      message: 'no nudge',
    });
    await world.emulator.waitFor(() => nudgeOf(8202)[0], { timeoutMs: 20_000, message: 'no nudge for 8202' });
    expect(JSON.stringify(first.blocks)).toContain('exp_lifecycle_stop');
    await b.clickButton(first, 'exp_nudge_remind', { userId: MEMBER });
    expect(messageText(await ephemeralTo(MEMBER, /running long again/))).toMatch(/Rhythm 8201/);
    // A week and a day on: 8201 (reminded) is nudged again; 8202 (not reminded) is not.
    clock.set(39 * 24 * HOUR);
    await world.emulator.waitFor(() => nudgeOf(8201)[1], { timeoutMs: 20_000, message: 'no reminder' });
    expect(nudgeOf(8201)).toHaveLength(2);
    expect(nudgeOf(8202)).toHaveLength(1);
  }, 120_000);
});
