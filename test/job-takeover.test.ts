import { afterEach, describe, expect, it } from 'vitest';
import { createJobQueue } from '../src/jobs/create-job-queue.js';
import type { JobQueue, RunningJob } from '../src/jobs/job-queue.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { backendFixture, uniqueName } from '../src/store/backends.test-helper.js';
import { createStore } from '../src/store/create-store.js';
import type { Store } from '../src/store/store-types.js';
import { spawnWorker } from './support/worker-process.js';

// A replica is SIGKILLed while it runs a job; another replica, opened the way the app opens its
// queue (createJobQueue with JOB_LOCK_SECONDS as lockMs), takes the job over once the dead one's
// hold runs out, and is told the job was interrupted. The hold is the configured one, not an
// engine default: until this test, createJobQueue dropped lockMs, so with JOB_LOCK_SECONDS=3 an
// alert on a killed replica stayed stuck behind BullMQ's 30-second lock for up to ~90 s.
// SQLite keeps its claims in process (it serves one process), so there the survivor is the
// restarted replica, and the hold does not outlive the dead process.

const LOCK_MS = 1_000;
// Generous for a 1-second hold (BullMQ notices a stalled job on its second check, up to about
// 2 x lock + lock later); far below the 30-second default the engines fall back to.
const TAKEOVER_BOUND_MS = 12_000;

describe.each(['redis', 'sqlite', 'postgres'] as const)('job takeover after a replica dies: %s', (kind) => {
  const fixture = backendFixture(kind);
  const url = kind === 'redis' ? `${fixture.url}/13` : fixture.url;
  const name = uniqueName('takeover');
  let store: Store | undefined;
  let queue: JobQueue<{ n: number }> | undefined;

  afterEach(async () => {
    await queue?.close();
    await store?.keyv(`jobs-${name}`).clear();
    await store?.close();
    await fixture.dispose(name);
  });

  it('runs the dead replica job on the survivor within the configured hold, marked interrupted', async () => {
    const worker = spawnWorker('test/support/hanging-job-worker.ts', {
      STORE_URL: url,
      QUEUE_NAME: name,
      LOCK_MS: String(LOCK_MS),
    });
    await worker.until((output) => output.includes('RUNNING J1'), 'ran the job');
    await worker.kill();
    const killedAt = Date.now();

    const logger = createMemoryLogger();
    store = await createStore(url, { logger });
    queue = await createJobQueue<{ n: number }>({ store, storeUrl: url, name, logger, lockMs: LOCK_MS });
    const taken = new Promise<{ job: RunningJob<{ n: number }>; afterMs: number }>((resolve) => {
      queue?.start(async (job) => {
        resolve({ job, afterMs: Date.now() - killedAt });
        return { kind: 'done' };
      });
    });
    const bound = new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`not taken over within ${TAKEOVER_BOUND_MS} ms`)),
        TAKEOVER_BOUND_MS,
      ).unref(),
    );
    const { job, afterMs } = await Promise.race([taken, bound]);
    expect(job).toMatchObject({ id: 'J1', lane: 'C1', data: { n: 1 }, interrupted: true });
    console.info(`${kind}: taken over ${afterMs} ms after the kill (hold ${LOCK_MS} ms)`);
    await queue.idle(10_000);
    expect(await queue.depth()).toBe(0);
  }, 60_000);
});
