import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.js';
import {
  expectNoReceiptForCommandsThatDoNotAct,
  expectReceiptWrittenByClaim,
  type ReceiptWatch,
} from './support/receipt-claims.js';

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

/** What the app sent Redis about its receipts, read off MONITOR. */
const watch: ReceiptWatch = {
  reset: () => {
    seen.length = 0;
  },
  // The script runs that claimed a request and wrote a receipt with it.
  claimsWithReceipt: () =>
    seen
      .filter(
        (line) => line.includes('"EVAL"') && line.includes('exp-chatops:_once:') && INTENT_KEY.test(line),
      )
      .map((line) => ({ id: INTENT_KEY.exec(line)?.[2] ?? '', sent: line })),
  // SETs of the key the app sent (MONITOR also shows a script's own, as `[db lua]`).
  writesOf: (id) =>
    seen.filter(
      (line) =>
        !line.includes(`[${DB} lua]`) &&
        line.includes('"SET"') &&
        line.includes(`"exp-chatops:intents:${id}"`),
    ),
  deletesOf: (id) => seen.filter((line) => /"(UNLINK|DEL)"/.test(line) && line.includes(id)).length,
  // The namespace also holds each process's lease.
  intentsLeft: async () =>
    (await redis.keys('exp-chatops:intents:*')).filter(
      (key) => !key.startsWith('exp-chatops:intents:lease:'),
    ),
};

describe('a lifecycle command on Redis: its receipt written by its replay claim', () => {
  it('writes the receipt with the claim, never on its own, and nothing for a replay', () =>
    expectReceiptWrittenByClaim(h, watch));

  it('leaves no receipt behind for a command that does not act: refused by access, from another workspace or as busy', () =>
    expectNoReceiptForCommandsThatDoNotAct(h, watch));
});
