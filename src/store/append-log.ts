import { randomBytes } from 'node:crypto';

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
export const MAX_READ = 500;

export class LogStreamError extends Error {
  constructor(readonly stream: string) {
    super(`Invalid log stream name: ${JSON.stringify(stream.slice(0, 80))}`);
    this.name = 'LogStreamError';
  }
}

export function checkStream(stream: string): void {
  if (!STREAM.test(stream)) throw new LogStreamError(stream);
}

/** Milliseconds, zero-padded, then randomness: lexical order = time order, no collisions. */
export function entryId(at: number): string {
  return `${Math.max(0, Math.floor(at)).toString().padStart(15, '0')}-${randomBytes(6).toString('hex')}`;
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

export function createMemoryLog(): AppendLog & { clear(): void } {
  const streams = new Map<string, LogEntry[]>();
  return {
    async append(stream, data, { at, retentionMs }) {
      checkStream(stream);
      const entry: LogEntry = { id: entryId(at), at, data: JSON.parse(JSON.stringify(data)) };
      const cutoff = idAt(at - retentionMs);
      const kept = (streams.get(stream) ?? []).filter((e) => e.id >= cutoff);
      kept.push(entry);
      kept.sort((a, b) => (a.id < b.id ? -1 : 1));
      streams.set(stream, kept);
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
