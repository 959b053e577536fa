import type { Keyv } from 'keyv';
import type { AppendLog } from './append-log.js';
import type { RecentLists } from './recent-lists.js';

export type StoreKind = 'sqlite' | 'redis' | 'postgres' | 'memory';

export interface Store {
  kind: StoreKind;
  /**
   * One Keyv per namespace on the same backend (the same instance for repeated calls). Namespaces
   * are letters, digits, '-' and '_'. These Keyv instances throw on backend failures (besides
   * emitting 'error', which is logged): a swallowed failure would make an outage look like
   * "no data", e.g. "this workspace is not connected".
   */
  keyv(namespace: string): Keyv;
  /** Read-modify-write of one key that another replica's write cannot undo unseen. */
  conditional: ConditionalWrites;
  locks: OnceGuard;
  /** Append-only logs (the audit trail), shared by replicas. */
  logs: AppendLog;
  /** Lists of recently touched ids (a workspace's experiments), shared by replicas. */
  recent: RecentLists;
  /**
   * Forgets what this process remembers of values it read or wrote (SQLite keeps them for a
   * second), for when another process has written the file: tests that write it directly.
   */
  forgetReads(): void;
  /**
   * How many signed Slack requests the replay guard remembers in this process (the guard's cost,
   * bounded); 0 where the server keeps them (Redis, PostgreSQL).
   */
  requestsRemembered(): number;
  close(): Promise<void>;
}

/**
 * One key's stored text (Keyv's serialized form, `<namespace>:<key>` as Keyv keys it) read, and
 * replaced only if it is still what was read: a compare-and-set. Atomic across replicas on Redis (a
 * script) and PostgreSQL (a conditional statement); on SQLite through the file's one writer, on
 * memory in the one process. For values written without an expiry.
 */
export interface ConditionalWrites {
  read(namespace: string, key: string): Promise<string | undefined>;
  /**
   * Writes `next` (undefined: deletes the key) if the stored text is still `expected` (undefined:
   * the key is absent); whether it did. `ttlMs`: the expiry `next` carries in its stored form, which
   * Redis is also told (SQL and memory drop expired values at their cleanup, Keyv on read).
   */
  swap(
    namespace: string,
    key: string,
    expected: string | undefined,
    next: string | undefined,
    ttlMs?: number,
  ): Promise<boolean>;
}

export interface OnceGuard {
  /**
   * true the first time `key` is claimed within ttlMs, false after. Atomic across replicas on Redis
   * and Postgres; on sqlite and memory the guard lives in the process (single-replica stores).
   */
  claim(key: string, ttlMs: number, holder?: string): Promise<boolean>;
  /**
   * Marks a claim made by `holder` as refused: nothing was done under it, so the next claim of the
   * key takes it. Nothing changes when another holder has it, or it is gone. Only where a claim can
   * fail with its outcome unknown (Redis, PostgreSQL): a claim made with a holder also answers true
   * when that holder has it already, so it may be asked again after a lost answer.
   */
  refuse?: ((key: string, holder: string) => Promise<void>) | undefined;
}

/** What a refused claim holds in place of its holder (holders are random UUIDs, never this). */
export const REFUSED_CLAIM = 'refused';

/** What each backend module hands to createStore. */
export interface Backend {
  kind: StoreKind;
  /** A new Keyv for one (validated) namespace, its 'error' event already wired to the log. */
  createKeyv(namespace: string): Keyv;
  /** Called only for a namespace createKeyv has made. */
  conditional: ConditionalWrites;
  locks: OnceGuard;
  logs: AppendLog;
  recent: RecentLists;
  /** Deletes expired entries the backend would otherwise keep forever; absent where it expires them. */
  cleanup?: () => Promise<void>;
  /** Absent where the backend remembers nothing it read. */
  forgetReads?: () => void;
  /** Absent where the replay guard lives in the server. */
  requestsRemembered?: () => number;
  close(): Promise<void>;
}

export function checkTtl(ttlMs: number): void {
  if (!Number.isInteger(ttlMs) || ttlMs <= 0) throw new RangeError('ttlMs must be a positive integer');
}
