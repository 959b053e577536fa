import { randomBytes } from 'node:crypto';
import { REPLAY_MEMORY_MS, replayKey } from '../src/slack/receiver/slack-request.js';
import { createMemoryOnceGuard } from '../src/store/memory-once-guard.js';

// What a claim of the in-process replay guard (SQLite and memory:// stores) costs as it fills and
// once it is full: a million claims with the receiver's own keys and memory, timed 50,000 at a
// time. The guard holds at most 200,000; past that each claim forgets the oldest, as it does once
// the guard is 11 minutes old at any rate. Every window should cost about the same (until
// 2026-11-28 the windows past the bound cost 20 to 200 times the first: docs/performance-log.md,
// "The replay guard when full").
//   npm run bench:replay-guard

const CLAIMS = 1_000_000;
const WINDOW = 50_000;
const body = randomBytes(400);
const keys: string[] = [];
for (let i = 0; i < CLAIMS; i++) {
  body.writeUInt32LE(i, 0);
  keys.push(replayKey(body));
}
const guard = createMemoryOnceGuard();
process.stdout.write('| claims so far | remembered | µs per claim |\n|---|---|---|\n');
for (let from = 0; from < CLAIMS; from += WINDOW) {
  const started = process.hrtime.bigint();
  for (let i = from; i < from + WINDOW; i++) await guard.claim(keys[i] ?? '', REPLAY_MEMORY_MS);
  const us = Number(process.hrtime.bigint() - started) / WINDOW / 1000;
  process.stdout.write(`| ${from + WINDOW} | ${guard.seenCount()} | ${us.toFixed(2)} |\n`);
}
