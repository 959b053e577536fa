// One port for durable background work (alerts, message updates, reminders), with engines for each
// store: BullMQ on Redis (bullmq-queue.ts), and the store's own tables elsewhere (store-queue.ts).
// Both pass the contract tests in job-queue.contract.test-helper.ts.

/**
 * One unit of work. `lane` orders and paces: jobs of one lane run one at a time, in the order they
 * fall due (a job without `runAt` falls due when it is enqueued; ties keep enqueue order).
 */
export interface JobSpec<T> {
  /**
   * Unique for the work it stands for: enqueueing the same id again (a retry, a replica) is a no-op,
   * also after remove(): work scheduled again needs a new id.
   */
  id: string;
  /** A Slack channel for alerts: Slack allows about one message per second per channel. */
  lane: string;
  data: T;
  /**
   * Epoch ms: the job runs no earlier than this. Until then it joins no lane: it holds up nothing
   * and is held up by nothing, and it counts in neither depth() nor idle(). At that time it enters
   * its lane behind the jobs already due there, so it may start later than runAt by their run
   * times and the lane's pacing (one lane per job avoids that), and by up to the engine's lock
   * time when the replica that would run it died. A runAt that passed while no replica ran is run
   * when one starts: the handler compares `runAt` with the clock to tell how late it is.
   */
  runAt?: number;
}

export interface RunningJob<T> extends JobSpec<T> {
  /** When the job fell due: its spec's runAt, or when it was enqueued. */
  runAt: number;
  /** 1 for the first try. */
  attempt: number;
  /**
   * An earlier try started and never reported an outcome (the process died in the middle). A job
   * whose effect cannot be checked (a Slack post) should then report "outcome unknown", not redo it.
   */
  interrupted: boolean;
}

export type JobOutcome =
  | { kind: 'done' }
  /** Give up on this job for good (the channel is gone); the lane moves on. */
  | { kind: 'drop' }
  /** Slack said when to come back (429 Retry-After): the whole lane waits, nothing is counted as a try. */
  | { kind: 'retry-after'; ms: number }
  /** A passing failure: tried again with exponential backoff, up to the queue's attempts. */
  | { kind: 'retry' };

export type JobHandler<T> = (job: RunningJob<T>) => Promise<JobOutcome>;

export interface JobQueueOptions {
  /** Least time between the starts of two jobs of one lane. */
  laneIntervalMs: number;
  /** Tries of one job for 'retry' outcomes before it is given up (reported through onGiveUp). */
  attempts: number;
  /** First backoff; doubled on each further try. */
  backoffMs: number;
}

export interface JobQueue<T> {
  readonly engine: 'bullmq' | 'store';
  /** Durable once this resolves: survives the process and is run by some replica. */
  enqueue(jobs: readonly JobSpec<T>[]): Promise<void>;
  /**
   * Takes back a job that has not started: true when it was waiting (for its runAt, its turn in the
   * lane or a retry) and will now never run; false when it is running, finished or unknown. A
   * remove() racing the job's start gives exactly one of the two: true, or the handler runs.
   */
  remove(id: string): Promise<boolean>;
  /** Starts running jobs (on every replica; each job runs on one). */
  start(handler: JobHandler<T>, hooks?: { onGiveUp?: (job: JobSpec<T>) => void }): void;
  /** Resolves when no job is waiting or running, or the store cannot be reached (tests, a graceful stop). */
  idle(timeoutMs?: number): Promise<void>;
  /** Jobs waiting in all lanes (for /readyz and the queue depth metric). */
  depth(): Promise<number>;
  close(): Promise<void>;
}

export const DEFAULT_JOB_OPTIONS: JobQueueOptions = { laneIntervalMs: 1_000, attempts: 5, backoffMs: 1_000 };

/** The queue's own failure (its store is unreachable): nothing was enqueued. */
export class JobQueueError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'JobQueueError';
  }
}
