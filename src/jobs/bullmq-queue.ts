import { createHash } from 'node:crypto';
import { DelayedError, type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../observability/logger.js';
import {
  DEFAULT_JOB_OPTIONS,
  type JobHandler,
  type JobOutcome,
  type JobQueue,
  JobQueueError,
  type JobQueueOptions,
  type JobSpec,
} from './job-queue.js';

// BullMQ gives durability, retries with backoff, delays, stalled-job recovery (a replica killed
// mid-job) and one worker per job across replicas. Ordering and pacing per lane (per Slack channel)
// are BullMQ Pro's "groups"; here they are a Redis list per lane beside the queue: only a lane's
// head has a BullMQ job, and finishing it schedules the next one. A sweep repairs a lane whose
// head lost its job (the process died between finishing one job and adding the next).

export interface BullmqQueueOptions extends Partial<JobQueueOptions> {
  /** redis:// or rediss:// (the STORE_URL). */
  url: string;
  /** Queue name; also the prefix of the lane keys. */
  name: string;
  logger: Logger;
  /** Worker concurrency: lanes run side by side, each one job at a time. */
  concurrency?: number;
  /** How long a job may run before another replica takes it over (BullMQ's lockDuration). */
  lockMs?: number;
  /** How often the lanes are checked for a head without a job. */
  sweepMs?: number;
  /** How long an id is remembered to ignore its re-enqueueing. */
  dedupeMs?: number;
}

interface LaneItem<T> {
  id: string;
  data: T;
}

interface JobData {
  lane: string;
  id: string;
}

// Adds an item to its lane unless its id was seen; returns the lane's length, or -1 for a duplicate.
const ENQUEUE = `
if redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[2]) == false then return -1 end
local n = redis.call('RPUSH', KEYS[2], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[3])
return n`;

// Removes the lane's head if it is the item named; returns the new head (or false).
const FINISH = `
local head = redis.call('LINDEX', KEYS[1], 0)
if head and cjson.decode(head).id == ARGV[1] then redis.call('LPOP', KEYS[1]) end
redis.call('DEL', KEYS[2])
return redis.call('LINDEX', KEYS[1], 0)`;

export async function createBullmqQueue<T>(options: BullmqQueueOptions): Promise<JobQueue<T>> {
  const settings = { ...DEFAULT_JOB_OPTIONS, ...options };
  const { name, logger } = options;
  const dedupeMs = options.dedupeMs ?? 24 * 60 * 60 * 1000;
  // Workers block on Redis: BullMQ requires maxRetriesPerRequest null on their connection.
  const connection = new Redis(options.url, { maxRetriesPerRequest: null, lazyConnect: false });
  const redis = new Redis(options.url, { maxRetriesPerRequest: 2 });
  for (const client of [connection, redis]) {
    client.on('error', (error: Error) => logger.warn('job queue: redis error', { error: error.message }));
  }
  const prefix = `exp:${name}`;
  const laneKey = (lane: string) => `${prefix}:lane:${lane}`;
  const nextAtKey = (lane: string) => `${prefix}:next:${lane}`;
  const startedKey = (id: string) => `${prefix}:started:${id}`;
  const lanesKey = `${prefix}:lanes`;
  // BullMQ refuses ':' in custom ids; a digest keeps any id and lane usable.
  const jobIdOf = (lane: string, id: string) => createHash('sha256').update(`${lane}\n${id}`).digest('hex');

  const queue = new Queue<JobData>(name, {
    connection,
    prefix: 'exp-bull',
    defaultJobOptions: {
      attempts: settings.attempts,
      backoff: { type: 'exponential', delay: settings.backoffMs },
      removeOnComplete: true,
      removeOnFail: true,
    },
  });
  queue.on('error', (error: Error) => logger.warn('job queue error', { error: error.message }));
  let worker: Worker<JobData> | undefined;
  let sweeper: NodeJS.Timeout | undefined;

  async function addHead(lane: string, head: string | null, delay: number): Promise<void> {
    if (!head) return;
    const { id } = JSON.parse(head) as LaneItem<T>;
    await queue.add('job', { lane, id }, { jobId: jobIdOf(lane, id), delay: Math.max(0, delay) });
  }

  async function finish(lane: string, id: string): Promise<void> {
    const nextAt = Date.now() + settings.laneIntervalMs;
    await redis.set(nextAtKey(lane), String(nextAt), 'PX', settings.laneIntervalMs + 60_000);
    const head = (await redis.eval(FINISH, 2, laneKey(lane), startedKey(id), id)) as string | null;
    await addHead(lane, head, settings.laneIntervalMs);
  }

  async function sweep(): Promise<void> {
    const lanes = await redis.smembers(lanesKey);
    for (const lane of lanes) {
      const head = await redis.lindex(laneKey(lane), 0);
      if (!head) {
        await redis.srem(lanesKey, lane);
        // Re-added by an enqueue that raced the removal: the lane is swept again next time.
        if (await redis.lindex(laneKey(lane), 0)) await redis.sadd(lanesKey, lane);
        continue;
      }
      const { id } = JSON.parse(head) as LaneItem<T>;
      if (!(await queue.getJob(jobIdOf(lane, id)))) {
        logger.info('job queue: lane head without a job; scheduling it again', { lane });
        await addHead(lane, head, 0);
      }
    }
  }

  const api: JobQueue<T> = {
    engine: 'bullmq',
    async enqueue(jobs: readonly JobSpec<T>[]) {
      try {
        for (const job of jobs) {
          const item: LaneItem<T> = { id: job.id, data: job.data };
          const json = JSON.stringify(item);
          const length = (await redis.eval(
            ENQUEUE,
            3,
            `${prefix}:seen:${job.id}`,
            laneKey(job.lane),
            lanesKey,
            json,
            String(dedupeMs),
            job.lane,
          )) as number;
          if (length === 1) {
            const nextAt = Number((await redis.get(nextAtKey(job.lane))) ?? 0);
            await addHead(job.lane, json, nextAt - Date.now());
          }
        }
      } catch (error) {
        throw new JobQueueError('could not enqueue jobs', error);
      }
    },
    start(handler: JobHandler<T>, hooks = {}) {
      if (worker) return;
      const run = async (job: Job<JobData>, token?: string): Promise<void> => {
        const { lane, id } = job.data;
        const head = await redis.lindex(laneKey(lane), 0);
        if (!head) return;
        const item = JSON.parse(head) as LaneItem<T>;
        if (item.id !== id) return addHead(lane, head, 0);
        const nextAt = Number((await redis.get(nextAtKey(lane))) ?? 0);
        if (nextAt > Date.now()) {
          await job.moveToDelayed(nextAt, token);
          throw new DelayedError();
        }
        const interrupted = (await redis.set(startedKey(id), '1', 'PX', dedupeMs, 'NX')) === null;
        let outcome: JobOutcome;
        try {
          outcome = await handler({ id, lane, data: item.data, attempt: job.attemptsMade + 1, interrupted });
        } catch (error) {
          logger.error('job handler threw; trying again later', { lane, error: (error as Error)?.name });
          outcome = { kind: 'retry' };
        }
        switch (outcome.kind) {
          case 'done':
          case 'drop':
            return finish(lane, id);
          case 'retry-after': {
            const at = Date.now() + outcome.ms;
            await redis.del(startedKey(id));
            await redis.set(nextAtKey(lane), String(at), 'PX', outcome.ms + 60_000);
            await job.moveToDelayed(at, token);
            throw new DelayedError();
          }
          case 'retry':
            await redis.del(startedKey(id));
            throw new Error('job to be tried again');
        }
      };
      worker = new Worker<JobData>(name, run, {
        connection,
        prefix: 'exp-bull',
        concurrency: options.concurrency ?? 16,
        lockDuration: options.lockMs ?? 30_000,
        stalledInterval: options.lockMs ?? 30_000,
      });
      worker.on('failed', (job, error) => {
        if (!job || error instanceof DelayedError) return;
        if (job.attemptsMade < (job.opts.attempts ?? 1)) return;
        const { lane, id } = job.data;
        logger.warn('job given up after its last try', { lane, attempts: job.attemptsMade });
        void (async () => {
          const head = await redis.lindex(laneKey(lane), 0);
          const item = head ? (JSON.parse(head) as LaneItem<T>) : undefined;
          if (item?.id === id) hooks.onGiveUp?.({ id, lane, data: item.data });
          await finish(lane, id);
        })().catch((e: unknown) =>
          logger.error('could not move a lane on', { lane, error: (e as Error)?.name }),
        );
      });
      worker.on('error', (error) => logger.warn('job worker error', { error: error.message }));
      // A lane whose head lost its job waits for this: no longer than a dead replica holds a job.
      const sweepMs = options.sweepMs ?? options.lockMs ?? 30_000;
      const sweepNow = () =>
        sweep().catch((error: unknown) =>
          logger.warn('job lane sweep failed', { error: (error as Error)?.name }),
        );
      void sweepNow();
      sweeper = setInterval(sweepNow, sweepMs);
      sweeper.unref();
    },
    async depth() {
      const lanes = await redis.smembers(lanesKey);
      let total = 0;
      for (const lane of lanes) total += await redis.llen(laneKey(lane));
      return total;
    },
    async idle(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      // A store that cannot be reached cannot tell: idle then means "nothing more to wait for here".
      const busy = () =>
        api.depth().then(
          (n) => n > 0,
          () => false,
        );
      while (await busy()) {
        if (Date.now() > deadline) throw new JobQueueError('job queue still busy');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      if (sweeper) clearInterval(sweeper);
      // Bounded: with Redis gone, BullMQ's close would wait for a connection forever. A job still
      // running when the bound passes is taken over by another replica after its lock expires.
      const bounded = (work: Promise<unknown>, ms: number) =>
        Promise.race([
          work.catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, ms).unref()),
        ]);
      await bounded(worker?.close() ?? Promise.resolve(), 5_000);
      await bounded(queue.close(), 1_000);
      connection.disconnect();
      redis.disconnect();
    },
  };
  return api;
}
