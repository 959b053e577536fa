import { randomUUID } from 'node:crypto';

// An append-only, newest-first log per stream (the audit trail), native to each backend so that
// every replica appends without read-modify-write: Redis sorted sets, a SQL table, or memory.

export interface LogEntry {
  /** Time-sortable and unique: ordering by id is ordering by time. Also the paging cursor. */
  id: string;
  at: number;
  data: unknown;
}

export interface AppendLog {
  /** Appends to a stream and forgets its entries older than the retention. */
  append(stream: string, data: unknown, options: { at: number; retentionMs: number }): Promise<LogEntry>;
  /** Newest first; with `before`, only entries older than that entry id. */
  read(stream: string, options: { before?: string | undefined; limit: number }): Promise<LogEntry[]>;
  /** Forgets a whole stream (the workspace uninstalled the app). */
  drop(stream: string): Promise<void>;
}

const STREAM = /^[A-Za-z0-9][A-Za-z0-9:_-]{0,200}$/;
const ID = /^\d{15}-[0-9a-f]{12}$/;
const MAX_READ = 500;

class LogStreamError extends Error {
  constructor(readonly stream: string) {
    super(`Invalid log stream name: ${JSON.stringify(stream.slice(0, 80))}`);
    this.name = 'LogStreamError';
  }
}

export function checkStream(stream: string): void {
  if (!STREAM.test(stream)) throw new LogStreamError(stream);
}

let lastMs = -1;
let inSameMs = 0;

/**
 * Milliseconds, zero-padded, then this process's count of ids made in that millisecond (4 hex
 * digits) and randomness (8): lexical order = time order, and entries one process records in the
 * same millisecond read back in the order it recorded them (the count saturates at 0xffff, past
 * which that order is left to chance). Across replicas, entries of one millisecond are ordered by
 * chance; the randomness keeps their ids apart.
 */
export function entryId(at: number): string {
  const ms = Math.max(0, Math.floor(at));
  inSameMs = ms === lastMs ? Math.min(inSameMs + 1, 0xffff) : 0;
  lastMs = ms;
  const count = inSameMs.toString(16).padStart(4, '0');
  // randomUUID's first 8 digits are random, drawn from a pool Node refills 128 ids at a time.
  return `${ms.toString().padStart(15, '0')}-${count}${randomUUID().slice(0, 8)}`;
}

/** The smallest id at a time: entries older than it are older than that time. */
export function idAt(at: number): string {
  return `${Math.max(0, Math.floor(at)).toString().padStart(15, '0')}-000000000000`;
}

/** A cursor from outside (a button value) is used only when it has the shape of an id. */
export function validCursor(before: string | undefined): string | undefined {
  return before !== undefined && ID.test(before) ? before : undefined;
}

export function boundedLimit(limit: number): number {
  return Math.min(Math.max(1, Math.floor(limit)), MAX_READ);
}

/** The first index whose entry id is not below `id` (entries sorted by id, oldest first). */
function insertionIndex(entries: readonly LogEntry[], id: string): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((entries[mid]?.id ?? '') < id) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * In memory (memory://: tests, the playground), a stream keeps at most `maxEntries`, oldest dropped
 * first: retention is counted in days, and a storm of refused actions (each one an audited
 * attempt) would otherwise grow the process without bound.
 * The other backends keep the trail in the store, by retention only.
 */
export function createMemoryLog(options: { maxEntries?: number } = {}): AppendLog & { clear(): void } {
  const maxEntries = options.maxEntries ?? 50_000;
  const streams = new Map<string, LogEntry[]>();
  return {
    async append(stream, data, { at, retentionMs }) {
      checkStream(stream);
      const entry: LogEntry = { id: entryId(at), at, data: JSON.parse(JSON.stringify(data)) };
      let entries = streams.get(stream);
      if (!entries) {
        entries = [];
        streams.set(stream, entries);
      }
      // Oldest first. Entries nearly always arrive in time order, so this is a push, not a copy
      // and sort of the whole stream, whose cost would grow with the trail's length.
      entries.splice(insertionIndex(entries, entry.id), 0, entry);
      const expired = insertionIndex(entries, idAt(at - retentionMs));
      const dropped = Math.max(expired, entries.length - maxEntries);
      if (dropped > 0) entries.splice(0, dropped);
      return entry;
    },
    async read(stream, { before, limit }) {
      checkStream(stream);
      const cursor = validCursor(before);
      const entries = streams.get(stream) ?? [];
      return entries
        .filter((e) => cursor === undefined || e.id < cursor)
        .reverse()
        .slice(0, boundedLimit(limit));
    },
    async drop(stream) {
      streams.delete(stream);
    },
    clear: () => streams.clear(),
  };
}
