import { createHook } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';

// Preloaded into a subject by bench/promises.ts (`node --import`): counts the promises the process
// creates, and on SIGUSR2 writes the count so far to PROMISE_COUNT_FILE. The hook itself is what
// AsyncLocalStorage pays for each promise, so the subject runs slower with it; the counts, not the
// times, are the result.

const file = process.env.PROMISE_COUNT_FILE;
let created = 0;
createHook({
  init(_asyncId, type) {
    if (type === 'PROMISE') created++;
  },
}).enable();
process.on('SIGUSR2', () => {
  if (file) writeFileSync(file, String(created));
});
