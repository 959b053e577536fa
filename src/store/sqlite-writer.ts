/**
 * Runs one statement and resolves with its rows. The writer needs a connection that runs its
 * statements in the order they were issued (sqlite-connection.ts): it issues a batch at once.
 */
export type SqliteQuery = (sql: string, ...params: unknown[]) => Promise<unknown>;

/**
 * Every write to the SQLite file goes through one connection, and the writes that arrive while a
 * commit is under way are committed together, in one transaction (group commit). A write's promise
 * settles once that transaction has committed (synced as the file's `synchronous` says, FULL by
 * default), so it guarantees what a write committed on its own did; under load many writes share
 * one commit instead of each waiting for its own. A write that finds the writer idle runs on its
 * own at once: nothing waits for company.
 *
 * Writes of one kind to one table are merged into one statement (all the batch's upserts into one
 * multi-row upsert, its deletes into one delete, its log entries into one insert), because every
 * statement costs trips to libuv's thread pool that each wait for a turn of a busy event loop: run
 * statement by statement, batches fall behind under load. A key upserted
 * twice is written once, with the later value (nobody sees the one between inside a transaction);
 * a key deleted after being written, or written after being deleted, starts the next statement, so
 * the order of the writes to it is kept and a delete still says whether its key was there.
 *
 * Why one connection: with a connection per namespace the writes of concurrent commands met at
 * SQLite's single write lock, and a connection that found it taken slept in SQLite's busy handler
 * on the thread pool; each write also committed, and synced, on its own. Reads go through the
 * file's other connection (WAL lets it read while this one writes).
 */
export interface SqliteWriter {
  /** Inserts or replaces rows of a key/value table (`key`, `value`). */
  upsert(table: string, rows: readonly (readonly [key: string, value: string])[]): Promise<void>;
  /** Deletes rows by key; resolves with whether any of them was there. */
  remove(table: string, keys: readonly string[]): Promise<boolean>;
  /** Inserts rows that are new by their primary key (one already there is left as it is). */
  insertNew(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void>;
  /** Any other write: a statement of its own, run after the writes made before it. */
  run(sql: string, ...params: unknown[]): Promise<unknown>;
  /** Resolves once every write queued so far has settled (before the connection closes). */
  drained(): Promise<void>;
}

/** The most writes one transaction takes: bounds a commit, and a statement's parameters. */
const MAX_WRITES_PER_COMMIT = 200;

type WriteOp =
  | { kind: 'upsert'; table: string; rows: readonly (readonly [string, string])[] }
  | { kind: 'remove'; table: string; keys: readonly string[] }
  | { kind: 'insertNew'; table: string; columns: readonly string[]; rows: readonly (readonly unknown[])[] }
  | { kind: 'run'; sql: string; params: unknown[] };

interface QueuedWrite {
  op: WriteOp;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

/** One statement of a batch and the writes it carries. */
interface Statement {
  sql: string;
  params: unknown[];
  writes: QueuedWrite[];
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
const settle = (run: Promise<unknown>): Promise<Outcome> =>
  run.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

const placeholders = (rows: number, columns: number) =>
  Array.from({ length: rows }, () => `(${Array.from({ length: columns }, () => '?').join(', ')})`).join(', ');

function statementOf(op: WriteOp): Omit<Statement, 'writes'> {
  switch (op.kind) {
    case 'upsert':
      return {
        sql: `INSERT INTO ${op.table} (key, value) VALUES ${placeholders(op.rows.length, 2)} ON CONFLICT(key) DO UPDATE SET value=excluded.value`,
        params: op.rows.flat(),
      };
    case 'remove':
      return {
        sql: `DELETE FROM ${op.table} WHERE key IN (SELECT value FROM json_each(?)) RETURNING key`,
        params: [JSON.stringify(op.keys)],
      };
    case 'insertNew':
      return {
        sql: `INSERT INTO ${op.table} (${op.columns.join(', ')}) VALUES ${placeholders(op.rows.length, op.columns.length)} ON CONFLICT DO NOTHING`,
        params: op.rows.flat(),
      };
    case 'run':
      return { sql: op.sql, params: op.params };
  }
}

/** What a write resolves with, from the rows of the statement that carried it. */
function resultOf(op: WriteOp, rows: unknown): unknown {
  if (op.kind === 'run') return rows;
  if (op.kind !== 'remove') return undefined;
  const removed = new Set((rows as { key: string }[]).map((row) => row.key));
  return op.keys.some((key) => removed.has(key));
}

/** The writes of one kind to one table gathered into one statement. */
interface Gathered {
  op: WriteOp;
  writes: QueuedWrite[];
}

/**
 * The batch's writes merged by kind and table. A key upserted again replaces its row in the same
 * statement (one transaction: nobody sees the value in between); a key deleted after being written,
 * or written after being deleted, in the batch starts the next round of statements, so the order
 * of the writes to it is kept and a delete still says whether its key was there.
 */
function mergeBatch(batch: readonly QueuedWrite[]): Statement[] {
  const statements: Statement[] = [];
  let open = new Map<string, Gathered>();
  let touched = new Map<string, WriteOp['kind']>();
  const close = () => {
    for (const { op, writes } of open.values()) statements.push({ ...statementOf(op), writes });
    open = new Map();
    touched = new Map();
  };
  for (const write of batch) {
    const { op } = write;
    if (op.kind === 'run') {
      close();
      statements.push({ ...statementOf(op), writes: [write] });
      continue;
    }
    const ids = keysOf(op).map((key) => `${op.table}\u0000${key}`);
    if (ids.some((id) => (touched.get(id) ?? op.kind) !== op.kind)) close();
    for (const id of ids) touched.set(id, op.kind);
    const group = `${op.kind}\u0000${op.table}\u0000${op.kind === 'insertNew' ? op.columns.join(',') : ''}`;
    const gathered = open.get(group);
    if (gathered) {
      gathered.writes.push(write);
      gathered.op = mergeOps(gathered.op, op);
    } else open.set(group, { op, writes: [write] });
  }
  close();
  return statements;
}

const keysOf = (op: WriteOp): readonly string[] =>
  op.kind === 'upsert' ? op.rows.map(([key]) => key) : op.kind === 'remove' ? op.keys : [];

function mergeOps(into: WriteOp, op: WriteOp): WriteOp {
  if (into.kind === 'upsert' && op.kind === 'upsert') {
    // The later row of a key replaces the earlier one (a Map keeps the first one's place).
    const rows = new Map(into.rows.map(([key, value]) => [key, value] as const));
    for (const [key, value] of op.rows) rows.set(key, value);
    return { ...into, rows: [...rows] };
  }
  if (into.kind === 'remove' && op.kind === 'remove') return { ...into, keys: [...into.keys, ...op.keys] };
  if (into.kind === 'insertNew' && op.kind === 'insertNew')
    return { ...into, rows: [...into.rows, ...op.rows] };
  throw new Error(`cannot merge a ${op.kind} into a ${into.kind}`);
}

export function createSqliteWriter(query: SqliteQuery, maxBatch = MAX_WRITES_PER_COMMIT): SqliteWriter {
  const queue: QueuedWrite[] = [];
  let draining: Promise<void> | undefined;

  const runAlone = async (write: QueuedWrite) => {
    const { sql, params } = statementOf(write.op);
    await query(sql, ...params).then((rows) => write.resolve(resultOf(write.op, rows)), write.reject);
  };

  /** Writes merged into one statement: atomic on its own, so no transaction around it. */
  const runOneStatement = async (batch: QueuedWrite[], statement: Statement) => {
    const outcome = await settle(query(statement.sql, ...statement.params));
    if (outcome.ok) {
      for (const write of statement.writes) write.resolve(resultOf(write.op, outcome.value));
      return;
    }
    // Nothing of a failed statement is written: each write runs alone for its own outcome.
    for (const write of batch) await runAlone(write);
  };

  const runTogether = async (batch: QueuedWrite[]) => {
    const statements = mergeBatch(batch);
    // Two statements fewer (each three trips to the thread pool) where a pair of upserts to one
    // table, the usual pair of writes a start makes at once, merged into one.
    const [single] = statements;
    if (statements.length === 1 && single) return runOneStatement(batch, single);
    // Issued at once, run in order by the connection: no turn of the event loop between them.
    const began = settle(query('BEGIN IMMEDIATE'));
    const outcomes = statements.map((s) => settle(query(s.sql, ...s.params)));
    const committed = settle(query('COMMIT'));
    const settled = await Promise.all(outcomes);
    if ((await began).ok && (await committed).ok && settled.every((o) => o.ok)) {
      statements.forEach((statement, i) => {
        const outcome = settled[i] as Outcome & { ok: true };
        for (const write of statement.writes) write.resolve(resultOf(write.op, outcome.value));
      });
      return;
    }
    // A statement failed, or the transaction did not commit as one: what of the batch is written is
    // not known. It is rolled back (if still open) and each write run again on its own, so each
    // gets the outcome and the error it would have had alone. Every write can run twice (upserts
    // and deletes of whole values; a log entry already there is left), so one already written by
    // the time the transaction broke off writes the same again.
    await query('ROLLBACK').catch(() => undefined);
    for (const write of batch) await runAlone(write);
  };

  const drain = async () => {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      const [only] = batch;
      try {
        if (batch.length === 1 && only) await runAlone(only);
        else await runTogether(batch);
      } catch (error) {
        // Not a statement's failure (those settle their writes): a bug here must not leave the
        // batch waiting forever. Settling a write twice changes nothing.
        for (const write of batch) write.reject(error);
      }
    }
    draining = undefined;
  };

  const enqueue = (op: WriteOp) =>
    new Promise<unknown>((resolve, reject) => {
      queue.push({ op, resolve, reject });
      // Started after the current microtasks, so writes made in the same turn share a commit.
      draining ??= Promise.resolve().then(drain);
    });

  return {
    upsert: async (table, rows) => {
      if (rows.length > 0) await enqueue({ kind: 'upsert', table, rows });
    },
    remove: async (table, keys) =>
      keys.length > 0 && ((await enqueue({ kind: 'remove', table, keys })) as boolean),
    insertNew: async (table, columns, rows) => {
      if (rows.length > 0) await enqueue({ kind: 'insertNew', table, columns, rows });
    },
    run: (sql, ...params) => enqueue({ kind: 'run', sql, params }),
    drained: () => draining ?? Promise.resolve(),
  };
}
