// Test-only: a process that writes to a SQLite store as fast as it can, many writes at once (so
// the file's writer commits them together), and prints each key once its write has resolved. The
// test SIGKILLs it mid-stream and checks that every key it printed is in the file.
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createStore } from '../../src/store/create-store.js';

const { STORE_URL = '', RUN = '0' } = process.env;
const store = await createStore(STORE_URL, { logger: createMemoryLogger() });
const records = store.keyv('records');
const log = store.logs;
process.stdout.write('READY\n');
for (let round = 0; ; round++) {
  await Promise.all(
    Array.from({ length: 40 }, async (_, i) => {
      const key = `r${RUN}-k${round}-${i}`;
      if (i % 10 === 0) await log.append('crash', { key }, { at: Date.now(), retentionMs: 86_400_000 });
      else await records.set(key, { round, i, pad: 'x'.repeat(200) });
      process.stdout.write(`OK ${i % 10 === 0 ? 'log' : 'kv'} ${key}\n`);
    }),
  );
}
