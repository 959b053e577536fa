// Test-only: a replica that takes one job and dies in the middle of it. It opens the job queue the
// way the app does (createJobQueue, the store's engine, JOB_LOCK_SECONDS as lockMs), enqueues one
// job, prints RUNNING when its handler has it, and never finishes: the test then SIGKILLs it.
import { createJobQueue } from '../../src/jobs/create-job-queue.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createStore } from '../../src/store/create-store.js';

const { STORE_URL = '', QUEUE_NAME = '', LOCK_MS = '' } = process.env;
const logger = createMemoryLogger();
const store = await createStore(STORE_URL, { logger });
const queue = await createJobQueue<{ n: number }>({
  store,
  storeUrl: STORE_URL,
  name: QUEUE_NAME,
  logger,
  lockMs: Number(LOCK_MS),
});
queue.start(async (job) => {
  process.stdout.write(`RUNNING ${job.id}\n`);
  return new Promise(() => {});
});
// The engines' timers do not hold a process open; a replica's HTTP server does, this stands in for it.
setInterval(() => {}, 60_000);
await queue.enqueue([{ id: 'J1', lane: 'C1', data: { n: 1 } }]);
