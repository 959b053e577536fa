import { randomBytes } from 'node:crypto';
import type { Keyv } from 'keyv';
import { z } from 'zod';
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

const StoredJob = z.object({
  v: z.literal(1),
  id: z.string(),
  lane: z.string(),
  seq: z.string(),
  data: z.unknown(),
  /** Tries already made (retry outcomes). */
  tries: z.number().int().min(0),
  /** Retry-After waits so far: with tries, names each run for the cross-replica claim. */
  waits: z.number().int().min(0).default(0),
  notBefore: z.number(),
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

export function createStoreQueue<T>(options: StoreQueueOptions): JobQueue<T> {
  const settings = { ...DEFAULT_JOB_OPTIONS, ...options };
  const { keyv, locks, name, logger } = options;
  const now = options.now ?? Date.now;
  const lockMs = options.lockMs ?? 30_000;
  const dedupeMs = options.dedupeMs ?? 24 * 60 * 60 * 1000;
  const concurrency = options.concurrency ?? 16;
  const itemKey = (seq: string) => `item:${seq}`;
  const startedKey = (id: string) => `started:${id}`;

  const lanes = new Map<string, StoredJob[]>();
  const nextAt = new Map<string, number>();
  const busy = new Set<string>();
  let handler: JobHandler<T> | undefined;
  let onGiveUp: ((job: JobSpec<T>) => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let rescanTimer: NodeJS.Timeout | undefined;
  let closed = false;
  let counter = 0;
  const settled: Array<() => void> = [];

  function place(job: StoredJob): void {
    const lane = lanes.get(job.lane) ?? [];
    if (lane.some((j) => j.id === job.id)) return;
    lane.push(job);
    lane.sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
    lanes.set(job.lane, lane);
  }

  function remove(job: StoredJob): void {
    const lane = (lanes.get(job.lane) ?? []).filter((j) => j.id !== job.id);
    if (lane.length === 0) lanes.delete(job.lane);
    else lanes.set(job.lane, lane);
  }

  function pending(): number {
    let total = 0;
    for (const lane of lanes.values()) total += lane.length;
    return total;
  }

  function wake(delayMs = 0): void {
    if (closed || !handler) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, Math.max(0, delayMs));
    timer.unref();
  }

  function notifyIfIdle(): void {
    if (pending() > 0 || busy.size > 0) return;
    for (const resolve of settled.splice(0)) resolve();
  }

  function tick(): void {
    timer = undefined;
    let soonest = Number.POSITIVE_INFINITY;
    const t = now();
    for (const [lane, jobs] of lanes) {
      if (busy.size >= concurrency) break;
      const head = jobs[0];
      if (!head || busy.has(lane)) continue;
      const at = Math.max(head.notBefore, nextAt.get(lane) ?? 0);
      if (at > t) {
        soonest = Math.min(soonest, at);
        continue;
      }
      busy.add(lane);
      void runHead(head).finally(() => {
        busy.delete(lane);
        notifyIfIdle();
        wake();
      });
    }
    if (soonest !== Number.POSITIVE_INFINITY) wake(soonest - t);
  }

  async function runHead(job: StoredJob): Promise<void> {
    const current = handler;
    if (!current) return;
    try {
      // Exclusive across replicas for this try; a replica that dies holds it for lockMs at most.
      if (!(await locks.claim(`jobs:${name}:run:${job.id}:${job.tries}:${job.waits}`, lockMs))) {
        nextAt.set(job.lane, now() + lockMs);
        return;
      }
      const interrupted = (await keyv.get(startedKey(job.id))) !== undefined;
      await keyv.set(startedKey(job.id), 1, dedupeMs);
      let outcome: JobOutcome;
      try {
        outcome = await current({
          id: job.id,
          lane: job.lane,
          data: job.data as T,
          attempt: job.tries + 1,
          interrupted,
        });
      } catch (error) {
        logger.error('job handler threw; trying again later', {
          lane: job.lane,
          error: (error as Error)?.name,
        });
        outcome = { kind: 'retry' };
      }
      await settle(job, outcome);
    } catch (error) {
      // The store failed: the job stays where it is and is tried again after a pause.
      logger.warn('job queue store error; will try again', { lane: job.lane, error: (error as Error)?.name });
      nextAt.set(job.lane, now() + settings.backoffMs);
    }
  }

  async function settle(job: StoredJob, outcome: JobOutcome): Promise<void> {
    switch (outcome.kind) {
      case 'done':
      case 'drop':
        return finish(job);
      case 'retry-after': {
        const at = now() + outcome.ms;
        nextAt.set(job.lane, at);
        const next: StoredJob = { ...job, waits: job.waits + 1, notBefore: at };
        await keyv.set(itemKey(job.seq), next);
        await keyv.delete(startedKey(job.id));
        remove(job);
        place(next);
        return;
      }
      case 'retry': {
        const tries = job.tries + 1;
        if (tries >= settings.attempts) {
          logger.warn('job given up after its last try', { lane: job.lane, attempts: tries });
          onGiveUp?.({ id: job.id, lane: job.lane, data: job.data as T });
          return finish(job);
        }
        const next: StoredJob = { ...job, tries, notBefore: now() + settings.backoffMs * 2 ** (tries - 1) };
        await keyv.set(itemKey(job.seq), next);
        await keyv.delete(startedKey(job.id));
        remove(job);
        place(next);
        return;
      }
    }
  }

  async function finish(job: StoredJob): Promise<void> {
    nextAt.set(job.lane, now() + settings.laneIntervalMs);
    await keyv.delete(itemKey(job.seq));
    await keyv.delete(startedKey(job.id));
    remove(job);
  }

  async function rescan(): Promise<void> {
    if (!keyv.iterator) return;
    // Only jobs known before the scan began may be forgotten for missing from it: one enqueued
    // while it ran can be absent from what the iterator read, and forgetting it made it wait for
    // the next rescan behind the jobs queued after it (the lane's order broken).
    const knownBefore = new Set<string>();
    for (const jobs of lanes.values()) for (const job of jobs) knownBefore.add(job.id);
    const seen = new Set<string>();
    for await (const [key, value] of keyv.iterator(undefined) as AsyncIterable<[string, unknown]>) {
      if (!String(key).startsWith('item:')) continue;
      const parsed = StoredJob.safeParse(value);
      if (!parsed.success) {
        logger.warn('stored job has an unexpected shape; skipping it', { key: String(key).slice(0, 80) });
        continue;
      }
      seen.add(parsed.data.id);
      place(parsed.data);
    }
    // Rows another replica finished are gone from the store: forget them here too.
    for (const [lane, jobs] of lanes) {
      if (busy.has(lane)) continue;
      for (const job of jobs) if (knownBefore.has(job.id) && !seen.has(job.id)) remove(job);
    }
    notifyIfIdle();
    wake();
  }

  const api: JobQueue<T> = {
    engine: 'store',
    async enqueue(jobs) {
      try {
        for (const job of jobs) {
          if (!(await locks.claim(`jobs:${name}:seen:${job.id}`, dedupeMs))) continue;
          const seq = `${String(now()).padStart(15, '0')}-${String(counter++).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;
          const stored: StoredJob = {
            v: 1,
            id: job.id,
            lane: job.lane,
            seq,
            data: job.data,
            tries: 0,
            waits: 0,
            notBefore: 0,
          };
          await keyv.set(itemKey(seq), stored);
          place(stored);
        }
      } catch (error) {
        throw new JobQueueError('could not enqueue jobs', error);
      }
      wake();
    },
    start(run, hooks = {}) {
      if (handler) return;
      handler = run;
      onGiveUp = hooks.onGiveUp;
      const rescanNow = () =>
        rescan().catch((error: unknown) =>
          logger.warn('job rescan failed', { error: (error as Error)?.name }),
        );
      void rescanNow();
      rescanTimer = setInterval(rescanNow, options.rescanMs ?? 30_000);
      rescanTimer.unref();
      wake();
    },
    async depth() {
      return pending();
    },
    async idle(timeoutMs = 30_000) {
      if (pending() === 0 && busy.size === 0) return;
      await Promise.race([
        new Promise<void>((resolve) => settled.push(resolve)),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new JobQueueError('job queue still busy')), timeoutMs).unref(),
        ),
      ]);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (rescanTimer) clearInterval(rescanTimer);
      const deadline = now() + 5_000;
      while (busy.size > 0 && now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
  return api;
}
