import { createScheduleStore } from '../core/schedule/schedule-store.js';
import { createJobQueue } from '../jobs/create-job-queue.js';
import type { SlackDeps } from '../slack/deps.js';
import { SCHEDULE_QUEUE, type ScheduledJob } from '../slack/schedule/ids.js';
import { storedValues } from '../store/conditional-update.js';
import type { DomainServicesInput } from './domain-services.js';

/**
 * Scheduled lifecycle actions: their records, and a queue of their own whose delayed jobs (one lane
 * each, so none waits behind another) run each once across replicas, also after restarts.
 */
export async function scheduleServices(
  input: DomainServicesInput,
): Promise<Pick<SlackDeps, 'schedules' | 'scheduledActions'>> {
  const { store } = input.infra;
  const scheduledActions = await createJobQueue<ScheduledJob>({
    store,
    storeUrl: input.config.store.url,
    name: SCHEDULE_QUEUE,
    logger: input.logger.child({ component: 'schedule' }),
    // A scheduled action is tried once: its outcome is told, never redone behind people's backs.
    options: { laneIntervalMs: 0, attempts: 1 },
    lockMs: input.config.jobLockMs,
  });
  input.closers.push(() => scheduledActions.close());
  return {
    schedules: createScheduleStore({
      stored: storedValues(store, 'schedules'),
      claim: (key, ttlMs) => store.locks.claim(key, ttlMs),
      now: () => new Date(),
    }),
    scheduledActions,
  };
}
