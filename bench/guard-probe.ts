// Preloaded into the app by bench/storm-memory.ts (`--import`): every second, writes how many
// requests the replay guard remembers (src/store/memory-once-guard.ts) to BENCH_GUARD_FILE, so the
// benchmark can show the guard's size over time beside the process's memory.
import { writeFileSync } from 'node:fs';
import { seenRequestsRemembered } from '../src/store/memory-once-guard.js';

const file = process.env.BENCH_GUARD_FILE;
if (file) {
  setInterval(() => writeFileSync(file, String(seenRequestsRemembered())), 1_000).unref();
}
