import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import { Keyv } from 'keyv';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { messageText, startHarness } from '../test/support/harness.js';
import { watchSqliteStatements } from '../test/support/sqlite-statements.js';
import { BENCH_REDIS_URL, flushBenchRedis } from './bench-redis.js';

// How many store operations one `/exp start` makes, on each store, counted by wrapping the
// libraries the store is built on (nothing in the app changes): Keyv's methods (what the app asks
// for, by namespace and key prefix), the once-guard and the append log (the audit trail), and what
// reaches the engine: SQL statements on SQLite (each one a trip to libuv's thread pool and, for a
// write outside a transaction, a commit of its own), commands on Redis (a MULTI counted as one
// round trip carrying its commands). The app runs in this process (test/support/harness.ts), one
// start at a time, each on a draft of its own, the next sent once the outcome is in the channel;
// on SQLite also ten at a time, where the file's writer commits writes made together at once.
//   npm run bench:store-ops -- 20      (starts per store)

type Counts = Map<string, number>;
const counts: Counts = new Map();
const bump = (key: string, by = 1) => counts.set(key, (counts.get(key) ?? 0) + by);

/** A key's shape: ids, hashes and numbers replaced, so keys of the same kind count together. */
export const keyShape = (key: string): string =>
  key
    // The replay guard's key: 22 characters of base64url, '-' and '_' among them.
    .replace(/(slack-request:)[A-Za-z0-9_-]{22}/g, '$1<hash>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/[0-9a-f]{32,}/gi, '<hash>')
    .replace(/\b(?=[a-z0-9_-]*\d)[a-z0-9_-]{12,}\b/gi, '<key>')
    .replace(/\b[TUCBVAE][A-Z0-9]{6,}\b/g, '<id>')
    .replace(/\d+(\.\d+)?/g, '#')
    .slice(0, 70);

/** A command by its name and first key; a script by the keys it is given, not its text. */
function commandShape(args: unknown[]): string {
  const name = String(args[0]).toUpperCase();
  if (name !== 'EVAL' && name !== 'EVALSHA') return `${name} ${keyShape(String(args[1] ?? ''))}`;
  const keys = args.slice(3, 3 + Number(args[2])).map((key) => keyShape(String(key)));
  return `${name} [${keys.join(', ')}]`;
}

function countKeyv(): void {
  const proto = Keyv.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const reads = ['get', 'getMany', 'has', 'hasMany'];
  const writes = ['set', 'setMany', 'delete', 'deleteMany', 'clear'];
  for (const name of [...reads, ...writes]) {
    const original = proto[name];
    if (!original) continue;
    proto[name] = function (this: Keyv, ...args: unknown[]) {
      const kind = reads.includes(name) ? 'read' : 'write';
      const first = args[0];
      // getMany and deleteMany take keys; setMany takes entries ({ key, value }).
      const head: unknown = Array.isArray(first) ? first[0] : undefined;
      const headKey = head !== null && typeof head === 'object' && 'key' in head ? head.key : head;
      const key = Array.isArray(first) ? `[${first.length}] ${String(headKey)}` : String(first ?? '');
      bump(`keyv ${kind} ${this.namespace ?? ''}|${keyShape(key)} (${name})`);
      bump(`total: keyv ${kind}s`);
      return original.apply(this, args);
    };
  }
}

let inTransaction = false;

function countSqlite(): void {
  watchSqliteStatements(countStatement);
}

function countStatement(sql: string, firstParam: unknown): void {
  const text = sql.trim().replace(/\s+/g, ' ');
  const verb = text.split(' ')[0]?.toUpperCase() ?? '?';
  const key = typeof firstParam === 'string' ? keyShape(firstParam) : '';
  const table = /\b(?:FROM|INTO|UPDATE)\s+(\w+)/i.exec(text)?.[1] ?? '';
  bump(`sqlite ${verb} ${table} ${verb === 'PRAGMA' ? text : key}`);
  bump('total: round trips (SQL statements)');
  // The file's one writer (src/store/sqlite-writer.ts) issues its statements in order, so a
  // transaction is the statements between its BEGIN and its COMMIT; a write outside one commits
  // on its own.
  if (verb === 'BEGIN') inTransaction = true;
  else if (verb === 'COMMIT' || verb === 'ROLLBACK') {
    inTransaction = false;
    if (verb === 'COMMIT') bump('total: SQLite commits');
  } else if (verb !== 'SELECT' && !inTransaction) bump('total: SQLite commits');
}

function countRedis(): void {
  let proto: Record<string, unknown> | null = Object.getPrototypeOf(createClient());
  while (proto && !Object.hasOwn(proto, 'sendCommand')) proto = Object.getPrototypeOf(proto);
  if (!proto) throw new Error('no sendCommand on the Redis client');
  const send = proto.sendCommand as (...args: unknown[]) => unknown;
  proto.sendCommand = function (this: unknown, args: unknown[], ...rest: unknown[]) {
    bump(`redis ${commandShape(args)}`);
    bump('total: round trips (Redis commands and MULTIs)');
    return send.call(this, args, ...rest);
  };
  const multi = proto._executeMulti as (...args: unknown[]) => unknown;
  proto._executeMulti = function (this: unknown, commands: { args: unknown[] }[], ...rest: unknown[]) {
    const names = commands.map((c) => `${String(c.args[0]).toUpperCase()} ${keyShape(String(c.args[1]))}`);
    bump(`redis MULTI [${names.join(', ')}]`);
    bump('total: round trips (Redis commands and MULTIs)');
    return multi.call(this, commands, ...rest);
  };
}

async function countStarts(storeUrl: string, starts: number, together = 1): Promise<Counts> {
  const harness = await startHarness({ env: { STORE_URL: storeUrl } });
  try {
    const template = harness.sandbox.state.experiments.get(4);
    if (template?.status !== 'draft') throw new Error('the sandbox has no draft experiment 4');
    const start = async (id: number) => {
      harness.sandbox.state.experiments.set(id, { ...template, id, name: `Ops ${id}`, label: `ops_${id}` });
      const res = await harness.driver.command({ text: `start ${id}` });
      if (res.status !== 200) throw new Error(`start ${id}: ${res.status} ${res.body}`);
      await harness.emulator.waitFor(
        () =>
          harness.emulator
            .messages(EMULATOR_DEFAULTS.channelId)
            .some((m) => messageText(m).includes(`started experiment *${id}*`)),
        { timeoutMs: 10_000, message: `start ${id} told` },
      );
    };
    // Warm-up: the card, the connection's first reads.
    await start(1000);
    await start(1001);
    // The work after the outcome (the alert queue, the record's last write) settles.
    await new Promise((resolve) => setTimeout(resolve, 300));
    counts.clear();
    // `together` starts at once, as under load (SQLite's writer then commits their writes together).
    for (let i = 0; i < starts; i += together) {
      await Promise.all(
        Array.from({ length: Math.min(together, starts - i) }, (_, j) => start(2000 + i + j)),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    return new Map(counts);
  } finally {
    await harness.close();
  }
}

function format(label: string, result: Counts, starts: number): string {
  const rows = [...result.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  const lines = [
    `### ${label}: per /exp start (${starts} starts)`,
    '',
    '| operation | per start |',
    '|---|---|',
  ];
  for (const [key, n] of rows) lines.push(`| ${key.replace(/\|/g, '¦')} | ${(n / starts).toFixed(2)} |`);
  return lines.join('\n');
}

const starts = Number(process.argv[2] ?? 20);
countKeyv();
countSqlite();
countRedis();
const dir = mkdtempSync(join(tmpdir(), 'exp-ops-'));
try {
  const sqlite = await countStarts(`sqlite://${join(dir, 'ops.sqlite')}`, starts);
  const sqliteTogether = await countStarts(`sqlite://${join(dir, 'ops-together.sqlite')}`, starts, 10);
  await flushBenchRedis();
  const redis = await countStarts(BENCH_REDIS_URL, starts);
  process.stdout.write(
    `${format('SQLite', sqlite, starts)}\n\n${format('SQLite, 10 starts at once', sqliteTogether, starts)}\n\n${format('Redis', redis, starts)}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
