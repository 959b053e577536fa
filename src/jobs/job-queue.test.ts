import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../observability/logger.js';
import { backendFixture, REDIS_URL, uniqueName } from '../store/backends.test-helper.js';
import type { Store } from '../store/store-types.js';
import { createBullmqQueue } from './bullmq-queue.js';
import type { JobOutcome, JobQueue, JobQueueOptions, RunningJob } from './job-queue.js';
import { createStoreQueue } from './store-queue.js';

// One contract, every engine: BullMQ on Redis, and the store engine on memory, SQLite and
// PostgreSQL. Lanes are Slack channels in the app; here they are letters.

const FAST: JobQueueOptions = { laneIntervalMs: 60, attempts: 3, backoffMs: 20 };

interface Engine {
  label: string;
  /** A queue over the same durable state on each call (a restart, or another replica). */
  open(): Promise<JobQueue<{ n: number }>>;
  dispose(): Promise<void>;
}

function storeEngine(kind: 'memory' | 'sqlite' | 'postgres'): () => Engine {
  return () => {
    const fixture = backendFixture(kind);
    const name = uniqueName('jobs');
    let store: Store | undefined;
    return {
      label: kind,
      async open() {
        store ??= await fixture.open();
        return createStoreQueue<{ n: number }>({
          ...FAST,
          keyv: store.keyv(name),
          locks: store.locks,
          name,
          logger: createMemoryLogger(),
          lockMs: 500,
          rescanMs: 200,
        });
      },
      async dispose() {
        await store?.keyv(name).clear();
        await store?.close();
        await fixture.dispose(name);
      },
    };
  };
}

function bullmqEngine(): Engine {
  const name = uniqueName('jobs');
  return {
    label: 'bullmq',
    open: () =>
      createBullmqQueue<{ n: number }>({
        ...FAST,
        url: `${REDIS_URL}/14`,
        name,
        logger: createMemoryLogger(),
        lockMs: 1_000,
        sweepMs: 200,
      }),
    async dispose() {},
  };
}

const engines: [string, () => Engine][] = [
  ['bullmq on redis', bullmqEngine],
  ['store engine on memory', storeEngine('memory')],
  ['store engine on sqlite', storeEngine('sqlite')],
  ['store engine on postgres', storeEngine('postgres')],
];

describe.each(engines)('job queue contract: %s', (_label, makeEngine) => {
  let engine: Engine;
  const queues: JobQueue<{ n: number }>[] = [];
  const open = async () => {
    const q = await engine.open();
    queues.push(q);
    return q;
  };
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.close();
    await engine?.dispose();
  });

  function recorder(decide: (job: RunningJob<{ n: number }>) => JobOutcome = () => ({ kind: 'done' })) {
    const runs: { lane: string; n: number; attempt: number; at: number; interrupted: boolean }[] = [];
    return {
      runs,
      handler: async (job: RunningJob<{ n: number }>) => {
        runs.push({
          lane: job.lane,
          n: job.data.n,
          attempt: job.attempt,
          at: Date.now(),
          interrupted: job.interrupted,
        });
        return decide(job);
      },
    };
  }

  it('runs each job once, in order within a lane, lanes side by side, paced per lane', async () => {
    engine = makeEngine();
    const q = await open();
    const { runs, handler } = recorder();
    q.start(handler);
    const jobs = ['A', 'B', 'C'].flatMap((lane) =>
      [1, 2, 3, 4].map((n) => ({ id: `${lane}${n}`, lane, data: { n } })),
    );
    await q.enqueue(jobs);
    // The same ids again (a retry, another replica): nothing more runs.
    await q.enqueue(jobs.slice(0, 5));
    await q.idle(20_000);
    expect(runs).toHaveLength(12);
    for (const lane of ['A', 'B', 'C']) {
      const mine = runs.filter((r) => r.lane === lane);
      expect(mine.map((r) => r.n)).toEqual([1, 2, 3, 4]);
      for (let i = 1; i < mine.length; i++) {
        expect((mine[i]?.at ?? 0) - (mine[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(FAST.laneIntervalMs - 5);
      }
    }
    // Lanes are not serialised behind each other: the first job of every lane ran before any lane's last.
    const lastOfAll = Math.min(
      ...['A', 'B', 'C'].map((l) => runs.filter((r) => r.lane === l).at(-1)?.at ?? 0),
    );
    expect(Math.max(...runs.filter((r) => r.n === 1).map((r) => r.at))).toBeLessThan(lastOfAll);
    expect(await q.depth()).toBe(0);
  });

  it('waits out a Retry-After on the whole lane, keeping its order, without using up tries', async () => {
    engine = makeEngine();
    const q = await open();
    let limited = 0;
    const { runs, handler } = recorder((job) => {
      if (job.data.n === 1 && limited < 4) {
        limited += 1;
        return { kind: 'retry-after', ms: 40 };
      }
      return { kind: 'done' };
    });
    q.start(handler);
    await q.enqueue([1, 2].map((n) => ({ id: `L${n}`, lane: 'L', data: { n } })));
    await q.idle(20_000);
    expect(runs.map((r) => r.n)).toEqual([1, 1, 1, 1, 1, 2]);
    // A Retry-After is not a failed try: more of them than attempts still ends in delivery.
    expect(limited).toBeGreaterThan(FAST.attempts);
  });

  it('tries a passing failure again with backoff, then gives up and moves the lane on', async () => {
    engine = makeEngine();
    const q = await open();
    const given: string[] = [];
    const { runs, handler } = recorder((job) =>
      job.data.n === 1 || (job.data.n === 2 && job.attempt === 1) ? { kind: 'retry' } : { kind: 'done' },
    );
    q.start(handler, { onGiveUp: (job) => given.push(job.id) });
    await q.enqueue([1, 2, 3].map((n) => ({ id: `R${n}`, lane: 'R', data: { n } })));
    await q.idle(20_000);
    expect(runs.map((r) => [r.n, r.attempt])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
      [2, 1],
      [2, 2],
      [3, 1],
    ]);
    expect(given).toEqual(['R1']);
  });

  it('keeps jobs enqueued before a restart and runs them after it', async () => {
    engine = makeEngine();
    const before = await open();
    await before.enqueue([1, 2, 3].map((n) => ({ id: `S${n}`, lane: 'S', data: { n } })));
    await before.close();
    const after = await open();
    const { runs, handler } = recorder();
    after.start(handler);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await after.idle(20_000);
    expect(runs.map((r) => r.n)).toEqual([1, 2, 3]);
    expect(runs.every((r) => !r.interrupted)).toBe(true);
  });

  it('runs each job on one replica when two share the state', async () => {
    engine = makeEngine();
    const [a, b] = [await open(), await open()];
    const { runs, handler } = recorder();
    a.start(handler);
    b.start(handler);
    const jobs = Array.from({ length: 30 }, (_, i) => ({
      id: `M${i}`,
      lane: `lane${i % 5}`,
      data: { n: i },
    }));
    await Promise.all([a.enqueue(jobs), b.enqueue(jobs)]);
    await Promise.all([a.idle(20_000), b.idle(20_000)]);
    // The store engine learns of the other replica's rows on its rescan.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await Promise.all([a.idle(20_000), b.idle(20_000)]);
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual(jobs.map((j) => j.data.n));
  });
});
