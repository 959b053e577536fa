import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '@keyv/redis';
import pg from 'pg';
import { startBenchWorld } from './bench-world.js';
import { median, spawnListening } from './load.js';
import { endToEnd, paced, quantile } from './paced.js';
import { peakRssKb, rssKb, settleAll, settledCpuMs } from './process-stats.js';

// CPU per `/exp start` of the app from two source trees (a git worktree of a base commit and the
// tree under test), both running at the same time under the same load: each process gets its own
// evenly spaced starts at the same rate, in parallel, so a machine shared with other work slows both
// alike and the ratio says what the change did. Each runs `node --import tsx src/main.ts` from its
// tree, on its own store (SQLite files, two Redis databases or two PostgreSQL databases). CPU is
// user + system time from /proc from before a round until the process is idle again, divided by the
// starts sent; ack and end-to-end times (to the post reaching the Slack emulator) as
// bench/work-cost.ts measures them.
//   BASE=/tmp/wt-base CANDIDATE=. node --import tsx bench/compare-trees.ts redis 50 4 6   (sqlite | redis | postgres)
// BASE_ENTRY / CANDIDATE_ENTRY run a built file of the tree with plain node instead (two builds of
// one tree: BASE=. CANDIDATE=. BASE_ENTRY=dist/main.js CANDIDATE_ENTRY=dist/server/main.js).
// CANDIDATE_ENV='NAME=value …' sets variables for the candidate only: one tree under two settings
// (BASE=. CANDIDATE=. CANDIDATE_ENV='MALLOC_ARENA_MAX=2').

interface Tree {
  label: string;
  dir: string;
  child: ChildProcess;
  url: string;
}

const [storeKind = 'redis', rateArg = '50', secondsArg = '4', roundsArg = '6'] = process.argv.slice(2);
const rate = Number(rateArg);
const perRound = Math.round(rate * Number(secondsArg));
const rounds = Number(roundsArg);
const dirs = {
  base: resolve(process.env.BASE ?? '/tmp/wt-base'),
  candidate: resolve(process.env.CANDIDATE ?? '.'),
};
const redisBase = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
// Databases of their own, flushed first: neither process sees the other's keys.
const redisUrls = { base: `${redisBase}/10`, candidate: `${redisBase}/11` };

const postgresAdmin = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A database of its own for one tree, made anew: neither process sees the other's rows. */
async function freshDatabase(label: string): Promise<string> {
  const name = `exp_compare_${label}`;
  const admin = new pg.Client({ connectionString: postgresAdmin });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return postgresAdmin.replace(/\/[^/]*$/, `/${name}`);
}

async function storeUrlOf(label: 'base' | 'candidate'): Promise<string> {
  if (storeKind === 'postgres') return freshDatabase(label);
  if (storeKind !== 'redis') return `sqlite://${join(tmp, `${label}.sqlite`)}`;
  await flush(redisUrls[label]);
  return redisUrls[label];
}

async function flush(url: string): Promise<void> {
  const redis = createClient({ url });
  await redis.connect();
  await redis.flushDb();
  await redis.quit();
}

const entries = {
  base: process.env.BASE_ENTRY ? [process.env.BASE_ENTRY] : ['--import', 'tsx', 'src/main.ts'],
  candidate: process.env.CANDIDATE_ENTRY ? [process.env.CANDIDATE_ENTRY] : ['--import', 'tsx', 'src/main.ts'],
};

const candidateEnv: Record<string, string> = Object.fromEntries(
  (process.env.CANDIDATE_ENV ?? '')
    .split(/\s+/)
    .filter((pair) => pair.includes('='))
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

async function startTree(
  label: 'base' | 'candidate',
  dir: string,
  env: Record<string, string>,
): Promise<Tree> {
  const { child, url } = await spawnListening(label, entries[label], { env, cwd: dir });
  return { label, dir, child, url };
}

const mb = (kb: number) => (kb / 1024).toFixed(0);
const world = await startBenchWorld('compare');
const tmp = mkdtempSync(join(tmpdir(), 'exp-compare-'));
const trees: Tree[] = [];
let nextId = 500_000;
const ids = (count: number) => Array.from({ length: count }, () => nextId++);

interface RoundResult {
  cpu: number;
  told: number;
  ackP50: number;
  ackP99: number;
  /** From writing the request to the post telling the start reaching Slack (the emulator's clock). */
  e2eP50: number;
  e2eP99: number;
}

/** Starts `count` new drafts on every tree at once; returns each tree's CPU ms per start, how many were told and how fast. */
async function round(count: number, reversed = false): Promise<RoundResult[]> {
  const batches = trees.map(() => ids(count));
  for (const batch of batches) await world.addDrafts(batch[0] ?? 0, batch.length);
  await settleAll(
    trees.map((t) => t.child),
    120_000,
  );
  const before = await Promise.all(trees.map((t) => settledCpuMs(t.child, 120_000)));
  // The tree whose request is written second in each tick comes out ahead: with the same tree as
  // both, the second's ack p50 was 0.2–0.5 ms lower in every round and its CPU 0.96 ×, whichever
  // it was. So the order is swapped every round, and runs are read over an even number of rounds.
  const order = reversed ? [...trees.keys()].reverse() : [...trees.keys()];
  const pacing = new Map<number, ReturnType<typeof paced>>();
  for (const i of order)
    pacing.set(
      i,
      paced(trees[i]?.url ?? '', rate, count, (j) => world.command(`start ${batches[i]?.[j]}`)()),
    );
  const sent = await Promise.all(trees.map((_, i) => pacing.get(i) ?? Promise.reject(new Error('unpaced'))));
  const deadline = Date.now() + 60_000;
  let told = await Promise.all(batches.map((b) => world.toldStarted(b)));
  while (told.some((t, i) => t.length < (batches[i]?.length ?? 0)) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    told = await Promise.all(batches.map((b) => world.toldStarted(b)));
  }
  const after = await Promise.all(trees.map((t) => settledCpuMs(t.child, 120_000)));
  const toldAt = await Promise.all(batches.map((b) => world.outcomes(b)));
  return trees.map((_, i) => {
    const e2e = endToEnd(sent[i]?.sends ?? [], toldAt[i] ?? []);
    const acks = (sent[i]?.sends ?? []).map((s) => s.ackMs ?? Number.NaN);
    return {
      cpu: ((after[i] ?? 0) - (before[i] ?? 0)) / count,
      told: told[i]?.length ?? 0,
      ackP50: quantile(acks, 0.5),
      ackP99: quantile(acks, 0.99),
      e2eP50: quantile(e2e, 0.5),
      e2eP99: quantile(e2e, 0.99),
    };
  });
}

try {
  for (const [label, dir] of Object.entries(dirs)) {
    const key = label as keyof typeof dirs;
    const env = { ...world.env, STORE_URL: await storeUrlOf(key) };
    trees.push(await startTree(key, dir, key === 'candidate' ? { ...env, ...candidateEnv } : env));
  }
  process.stderr.write(`compare: warm-up\n`);
  await round(Math.min(100, perRound));
  const results: RoundResult[][] = [];
  for (let r = 0; r < rounds; r++) {
    process.stderr.write(`compare: round ${r + 1} of ${rounds}, ${perRound} starts each at ${rate}/s\n`);
    results.push(await round(perRound, r % 2 === 1));
  }
  const lines = [
    `/exp start on ${storeKind}, ${rate}/s each, ${perRound} starts per round, both trees at once`,
    '',
    '| tree | ms CPU per start (rounds) | median | told | ack p50 / p99 ms (rounds) | end-to-end p50 / p99 ms (rounds) |',
    '|---|---|---|---|---|---|',
  ];
  const medians = trees.map((_, i) => median(results.map((r) => r[i]?.cpu ?? Number.NaN)));
  trees.forEach((tree, i) => {
    const cpu = results.map((r) => (r[i]?.cpu ?? 0).toFixed(2)).join(', ');
    const told = results.reduce((n, r) => n + (r[i]?.told ?? 0), 0);
    const acks = results
      .map((r) => `${(r[i]?.ackP50 ?? 0).toFixed(2)} / ${(r[i]?.ackP99 ?? 0).toFixed(1)}`)
      .join(', ');
    const e2e = results.map((r) => `${(r[i]?.e2eP50 ?? 0).toFixed(0)} / ${(r[i]?.e2eP99 ?? 0).toFixed(0)}`);
    lines.push(
      `| ${tree.label} (${tree.dir}) | ${cpu} | ${medians[i]?.toFixed(2)} | ${told} / ${perRound * rounds} | ${acks} | ${e2e.join(', ')} |`,
    );
  });
  // Each round's two figures come from the same seconds of the same machine, so the round's ratio is
  // the paired measure; the ratio of the two columns' medians can pair a fast round with a slow one.
  const roundRatios = results.map((r) => (r[1]?.cpu ?? Number.NaN) / (r[0]?.cpu ?? Number.NaN));
  lines.push(
    '',
    `candidate ÷ base, median of the rounds' ratios: ${median(roundRatios).toFixed(3)} (rounds: ${roundRatios.map((v) => v.toFixed(2)).join(', ')})`,
    'Odd rounds wrote the requests of the base first in each tick, even rounds those of the candidate.',
    `Resident memory, peak / once the last round had settled: ${trees.map((t) => `${t.label} ${mb(peakRssKb(t.child))} / ${mb(rssKb(t.child))} MB`).join(', ')}.`,
  );
  if (Object.keys(candidateEnv).length > 0)
    lines.push(`The candidate ran with ${Object.keys(candidateEnv).join(', ')} set (CANDIDATE_ENV).`);
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  for (const tree of trees) tree.child.kill('SIGKILL');
  await world.close();
  rmSync(tmp, { recursive: true, force: true });
}
