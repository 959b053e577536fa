import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type Harness, startHarness } from './support/harness.js';

// On Redis a lifecycle command's receipt (the intent written before its ack) is written by the same
// script as the request's replay claim, only when the claim takes: one round trip before the ack
// instead of two. Watched with MONITOR: what the app sends to Redis, not what it says it sends.

const DB = 15;
const STORE_URL = `redis://127.0.0.1:6379/${DB}`;
const INTENT_KEY = /"(exp-chatops:intents:([0-9a-f]{24}))"/;

let h: Harness;
let redis: ReturnType<typeof createClient>;
let monitor: ReturnType<typeof createClient>;
const seen: string[] = [];

beforeAll(async () => {
  redis = createClient({ url: STORE_URL });
  await redis.connect();
  await redis.flushDb();
  monitor = createClient({ url: STORE_URL });
  await monitor.connect();
  await monitor.monitor((line) => {
    if (line.includes(`[${DB} `)) seen.push(line);
  });
  h = await startHarness({
    env: { STORE_URL, CONSOLE_TIMEOUT_MS: '5000' },
    maxActionsInFlight: 2,
    maxActionsPerWorkspace: 2,
  });
});
afterAll(async () => {
  h?.sandbox.setLatency(0);
  await h?.close();
  monitor?.destroy();
  await redis?.close();
});

/** The script runs that claimed a request and wrote a receipt with it: the receipt's key and id. */
const claimsWithReceipt = () =>
  seen
    .filter((line) => line.includes('"EVAL"') && line.includes('exp-chatops:_once:') && INTENT_KEY.test(line))
    .map((line) => ({ line, id: INTENT_KEY.exec(line)?.[2] ?? '' }));
/** Every write of an intent's key the app sent (SET; MONITOR also shows a script's own, as `[db lua]`). */
const intentSets = (id: string) =>
  seen.filter(
    (line) =>
      !line.includes(`[${DB} lua]`) && line.includes('"SET"') && line.includes(`"exp-chatops:intents:${id}"`),
  );
/** Intents in the store (the namespace also holds each process's lease). */
const intentsLeft = async () =>
  (await redis.keys('exp-chatops:intents:*')).filter((key) => !key.startsWith('exp-chatops:intents:lease:'));
const starts = (id: number) =>
  h.sandbox.state.requests.filter(
    (r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/start`),
  );

describe('a lifecycle command on Redis: its receipt written by its replay claim', () => {
  it('writes the receipt with the claim, never on its own, and nothing for a replay', async () => {
    seen.length = 0;
    const form = h.driver.commandForm({ text: 'start 4' });
    const first = await h.driver.signed(form);
    const replay = await h.driver.signed(form);
    expect([first.status, replay.status]).toEqual([200, 200]);
    await h.emulator.waitFor(() => starts(4).length === 1, { message: 'start 4 did not run' });
    await h.app.idle();
    const claims = claimsWithReceipt();
    // The request and its replay each made one claim carrying a receipt: only the first wrote it.
    expect(claims).toHaveLength(2);
    const [taken, refused] = claims;
    expect(taken?.line).toContain('\\"phase\\":\\"received\\"');
    // The action advanced the same intent (sending, telling): no receipt of its own was written.
    const sets = intentSets(taken?.id ?? '');
    expect(sets.length).toBeGreaterThan(0);
    for (const line of sets) expect(line).not.toContain('\\"phase\\":\\"received\\"');
    expect(intentSets(refused?.id ?? '')).toEqual([]);
    // Ended once, by the action that took it over: not again by the receiver's release.
    const deletes = seen.filter((line) => /"(UNLINK|DEL)"/.test(line) && line.includes(taken?.id ?? '-'));
    expect(deletes).toHaveLength(1);
    expect(starts(4)).toHaveLength(1);
    // Told and ended; the replay's receipt was never written.
    expect(await intentsLeft()).toEqual([]);
  });

  it('leaves no receipt behind for a command that does not act: refused by access or as busy', async () => {
    await h.driver.command({ text: 'start 7', userId: EMULATOR_DEFAULTS.guestUserId });
    await h.app.idle();
    expect(await intentsLeft()).toEqual([]);

    h.sandbox.setLatency(1_500, { pathIncludes: '/start' });
    seen.length = 0;
    for (const id of [7, 123]) expect((await h.driver.command({ text: `start ${id}` })).status).toBe(200);
    await h.emulator.waitFor(() => starts(7).length === 1 && starts(123).length === 1, { timeoutMs: 5000 });
    const busy = await h.driver.command({ text: 'start 3' });
    expect(busy.body).toContain('Too many actions are in progress');
    // With no slot free when it was claimed, the busy command's claim carried no receipt.
    expect(claimsWithReceipt()).toHaveLength(2);
    h.sandbox.setLatency(0);
    await h.app.idle();
    expect(starts(3)).toHaveLength(0);
    expect(await intentsLeft()).toEqual([]);
  });
});
