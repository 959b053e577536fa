import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_REDIS_URL, flushBenchRedis } from './bench-redis.js';
import { startBenchWorld } from './bench-world.js';
import { compiled } from './compiled.js';
import { spawnSubject } from './load.js';
import { paced } from './paced.js';

// Promises created per `/exp start` and per `/exp help`: the app (SQLite, Redis) against Bolt making
// the same calls, and the help against bare Bolt. AsyncLocalStorage (the request's languages,
// src/slack/locale/scope.ts) runs a hook for every promise of the process, and each promise is an
// allocation and a microtask, so this count is a cost of its own; unlike CPU time it does not move
// with the machine. Counted by a preloaded async hook (bench/promise-counter.ts) after a warm-up.
//   npm run bench:promises -- 400      (requests counted per subject)

const counted = Number(process.argv[2] ?? '400');
const RATE = 50;
const tmp = mkdtempSync(join(tmpdir(), 'exp-promises-'));
const world = await startBenchWorld('promises');
const preload = await compiled('bench/promise-counter.ts');
let nextDraft = 900_000;

interface Row {
  subject: string;
  request: 'start' | 'help';
  perRequest: number;
}

async function countOf(pid: number, file: string): Promise<number> {
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let tries = 0; tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      return Number(readFileSync(file, 'utf8'));
    } catch {
      // Not written yet.
    }
  }
  throw new Error(`pid ${pid} wrote no count`);
}

/** Sends `count` requests at RATE a second and waits until their work is done. */
async function load(url: string, request: Row['request'], count: number): Promise<void> {
  const first = nextDraft;
  nextDraft += count;
  if (request === 'start') await world.addDrafts(first, count);
  const text = (j: number) => (request === 'start' ? `start ${first + j}` : 'help');
  await paced(url, RATE, count, (j) => world.command(text(j))());
  if (request === 'start') {
    const ids = Array.from({ length: count }, (_, j) => first + j);
    const deadline = Date.now() + 60_000;
    // outcomes() knows the app's post and Bolt's line alike.
    const told = async () => (await world.outcomes(ids)).filter((at) => at !== null).length;
    while ((await told()) < count && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // What the last requests left running (the record's write, the audit entry) ends.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
}

async function measure(
  subject: string,
  script: string,
  env: Record<string, string>,
  request: Row['request'],
): Promise<Row> {
  const file = join(tmp, `${subject.replaceAll(/\W+/g, '-')}.count`);
  const { child, url } = await spawnSubject(
    script.startsWith('bench/') ? 'bolt' : 'app',
    script,
    { ...world.env, ...env, PROMISE_COUNT_FILE: file },
    ['--import', preload],
  );
  try {
    await load(url, request, Math.min(200, counted));
    const before = await countOf(child.pid ?? 0, file);
    await load(url, request, counted);
    const after = await countOf(child.pid ?? 0, file);
    return { subject, request, perRequest: (after - before) / counted };
  } finally {
    child.kill('SIGKILL');
  }
}

try {
  await flushBenchRedis();
  const rows = [
    await measure(
      'the app (SQLite)',
      'src/main.ts',
      { STORE_URL: `sqlite://${join(tmp, 'app.sqlite')}` },
      'start',
    ),
    await measure('the app (Redis)', 'src/main.ts', { STORE_URL: BENCH_REDIS_URL }, 'start'),
    await measure('Bolt making the same calls', 'bench/bolt-with-calls.ts', { BOLT_CALLS: 'start' }, 'start'),
    await measure("Bolt making the app's calls", 'bench/bolt-with-calls.ts', { BOLT_CALLS: 'card' }, 'start'),
    await measure(
      "Bolt making the app's calls and store writes (SQLite)",
      'bench/bolt-guarded.ts',
      { STORE_URL: `sqlite://${join(tmp, 'bolt-guarded.sqlite')}` },
      'start',
    ),
    await measure(
      "Bolt making the app's calls and store writes (Redis)",
      'bench/bolt-guarded.ts',
      { STORE_URL: BENCH_REDIS_URL },
      'start',
    ),
    await measure(
      'the app (SQLite)',
      'src/main.ts',
      { STORE_URL: `sqlite://${join(tmp, 'help.sqlite')}` },
      'help',
    ),
    await measure('bare Bolt', 'bench/bare-bolt.ts', {}, 'help'),
  ];
  const baseline = (request: Row['request']) =>
    rows.find(
      (row) =>
        row.request === request &&
        row.subject.startsWith(request === 'start' ? 'Bolt making the same' : 'bare'),
    )?.perRequest ?? Number.NaN;
  const lines = [
    `Promises created per request, ${counted} requests at ${RATE}/s after a warm-up`,
    '',
    '| request | subject | promises per request | ÷ baseline |',
    '|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| /exp ${row.request} | ${row.subject} | ${row.perRequest.toFixed(0)} | ${(row.perRequest / baseline(row.request)).toFixed(2)} |`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await world.close();
  rmSync(tmp, { recursive: true, force: true });
}
