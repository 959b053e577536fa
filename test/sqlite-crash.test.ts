import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../src/observability/logger.js';
import { createStore } from '../src/store/create-store.js';
import type { Store } from '../src/store/store-types.js';
import { spawnWorker } from './support/worker-process.js';

// SQLite's one writer commits the writes that arrive together in one transaction, and answers each
// only once that transaction is committed. A process writing 40 at a time is killed (SIGKILL, no
// chance to flush anything) in the middle; every write it was told had succeeded must be in the
// file when it is opened again, and the file must open. Three runs on the same file: a kill lands
// between a batch's statements and its commit often, not always.

const dir = mkdtempSync(join(tmpdir(), 'exp-sqlite-crash-'));
const url = `sqlite://${join(dir, 'crash.sqlite')}`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite writes told as done survive a kill', () => {
  it('holds every acknowledged write after SIGKILL in the middle of group commits', async () => {
    for (const run of [1, 2, 3]) {
      const { kv, logged } = await writeUntilKilled(run);
      expect(kv.length).toBeGreaterThan(1_000);
      const store = await createStore(url, { logger: createMemoryLogger() });
      try {
        const values = await store.keyv('records').get(kv);
        expect(kv.filter((_, i) => values[i] === undefined)).toEqual([]);
        const inLog = await loggedKeys(store);
        expect(logged.filter((key) => !inLog.has(key))).toEqual([]);
      } finally {
        await store.close();
      }
    }
  });
});

/** Runs the writing worker until it has acknowledged 2,000 writes, kills it, and says which. */
async function writeUntilKilled(run: number): Promise<{ kv: string[]; logged: string[] }> {
  const worker = spawnWorker('test/support/sqlite-writing-worker.ts', { STORE_URL: url, RUN: String(run) });
  const acknowledged = (output: string) => output.split('\n').filter((line) => line.startsWith('OK '));
  await worker.until((output) => acknowledged(output).length >= 2_000, 'wrote 2,000 keys');
  await worker.kill();
  const lines = acknowledged(worker.output());
  return {
    kv: lines.filter((line) => line.startsWith('OK kv ')).map((line) => line.slice(6)),
    logged: lines.filter((line) => line.startsWith('OK log ')).map((line) => line.slice(7)),
  };
}

/** Every key in the test's log stream, a page at a time (the log reads at most 500 a page). */
async function loggedKeys(store: Store): Promise<Set<string>> {
  const keys = new Set<string>();
  for (let before: string | undefined; ; ) {
    const page = await store.logs.read('crash', { before, limit: 500 });
    for (const entry of page) keys.add((entry.data as { key: string }).key);
    if (page.length < 500) return keys;
    before = page.at(-1)?.id;
  }
}
