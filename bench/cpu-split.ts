// Where the app's extra CPU per `/exp start` lies: in its store's I/O or in its own work. The app on
// SQLite, on Redis and on `memory://` (no store I/O at all: what is left is the app's own work),
// Bolt making the same calls and Bolt making the app's calls (bench/bolt-with-calls.ts), each
// taking evenly spaced starts in turn, rounds alternating; user and system time per start from
// /proc, from before a round until every process is idle again. Not part of `npm run bench`.
//   npm run bench:cpu-split -- 100 6 3      (starts a second, seconds a round, rounds)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getGlobalDispatcher } from 'undici';
import { BENCH_REDIS_URL, flushBenchRedis } from './bench-redis.js';
import { startBenchWorld } from './bench-world.js';
import { spawnSubject } from './load.js';
import { paced, quantile } from './paced.js';
import { cpuSplitMs, settleAll } from './process-stats.js';

const [rateArg = '100', secondsArg = '6', roundsArg = '3'] = process.argv.slice(2);
const rate = Number(rateArg);
const perRound = Math.round(rate * Number(secondsArg));
const world = await startBenchWorld('bench');
await flushBenchRedis();
const dir = mkdtempSync(join(tmpdir(), 'exp-cpu-split-'));
const app = (store: string) => spawnSubject('app', 'src/main.ts', { ...world.env, STORE_URL: store });
const bolt = (calls: string) =>
  spawnSubject('bolt', 'bench/bolt-with-calls.ts', { ...world.env, BOLT_CALLS: calls });
const subjects = [
  { label: 'the app (SQLite)', subject: await app(`sqlite://${join(dir, 'app.sqlite')}`) },
  { label: 'the app (Redis)', subject: await app(BENCH_REDIS_URL) },
  { label: 'the app (memory://, no store I/O)', subject: await app('memory://') },
  { label: 'Bolt making the same calls', subject: await bolt('start') },
  { label: "Bolt making the app's calls (start, read, card)", subject: await bolt('card') },
];
const children = subjects.map((s) => s.subject.child);
const rounds = subjects.map(() => [] as { user: number; system: number }[]);
let next = 700_000;
try {
  for (const { subject } of subjects) {
    await world.addDrafts(next, 20);
    const from = next;
    next += 20;
    await paced(subject.url, 50, 20, (i) => world.command(`start ${from + i}`)());
  }
  for (let round = 0; round < Number(roundsArg); round++) {
    const order = subjects.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const { subject, label } = subjects[i] ?? {};
      if (!subject) continue;
      process.stderr.write(`bench: round ${round + 1}, ${label}\n`);
      const from = next;
      next += perRound;
      await world.addDrafts(from, perRound);
      await settleAll(children, 120_000);
      const before = cpuSplitMs(subject.child);
      await paced(subject.url, rate, perRound, (k) => world.command(`start ${from + k}`)());
      await settleAll(children, 120_000);
      const after = cpuSplitMs(subject.child);
      rounds[i]?.push({
        user: (after.user - before.user) / perRound,
        system: (after.system - before.system) / perRound,
      });
    }
  }
} finally {
  for (const child of children) child.kill('SIGKILL');
  await world.close();
  await getGlobalDispatcher().close();
  rmSync(dir, { recursive: true, force: true });
}
const median = (xs: number[]) => quantile(xs, 0.5);
const total = (r: { user: number; system: number }) => r.user + r.system;
const boltCard = median(rounds[4]?.map(total) ?? []);
const lines = [
  `/exp start at ${rate}/s, ${perRound} starts a round, ${roundsArg} rounds: ms CPU per start (median of rounds; rounds)`,
  '',
  "| subject | user | system | user + system (rounds) | ÷ Bolt making the app's calls |",
  '|---|---|---|---|---|',
  ...subjects.map(({ label }, i) => {
    const rs = rounds[i] ?? [];
    const all = median(rs.map(total));
    return `| ${label} | ${median(rs.map((r) => r.user)).toFixed(2)} | ${median(rs.map((r) => r.system)).toFixed(2)} | ${all.toFixed(2)} (${rs.map((r) => total(r).toFixed(2)).join(', ')}) | ${(all / boltCard).toFixed(2)} |`;
  }),
];
process.stdout.write(`${lines.join('\n')}\n`);
