import type { Logger } from '../observability/logger.js';
import type { Store } from '../store/store-types.js';
import type { JobQueue, JobQueueOptions } from './job-queue.js';
import { createStoreQueue } from './store-queue.js';

export interface CreateJobQueueInput {
  store: Store;
  /** STORE_URL: BullMQ connects to the same Redis. */
  storeUrl: string;
  name: string;
  logger: Logger;
  options?: Partial<JobQueueOptions>;
  /** How long a job may run before another replica takes it over. */
  lockMs?: number;
}

/** BullMQ when the store is Redis (replicas share it); the store engine on memory, SQLite and PostgreSQL. */
export async function createJobQueue<T>(input: CreateJobQueueInput): Promise<JobQueue<T>> {
  const { store, name, logger } = input;
  if (store.kind === 'redis') {
    // BullMQ and ioredis are loaded only for a Redis store: the idle memory budget (docs/benchmarks.md).
    const { createBullmqQueue } = await import('./bullmq-queue.js');
    return createBullmqQueue<T>({
      ...input.options,
      url: input.storeUrl,
      name,
      logger,
      lockMs: input.lockMs,
    });
  }
  return createStoreQueue<T>({
    ...input.options,
    keyv: store.keyv(`jobs-${name}`),
    locks: store.locks,
    name,
    logger,
    lockMs: input.lockMs,
  });
}
