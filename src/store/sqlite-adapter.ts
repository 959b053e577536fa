import { EventEmitter } from 'node:events';
import type { SqliteQuery, SqliteWriter } from './sqlite-writer.js';

/**
 * What one process remembers of the SQLite file it alone writes: each key's stored text (or that it
 * is absent) for a second after it was read or written. A `/exp start` reads the same few keys
 * (its workspace's connection, the experiment's record and index, the dictionaries' generation)
 * several times within milliseconds, and every read is a statement prepared, run on libuv's thread
 * pool and finalised. SQLite is the single-replica store, so this process makes every write (`npm run
 * rotate-keys` re-seals secrets under a running app, and a value sealed with the old key still
 * opens while the old key is configured, which a rotation requires); the second bounds how long a
 * write by anyone else could go unseen. Writes go to the file first, always: the cache only ever
 * spares reads.
 */
export interface ReadCache {
  get(key: string): { value: string | undefined } | undefined;
  /** Begins a read from the file: its result is kept only if no write to that key came after. */
  startRead(): number;
  readDone(key: string, value: string | undefined, startedAt: number): void;
  written(key: string, value: string | undefined): void;
  forget(key: string): void;
  clear(): void;
  /** The store closed: nothing more is remembered, so every read meets the closed file. */
  close(): void;
  readonly size: number;
}

interface Entry {
  value: string | undefined;
  /** The operation that produced it, in this cache's order. */
  seq: number;
  at: number;
}

export function createReadCache(options: { ttlMs: number; maxEntries: number }): ReadCache {
  // Oldest first (entries are re-inserted when replaced), so eviction and expiry take from the front.
  const entries = new Map<string, Entry>();
  let seq = 0;
  let closed = false;
  const put = (key: string, value: string | undefined) => {
    entries.delete(key);
    if (closed) return;
    const now = Date.now();
    entries.set(key, { value, seq: ++seq, at: now });
    // The oldest go first: past the bound, or past their second (so an idle process keeps little).
    for (const [oldest, entry] of entries) {
      if (entries.size <= options.maxEntries && now - entry.at <= options.ttlMs) break;
      entries.delete(oldest);
    }
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (Date.now() - entry.at > options.ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return { value: entry.value };
    },
    startRead: () => ++seq,
    readDone(key, value, startedAt) {
      // A write (or a newer read) that finished while this read was on the thread pool wins.
      const entry = entries.get(key);
      if (entry && entry.seq > startedAt) return;
      put(key, value);
    },
    written: put,
    forget: (key) => void entries.delete(key),
    clear: () => entries.clear(),
    close() {
      closed = true;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** How many rows one page of an iteration reads (as @keyv/sqlite's default iterationLimit). */
const ITERATION_PAGE = 10;

/**
 * Keyv's storage adapter for one namespace of the SQLite file: the process's read cache in front,
 * reads on the file's one shared read connection, writes by the file's one writer (sqlite-writer.ts:
 * writes that arrive together share a commit). The table and the stored form are @keyv/sqlite's
 * (`key`, `value`: files written before stay readable), but not its adapter, written by hand for a
 * measured reason: that one opens a connection of its own per namespace (the app has 18), each with
 * its own page cache (up to SQLite's 2 MB as it reads); 18 namespaces of 200 values of 1.5 kB, read
 * through, held 9 MB more resident memory that way than on one shared connection (about 0.25 MB a
 * connection after a few reads). It also selected a row before deleting it; a delete and a
 * `setMany` are one statement each here.
 */
export class CachedKeyvSqlite extends EventEmitter {
  /** Set by Keyv: the namespace every key this adapter sees is prefixed with. */
  namespace?: string;
  /** What Keyv reads to know it can iterate (its list of iterable dialects). */
  readonly opts: { dialect: 'sqlite'; url: string; table: string };

  constructor(
    options: { uri: string; table: string },
    /** A statement on the file's shared read connection. */
    private readonly read: SqliteQuery,
    private readonly cache: ReadCache,
    private readonly writer: SqliteWriter,
  ) {
    super();
    this.opts = { dialect: 'sqlite', url: options.uri, table: options.table };
  }

  private get table(): string {
    return this.opts.table;
  }

  async get<Value>(key: string): Promise<Value | undefined> {
    const hit = this.cache.get(key);
    if (hit) return hit.value as Value | undefined;
    const startedAt = this.cache.startRead();
    const rows = (await this.read(`SELECT value FROM ${this.table} WHERE key = ?`, key)) as {
      value: unknown;
    }[];
    const value = typeof rows[0]?.value === 'string' ? rows[0].value : undefined;
    this.cache.readDone(key, value, startedAt);
    return value as Value | undefined;
  }

  async getMany<Value>(keys: string[]): Promise<(Value | undefined)[]> {
    const hits = keys.map((key) => this.cache.get(key));
    const missing = keys.filter((_, i) => hits[i] === undefined);
    if (missing.length === 0) return hits.map((hit) => hit?.value as Value | undefined);
    const startedAt = this.cache.startRead();
    const rows = (await this.read(
      `SELECT key, value FROM ${this.table} WHERE key IN (SELECT value FROM json_each(?))`,
      JSON.stringify(missing),
    )) as { key: string; value: unknown }[];
    const found = new Map<string, string>();
    // The column is TEXT: a row's value is the stored string.
    for (const row of rows) if (typeof row.value === 'string') found.set(row.key, row.value);
    for (const key of missing) this.cache.readDone(key, found.get(key), startedAt);
    return keys.map((key, i) => (hits[i] ? hits[i].value : found.get(key)) as Value | undefined);
  }

  async has(key: string): Promise<boolean> {
    return (await this.get(key)) !== undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: values as Keyv hands them to an adapter (serialized).
  async set(key: string, value: any): Promise<void> {
    try {
      await this.writer.upsert(this.table, [[key, value]]);
    } catch (error) {
      // Whether the row changed is unknown: the next read asks the file.
      this.cache.forget(key);
      throw error;
    }
    this.cache.written(key, typeof value === 'string' ? value : undefined);
  }

  /** One upsert of every row: one transaction, so all of them are written or none. */
  // biome-ignore lint/suspicious/noExplicitAny: values as Keyv hands them to setMany (serialized).
  async setMany(entries: { key: string; value: any }[]): Promise<void> {
    if (entries.length === 0) return;
    try {
      await this.writer.upsert(
        this.table,
        entries.map(({ key, value }) => [key, value]),
      );
    } catch (error) {
      for (const { key } of entries) this.cache.forget(key);
      throw error;
    }
    for (const { key, value } of entries)
      this.cache.written(key, typeof value === 'string' ? value : undefined);
  }

  async delete(key: string): Promise<boolean> {
    try {
      const existed = await this.writer.remove(this.table, [key]);
      this.cache.written(key, undefined);
      return existed;
    } catch (error) {
      this.cache.forget(key);
      throw error;
    }
  }

  async deleteMany(keys: string[]): Promise<boolean> {
    try {
      const existed = await this.writer.remove(this.table, keys);
      for (const key of keys) this.cache.written(key, undefined);
      return existed;
    } catch (error) {
      for (const key of keys) this.cache.forget(key);
      throw error;
    }
  }

  async clear(): Promise<void> {
    // Rare (tests, uninstall): the whole cache goes rather than a scan of it by prefix.
    this.cache.clear();
    await this.writer.run(
      `DELETE FROM ${this.table} WHERE key LIKE ?`,
      this.namespace ? `${this.namespace}:%` : '%',
    );
    this.cache.clear();
  }

  /** Every [key, stored value] of a namespace, a page at a time (Keyv's `iterator`). */
  async *iterator(namespace?: string): AsyncGenerator<[string, string]> {
    for (let offset = 0; ; offset += ITERATION_PAGE) {
      const rows = (await this.read(
        `SELECT key, value FROM ${this.table} WHERE key LIKE ? ORDER BY key LIMIT ? OFFSET ?`,
        `${namespace ? `${namespace}:` : ''}%`,
        ITERATION_PAGE,
        offset,
      )) as { key: string; value: string }[];
      for (const row of rows) yield [row.key, row.value];
      if (rows.length < ITERATION_PAGE) return;
    }
  }

  /** The connections are the backend's, closed once with the store. */
  async disconnect(): Promise<void> {}
}
