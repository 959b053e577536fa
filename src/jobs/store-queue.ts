import { randomBytes } from 'node:crypto';
import type { Keyv } from 'keyv';
import * as z from 'zod';
import type { Logger } from '../observability/logger.js';
import type { OnceGuard } from '../store/store-types.js';
import {
  DEFAULT_JOB_OPTIONS,
  type JobHandler,
  type JobOutcome,
  type JobQueue,
  JobQueueError,
  type JobQueueOptions,
  type JobSpec,
} from './job-queue.js';

// The engine for the SQL and in-memory stores. Evaluated first: Sidequest (SQLite and PostgreSQL)
// needs Node 22.6 and pg-boss 11+ Node 22, where this app supports Node 20; pg-boss 10 covers
// PostgreSQL only, and BullMQ 6's PostgreSQL backend still needs lanes beside it, as on Redis. So
// jobs are rows of the store the app already has (one key per job, no read-modify-write), ordered
// and paced per lane in the process, and made exclusive across replicas by the store's atomic
// claim (PostgreSQL; SQLite and memory are single-process stores). Every replica rescans the rows
// now and then, so jobs of a replica that died are run by another.
// A job's row key starts with the time it falls due (its runAt, or its enqueueing), so a lane in
// key order is a lane in due order: a job scheduled for later sits behind the ones due before it.

const StoredJob = z.object({
  v: z.literal(1),
  id: z.string(),
  lane: z.string(),
  /** Due time (ms, zero-padded), then enqueue order: the lane's order. */
  seq: z.string(),
  data: z.unknown(),
  /** Tries already made (retry outcomes). */
  tries: z.number().int().min(0),
  /** Retry-After waits so far: with tries, names each run for the cross-replica claim. */
  waits: z.number().int().min(0).default(0),
  /** Not run before: the spec's runAt, then backoffs and Retry-After waits. */
  notBefore: z.number(),
  runAt: z.number().optional(),
});
type StoredJob = z.infer<typeof StoredJob>;

export interface StoreQueueOptions extends Partial<JobQueueOptions> {
  keyv: Keyv;
  locks: OnceGuard;
  name: string;
  logger: Logger;
  concurrency?: number;
  /** How long a running job is held before another replica may take it. */
  lockMs?: number;
  /** How often the rows are read again for jobs this process does not know. */
  rescanMs?: number;
  dedupeMs?: number;
  now?: () => number;
}

// Node fires a longer timeout at once; a job due later than this is looked at again on the way.
const MAX_TIMER_MS = 2 ** 31 - 1;
const itemKey = (seq: string) => `item:${seq}`;
const startedKey = (id: string) => `started:${id}`;
const idKey = (id: string) => `id:${id}`;
const dueOf = (job: StoredJob) => job.runAt ?? Number(job.seq.slice(0, 15));

export function createStoreQueue<T>(options: StoreQueueOptions): JobQueue<T> {
  return new StoreQueue<T>(options);
}

class StoreQueue<T> implements JobQueue<T> {
  readonly engine = 'store';
  private readonly settings: JobQueueOptions;
  private readonly keyv: Keyv;
  private readonly locks: OnceGuard;
  private readonly logger: Logger;
  private readonly now: () => number;
  private readonly lockMs: number;
  private readonly dedupeMs: number;
  private readonly concurrency: number;
  private readonly lanes = new Map<string, StoredJob[]>();
  private readonly nextAt = new Map<string, number>();
  private readonly busy = new Set<string>();
  private readonly settled: Array<() => void> = [];
  private handler: JobHandler<T> | undefined;
  private onGiveUp: ((job: JobSpec<T>) => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private rescanTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private counter = 0;

  constructor(private readonly options: StoreQueueOptions) {
    this.settings = { ...DEFAULT_JOB_OPTIONS, ...options };
    this.keyv = options.keyv;
    this.locks = options.locks;
    this.logger = options.logger;
    this.now = options.now ?? Date.now;
    this.lockMs = options.lockMs ?? 30_000;
    this.dedupeMs = options.dedupeMs ?? 24 * 60 * 60 * 1000;
    this.concurrency = options.concurrency ?? 16;
  }

  private runKey(job: StoredJob): string {
    return `jobs:${this.options.name}:run:${job.id}:${job.tries}:${job.waits}`;
  }

  private place(job: StoredJob): void {
    const lane = (this.lanes.get(job.lane) ?? []).filter((j) => j.id !== job.id);
    lane.push(job);
    lane.sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
    this.lanes.set(job.lane, lane);
  }

  /** Adds a job found in the store unless this process already knows it (its copy may be newer). */
  private learn(job: StoredJob): void {
    if (!(this.lanes.get(job.lane) ?? []).some((j) => j.id === job.id)) this.place(job);
  }

  private forget(job: StoredJob): void {
    const lane = (this.lanes.get(job.lane) ?? []).filter((j) => j.id !== job.id);
    if (lane.length === 0) this.lanes.delete(job.lane);
    else this.lanes.set(job.lane, lane);
  }

  /** Jobs due and waiting: one whose runAt is still ahead is not waiting yet. */
  private pending(): number {
    const t = this.now();
    let total = 0;
    for (const lane of this.lanes.values()) total += lane.filter((j) => (j.runAt ?? 0) <= t).length;
    return total;
  }

  private wake(delayMs = 0): void {
    if (this.closed || !this.handler) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), Math.min(MAX_TIMER_MS, Math.max(0, delayMs)));
    this.timer.unref();
  }

  private notifyIfIdle(): void {
    if (this.pending() > 0 || this.busy.size > 0) return;
    for (const resolve of this.settled.splice(0)) resolve();
  }

  private tick(): void {
    this.timer = undefined;
    let soonest = Number.POSITIVE_INFINITY;
    const t = this.now();
    for (const [lane, jobs] of this.lanes) {
      if (this.busy.size >= this.concurrency) break;
      const head = jobs[0];
      if (!head || this.busy.has(lane)) continue;
      const at = Math.max(head.notBefore, this.nextAt.get(lane) ?? 0);
      if (at > t) {
        soonest = Math.min(soonest, at);
        continue;
      }
      this.busy.add(lane);
      void this.runHead(head).finally(() => {
        this.busy.delete(lane);
        this.notifyIfIdle();
        this.wake();
      });
    }
    if (soonest !== Number.POSITIVE_INFINITY) this.wake(soonest - t);
  }

  private async runHead(job: StoredJob): Promise<void> {
    const handler = this.handler;
    if (!handler) return;
    try {
      // Exclusive across replicas for this try; a replica that dies holds it for lockMs at most. A
      // remove() takes the same claim, so the row is read again once it is held.
      const claimed = await this.locks.claim(this.runKey(job), this.lockMs);
      if (!(await this.keyv.has(itemKey(job.seq)))) return this.forget(job);
      if (!claimed) {
        this.nextAt.set(job.lane, this.now() + this.lockMs);
        return;
      }
      const interrupted = (await this.keyv.get(startedKey(job.id))) !== undefined;
      await this.keyv.set(startedKey(job.id), 1, this.dedupeMs);
      await this.settle(job, await this.call(handler, job, interrupted));
    } catch (error) {
      // The store failed: the job stays where it is and is tried again after a pause.
      this.logger.warn('job queue store error; will try again', {
        lane: job.lane,
        error: (error as Error)?.name,
      });
      this.nextAt.set(job.lane, this.now() + this.settings.backoffMs);
    }
  }

  private async call(handler: JobHandler<T>, job: StoredJob, interrupted: boolean): Promise<JobOutcome> {
    try {
      return await handler({
        id: job.id,
        lane: job.lane,
        data: job.data as T,
        runAt: dueOf(job),
        attempt: job.tries + 1,
        interrupted,
      });
    } catch (error) {
      this.logger.error('job handler threw; trying again later', {
        lane: job.lane,
        error: (error as Error)?.name,
      });
      return { kind: 'retry' };
    }
  }

  private async settle(job: StoredJob, outcome: JobOutcome): Promise<void> {
    switch (outcome.kind) {
      case 'done':
      case 'drop':
        return this.finish(job);
      case 'retry-after': {
        const at = this.now() + outcome.ms;
        this.nextAt.set(job.lane, at);
        return this.replace(job, { ...job, waits: job.waits + 1, notBefore: at });
      }
      case 'retry': {
        const tries = job.tries + 1;
        if (tries >= this.settings.attempts) {
          this.logger.warn('job given up after its last try', { lane: job.lane, attempts: tries });
          this.onGiveUp?.({ id: job.id, lane: job.lane, data: job.data as T });
          return this.finish(job);
        }
        const notBefore = this.now() + this.settings.backoffMs * 2 ** (tries - 1);
        return this.replace(job, { ...job, tries, notBefore });
      }
    }
  }

  private async replace(job: StoredJob, next: StoredJob): Promise<void> {
    await this.keyv.set(itemKey(job.seq), next);
    await this.keyv.delete(startedKey(job.id));
    this.place(next);
  }

  private async finish(job: StoredJob): Promise<void> {
    this.nextAt.set(job.lane, this.now() + this.settings.laneIntervalMs);
    await this.keyv.delete(itemKey(job.seq));
    await this.keyv.delete(startedKey(job.id));
    await this.keyv.delete(idKey(job.id));
    this.forget(job);
  }

  private async rescan(): Promise<void> {
    if (!this.keyv.iterator) return;
    // Only jobs known before the scan began may be forgotten for missing from it: one enqueued
    // while it ran can be absent from what the iterator read, and forgetting it made it wait for
    // the next rescan behind the jobs queued after it (the lane's order broken).
    const knownBefore = new Set<string>();
    for (const jobs of this.lanes.values()) for (const job of jobs) knownBefore.add(job.id);
    const seen = new Set<string>();
    for await (const [key, value] of this.keyv.iterator(undefined) as AsyncIterable<[string, unknown]>) {
      if (!String(key).startsWith('item:')) continue;
      const parsed = StoredJob.safeParse(value);
      if (!parsed.success) {
        this.logger.warn('stored job has an unexpected shape; skipping it', {
          key: String(key).slice(0, 80),
        });
        continue;
      }
      seen.add(parsed.data.id);
      this.learn(parsed.data);
    }
    // Rows another replica finished are gone from the store: forget them here too.
    for (const [lane, jobs] of this.lanes) {
      if (this.busy.has(lane)) continue;
      for (const job of jobs) if (knownBefore.has(job.id) && !seen.has(job.id)) this.forget(job);
    }
    this.notifyIfIdle();
    this.wake();
  }

  async enqueue(jobs: readonly JobSpec<T>[]): Promise<void> {
    try {
      for (const job of jobs) await this.enqueueOne(job);
    } catch (error) {
      throw new JobQueueError('could not enqueue jobs', error);
    }
    this.wake();
  }

  private async enqueueOne(job: JobSpec<T>): Promise<void> {
    const t = this.now();
    // The id stays taken until its run is a dedupe window behind, however far ahead it is.
    const keepMs = Math.ceil(this.dedupeMs + Math.max(0, (job.runAt ?? t) - t));
    if (!(await this.locks.claim(`jobs:${this.options.name}:seen:${job.id}`, keepMs))) return;
    const due = Math.max(t, Math.ceil(job.runAt ?? t));
    const seq = `${String(due).padStart(15, '0')}-${String(this.counter++).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;
    const stored: StoredJob = {
      v: 1,
      id: job.id,
      lane: job.lane,
      seq,
      data: job.data,
      tries: 0,
      waits: 0,
      notBefore: job.runAt ?? 0,
      ...(job.runAt === undefined ? {} : { runAt: job.runAt }),
    };
    await this.keyv.set(itemKey(seq), stored);
    await this.keyv.set(idKey(job.id), seq, keepMs);
    this.place(stored);
  }

  async remove(id: string): Promise<boolean> {
    const seq: unknown = await this.keyv.get(idKey(id));
    if (typeof seq !== 'string') return false;
    const row = StoredJob.safeParse(await this.keyv.get(itemKey(seq)));
    if (!row.success) return false;
    // The claim a run of this try takes: held by a run, the job has started; held here, none starts.
    if (!(await this.locks.claim(this.runKey(row.data), this.lockMs))) return false;
    // A run that outlasted its claim (or died in the middle) marked the job started before calling
    // the handler: the job is then running, or to be taken over, and not taken back.
    if (await this.keyv.has(startedKey(id))) return false;
    await this.keyv.delete(itemKey(seq));
    await this.keyv.delete(idKey(id));
    this.forget(row.data);
    this.notifyIfIdle();
    return true;
  }

  start(handler: JobHandler<T>, hooks: { onGiveUp?: (job: JobSpec<T>) => void } = {}): void {
    if (this.handler) return;
    this.handler = handler;
    this.onGiveUp = hooks.onGiveUp;
    const rescanNow = () =>
      this.rescan().catch((error: unknown) =>
        this.logger.warn('job rescan failed', { error: (error as Error)?.name }),
      );
    void rescanNow();
    this.rescanTimer = setInterval(rescanNow, this.options.rescanMs ?? 30_000);
    this.rescanTimer.unref();
    this.wake();
  }

  async depth(): Promise<number> {
    return this.pending();
  }

  async idle(timeoutMs = 30_000): Promise<void> {
    if (this.pending() === 0 && this.busy.size === 0) return;
    await Promise.race([
      new Promise<void>((resolve) => this.settled.push(resolve)),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new JobQueueError('job queue still busy')), timeoutMs).unref(),
      ),
    ]);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.rescanTimer) clearInterval(this.rescanTimer);
    const deadline = this.now() + 5_000;
    while (this.busy.size > 0 && this.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
