import { createHash } from 'node:crypto';
import { DelayedError, type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../observability/logger.js';
import { redactSecrets } from '../observability/redact.js';
import { secretsOfUrl } from '../observability/url-secrets.js';
import { ENQUEUE, FINISH, laneKeys, PROMOTE, REMOVE, SCHEDULE, START } from './bullmq-scripts.js';
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
// A job with a runAt ahead waits outside its lane, in a sorted set, with a delayed BullMQ "promote"
// job that moves it into the lane at its time (so it holds up no job due before it); the sweep also
// promotes what is due, for a promote job lost the same way.

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
  /** When it fell due: its runAt, or its enqueueing (absent on items of older versions). */
  due?: number;
}

interface JobData {
  lane: string;
  id: string;
}

const PROMOTE_JOB = 'promote';
const errorName = (error: unknown) => (error as Error)?.name;

export async function createBullmqQueue<T>(options: BullmqQueueOptions): Promise<JobQueue<T>> {
  return new BullmqQueue<T>(options);
}

class BullmqQueue<T> implements JobQueue<T> {
  readonly engine = 'bullmq';
  private readonly settings: JobQueueOptions;
  private readonly logger: Logger;
  private readonly dedupeMs: number;
  private readonly keys: ReturnType<typeof laneKeys>;
  /** Workers block on Redis: BullMQ requires maxRetriesPerRequest null on their connection. */
  private readonly connection: Redis;
  private readonly redis: Redis;
  private readonly queue: Queue<JobData>;
  private worker: Worker<JobData> | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  /** STORE_URL's credentials, masked in the clients' error messages however they quote them. */
  private readonly urlSecrets: string[];

  constructor(private readonly options: BullmqQueueOptions) {
    this.settings = { ...DEFAULT_JOB_OPTIONS, ...options };
    this.logger = options.logger;
    this.dedupeMs = options.dedupeMs ?? 24 * 60 * 60 * 1000;
    this.keys = laneKeys(options.name);
    this.urlSecrets = secretsOfUrl(options.url);
    this.connection = new Redis(options.url, { maxRetriesPerRequest: null, lazyConnect: false });
    this.redis = new Redis(options.url, { maxRetriesPerRequest: 2 });
    for (const client of [this.connection, this.redis]) {
      client.on('error', (error: Error) =>
        this.logger.warn('job queue: redis error', { error: this.messageOf(error) }),
      );
    }
    this.queue = new Queue<JobData>(options.name, {
      connection: this.connection,
      prefix: 'exp-bull',
      defaultJobOptions: {
        attempts: this.settings.attempts,
        backoff: { type: 'exponential', delay: this.settings.backoffMs },
        removeOnComplete: true,
        removeOnFail: true,
      },
    });
    this.queue.on('error', (error: Error) =>
      this.logger.warn('job queue error', { error: this.messageOf(error) }),
    );
  }

  private messageOf(error: Error): string {
    return redactSecrets(error.message, this.urlSecrets);
  }

  /** BullMQ refuses ':' in custom ids; a digest keeps any id and lane usable. */
  private jobIdOf(lane: string, id: string, kind = 'run'): string {
    const text = kind === 'run' ? `${lane}\n${id}` : `${kind}\n${lane}\n${id}`;
    return createHash('sha256').update(text).digest('hex');
  }

  private async addHead(lane: string, head: string | null, delay: number): Promise<void> {
    if (!head) return;
    const { id } = JSON.parse(head) as LaneItem<T>;
    await this.queue.add('job', { lane, id }, { jobId: this.jobIdOf(lane, id), delay: Math.max(0, delay) });
  }

  /** Gives a lane's head its job, no earlier than the lane's pacing allows. */
  private async addHeadPaced(lane: string, head: string | null): Promise<void> {
    const nextAt = Number((await this.redis.get(this.keys.nextAt(lane))) ?? 0);
    await this.addHead(lane, head, nextAt - Date.now());
  }

  private async finish(lane: string, id: string): Promise<void> {
    const nextAt = Date.now() + this.settings.laneIntervalMs;
    await this.redis.set(this.keys.nextAt(lane), String(nextAt), 'PX', this.settings.laneIntervalMs + 60_000);
    const head = (await this.redis.eval(FINISH, 2, this.keys.lane(lane), this.keys.started(id), id)) as
      | string
      | null;
    await this.addHead(lane, head, this.settings.laneIntervalMs);
  }

  private async promote(lane: string, id: string): Promise<void> {
    const { scheduled, scheduledItems, lanes } = this.keys;
    const length = (await this.redis.eval(
      PROMOTE,
      4,
      scheduled,
      scheduledItems,
      this.keys.lane(lane),
      lanes,
      id,
      lane,
    )) as number;
    if (length === 1) await this.addHeadPaced(lane, await this.redis.lindex(this.keys.lane(lane), 0));
  }

  private async sweep(): Promise<void> {
    await this.promoteDue();
    for (const lane of await this.redis.smembers(this.keys.lanes)) {
      const head = await this.redis.lindex(this.keys.lane(lane), 0);
      if (!head) {
        await this.redis.srem(this.keys.lanes, lane);
        // Re-added by an enqueue that raced the removal: the lane is swept again next time.
        if (await this.redis.lindex(this.keys.lane(lane), 0)) await this.redis.sadd(this.keys.lanes, lane);
        continue;
      }
      const { id } = JSON.parse(head) as LaneItem<T>;
      if (!(await this.queue.getJob(this.jobIdOf(lane, id)))) {
        this.logger.info('job queue: lane head without a job; scheduling it again', { lane });
        await this.addHead(lane, head, 0);
      }
    }
  }

  /** Scheduled jobs whose time came without their promote job running (lost, or late). */
  private async promoteDue(): Promise<void> {
    const due = await this.redis.zrangebyscore(this.keys.scheduled, '-inf', String(Date.now()));
    for (const id of due) {
      const lane = await this.redis.get(this.keys.seen(id));
      if (lane) await this.promote(lane, id);
    }
  }

  async enqueue(jobs: readonly JobSpec<T>[]): Promise<void> {
    try {
      for (const job of jobs) await this.enqueueOne(job);
    } catch (error) {
      throw new JobQueueError('could not enqueue jobs', error);
    }
  }

  private async enqueueOne(job: JobSpec<T>): Promise<void> {
    const now = Date.now();
    const json = JSON.stringify({ id: job.id, data: job.data, due: job.runAt ?? now } satisfies LaneItem<T>);
    // The id stays taken until its run is a dedupe window behind, however far ahead it is.
    const keepMs = String(Math.ceil(this.dedupeMs + Math.max(0, (job.runAt ?? now) - now)));
    const seen = this.keys.seen(job.id);
    if (job.runAt !== undefined && job.runAt > now) {
      const { scheduled, scheduledItems } = this.keys;
      const at = String(job.runAt);
      const added = await this.redis.eval(
        SCHEDULE,
        3,
        seen,
        scheduled,
        scheduledItems,
        json,
        keepMs,
        at,
        job.lane,
        job.id,
      );
      if (added !== 1) return;
      const promoteId = this.jobIdOf(job.lane, job.id, PROMOTE_JOB);
      await this.queue.add(
        PROMOTE_JOB,
        { lane: job.lane, id: job.id },
        { jobId: promoteId, delay: job.runAt - now },
      );
      return;
    }
    const length = (await this.redis.eval(
      ENQUEUE,
      3,
      seen,
      this.keys.lane(job.lane),
      this.keys.lanes,
      json,
      keepMs,
      job.lane,
    )) as number;
    if (length === 1) await this.addHeadPaced(job.lane, json);
  }

  async remove(id: string): Promise<boolean> {
    const lane = await this.redis.get(this.keys.seen(id));
    if (!lane || lane === '1') return false;
    const { scheduled, scheduledItems } = this.keys;
    const laneKey = this.keys.lane(lane);
    const removed = (await this.redis.eval(
      REMOVE,
      4,
      scheduled,
      scheduledItems,
      laneKey,
      this.keys.started(id),
      id,
    )) as 'scheduled' | 'head' | 'queued' | null;
    if (!removed) return false;
    // Its BullMQ job may already be taken by a worker: that run then finds the item gone.
    const jobId = removed === 'scheduled' ? this.jobIdOf(lane, id, PROMOTE_JOB) : this.jobIdOf(lane, id);
    await this.queue.remove(jobId).catch(() => 0);
    if (removed === 'head') await this.addHeadPaced(lane, await this.redis.lindex(laneKey, 0));
    return true;
  }

  start(handler: JobHandler<T>, hooks: { onGiveUp?: (job: JobSpec<T>) => void } = {}): void {
    if (this.worker) return;
    const lockMs = this.options.lockMs ?? 30_000;
    this.worker = new Worker<JobData>(this.options.name, (job, token) => this.process(handler, job, token), {
      connection: this.connection,
      prefix: 'exp-bull',
      concurrency: this.options.concurrency ?? 16,
      lockDuration: lockMs,
      stalledInterval: lockMs,
    });
    this.worker.on('failed', (job, error) => {
      if (!job || job.name === PROMOTE_JOB || error instanceof DelayedError) return;
      if (job.attemptsMade < (job.opts.attempts ?? 1)) return;
      this.giveUp(job.data, hooks.onGiveUp).catch((e: unknown) =>
        this.logger.error('could not move a lane on', { lane: job.data.lane, error: errorName(e) }),
      );
    });
    this.worker.on('error', (error) =>
      this.logger.warn('job worker error', { error: this.messageOf(error) }),
    );
    // A lane whose head lost its job waits for this: no longer than a dead replica holds a job.
    const sweepNow = () =>
      this.sweep().catch((error: unknown) =>
        this.logger.warn('job lane sweep failed', { error: errorName(error) }),
      );
    void sweepNow();
    this.sweeper = setInterval(sweepNow, this.options.sweepMs ?? lockMs);
    this.sweeper.unref();
  }

  private async giveUp({ lane, id }: JobData, onGiveUp?: (job: JobSpec<T>) => void): Promise<void> {
    this.logger.warn('job given up after its last try', { lane, attempts: this.settings.attempts });
    const head = await this.redis.lindex(this.keys.lane(lane), 0);
    const item = head ? (JSON.parse(head) as LaneItem<T>) : undefined;
    if (item?.id === id) onGiveUp?.({ id, lane, data: item.data });
    await this.finish(lane, id);
  }

  private async process(handler: JobHandler<T>, job: Job<JobData>, token?: string): Promise<void> {
    const { lane, id } = job.data;
    if (job.name === PROMOTE_JOB) return this.promote(lane, id);
    const nextAt = Number((await this.redis.get(this.keys.nextAt(lane))) ?? 0);
    if (nextAt > Date.now()) {
      await job.moveToDelayed(nextAt, token);
      throw new DelayedError();
    }
    const started = (await this.redis.eval(
      START,
      2,
      this.keys.lane(lane),
      this.keys.started(id),
      id,
      String(this.dedupeMs),
    )) as [string, number] | null;
    // Not the head (removed, or a stale job): the head gets its job, if it has none.
    if (!started) return this.addHead(lane, await this.redis.lindex(this.keys.lane(lane), 0), 0);
    const [head, fresh] = started;
    const item = JSON.parse(head) as LaneItem<T>;
    const outcome = await this.call(handler, {
      id,
      lane,
      data: item.data,
      runAt: item.due ?? Date.now(),
      attempt: job.attemptsMade + 1,
      interrupted: fresh === 0,
    });
    return this.settle(job, outcome, token);
  }

  private async call(handler: JobHandler<T>, job: Parameters<JobHandler<T>>[0]): Promise<JobOutcome> {
    try {
      return await handler(job);
    } catch (error) {
      this.logger.error('job handler threw; trying again later', { lane: job.lane, error: errorName(error) });
      return { kind: 'retry' };
    }
  }

  private async settle(job: Job<JobData>, outcome: JobOutcome, token?: string): Promise<void> {
    const { lane, id } = job.data;
    switch (outcome.kind) {
      case 'done':
      case 'drop':
        return this.finish(lane, id);
      case 'retry-after': {
        const at = Date.now() + outcome.ms;
        await this.redis.del(this.keys.started(id));
        await this.redis.set(this.keys.nextAt(lane), String(at), 'PX', outcome.ms + 60_000);
        await job.moveToDelayed(at, token);
        throw new DelayedError();
      }
      case 'retry':
        await this.redis.del(this.keys.started(id));
        throw new Error('job to be tried again');
    }
  }

  async depth(): Promise<number> {
    let total = 0;
    for (const lane of await this.redis.smembers(this.keys.lanes))
      total += await this.redis.llen(this.keys.lane(lane));
    return total;
  }

  async idle(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    // A store that cannot be reached cannot tell: idle then means "nothing more to wait for here".
    const busy = () =>
      this.depth().then(
        (n) => n > 0,
        () => false,
      );
    while (await busy()) {
      if (Date.now() > deadline) throw new JobQueueError('job queue still busy');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    // Bounded: with Redis gone, BullMQ's close would wait for a connection forever. A job still
    // running when the bound passes is taken over by another replica after its lock expires.
    const bounded = (work: Promise<unknown>, ms: number) =>
      Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms).unref())]);
    await bounded(this.worker?.close() ?? Promise.resolve(), 5_000);
    await bounded(this.queue.close(), 1_000);
    this.connection.disconnect();
    this.redis.disconnect();
  }
}
