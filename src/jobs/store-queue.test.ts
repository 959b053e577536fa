import { Keyv } from 'keyv';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../observability/logger.js';
import { createMemoryOnceGuard } from '../store/memory-once-guard.js';
import type { OnceGuard } from '../store/store-types.js';
import { createStoreQueue } from './store-queue.js';

// A race the contract suite met once in CI (sqlite, lane order 2, 3, 4, 1): a rescan that began
// before an enqueue forgot the first job for missing from the rows it had read, and the job waited
// for the next rescan behind the ones queued after it. Here the scan is made slower than the
// enqueue on purpose: it reads the rows, then hands them over only once the enqueue is under way.
describe('the store queue', () => {
  it('keeps a job enqueued while a rescan is reading the rows, in its place in the lane', async () => {
    const keyv = new Keyv();
    const iterate = keyv.iterator?.bind(keyv);
    if (!iterate) throw new Error('the memory Keyv has no iterator');
    let releaseScan: () => void = () => {};
    const scanGate = new Promise<void>((resolve) => {
      releaseScan = resolve;
    });
    keyv.iterator = async function* (namespace?: string) {
      const rows: unknown[] = [];
      for await (const row of iterate(namespace) as AsyncIterable<unknown>) rows.push(row);
      await scanGate;
      yield* rows;
    } as typeof keyv.iterator;
    const guard = createMemoryOnceGuard();
    const locks: OnceGuard = {
      async claim(key, ttlMs) {
        const first = await guard.claim(key, ttlMs);
        // The first job is written and placed; the scan that began before it now finishes.
        if (key.endsWith(':seen:A2')) {
          releaseScan();
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return first;
      },
    };
    const queue = createStoreQueue<{ n: number }>({
      laneIntervalMs: 5,
      attempts: 3,
      backoffMs: 5,
      keyv,
      locks,
      name: 'race',
      logger: createMemoryLogger(),
      rescanMs: 60_000,
    });
    const runs: number[] = [];
    queue.start(async (job) => {
      runs.push(job.data.n);
      return { kind: 'done' };
    });
    await queue.enqueue([1, 2, 3, 4].map((n) => ({ id: `A${n}`, lane: 'A', data: { n } })));
    await queue.idle(5_000);
    expect(runs).toEqual([1, 2, 3, 4]);
    await queue.close();
  });
});
