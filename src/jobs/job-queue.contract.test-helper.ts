// Test-only: the engines the job queue contract runs against (BullMQ on Redis, and the store engine
// on memory, SQLite and PostgreSQL), each opened over the same durable state on every call.
import { afterEach } from 'vitest';
import { createMemoryLogger } from '../observability/logger.js';
import { backendFixture, REDIS_URL, uniqueName } from '../store/backends.test-helper.js';
import type { Store } from '../store/store-types.js';
import { createBullmqQueue } from './bullmq-queue.js';
import type { JobOutcome, JobQueue, JobQueueOptions, RunningJob } from './job-queue.js';
import { createStoreQueue } from './store-queue.js';

export const FAST: JobQueueOptions = { laneIntervalMs: 60, attempts: 3, backoffMs: 20 };

export type TestQueue = JobQueue<{ n: number }>;

export interface Engine {
  label: string;
  /** A queue over the same durable state on each call (a restart, or another replica). */
  open(options?: Partial<JobQueueOptions>): Promise<TestQueue>;
  dispose(): Promise<void>;
}

function storeEngine(kind: 'memory' | 'sqlite' | 'postgres'): () => Engine {
  return () => {
    const fixture = backendFixture(kind);
    const name = uniqueName('jobs');
    let store: Store | undefined;
    return {
      label: kind,
      async open(options = {}) {
        store ??= await fixture.open();
        return createStoreQueue<{ n: number }>({
          ...FAST,
          ...options,
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
    open: (options = {}) =>
      createBullmqQueue<{ n: number }>({
        ...FAST,
        ...options,
        url: `${REDIS_URL}/14`,
        name,
        logger: createMemoryLogger(),
        lockMs: 1_000,
        sweepMs: 200,
      }),
    async dispose() {},
  };
}

export const ENGINES: [string, () => Engine][] = [
  ['bullmq on redis', bullmqEngine],
  ['store engine on memory', storeEngine('memory')],
  ['store engine on sqlite', storeEngine('sqlite')],
  ['store engine on postgres', storeEngine('postgres')],
];

/** One engine per test, its queues closed and its state deleted after it. */
export function useEngine(makeEngine: () => Engine): {
  open(options?: Partial<JobQueueOptions>): Promise<TestQueue>;
} {
  let engine: Engine | undefined;
  const queues: TestQueue[] = [];
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.close();
    await engine?.dispose();
    engine = undefined;
  });
  return {
    async open(options) {
      engine ??= makeEngine();
      const q = await engine.open(options);
      queues.push(q);
      return q;
    },
  };
}

interface Run {
  id: string;
  lane: string;
  n: number;
  attempt: number;
  at: number;
  runAt: number;
  interrupted: boolean;
}

export function recorder(
  decide: (job: RunningJob<{ n: number }>) => JobOutcome | Promise<JobOutcome> = () => ({ kind: 'done' }),
) {
  const runs: Run[] = [];
  return {
    runs,
    handler: async (job: RunningJob<{ n: number }>) => {
      const { id, lane, attempt, runAt, interrupted } = job;
      runs.push({ id, lane, n: job.data.n, attempt, at: Date.now(), runAt, interrupted });
      return decide(job);
    },
  };
}
