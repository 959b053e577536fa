// System calls per `/exp start`: the app on Redis, Bolt making the same calls and Bolt making the
// app's calls and store writes by hand on Redis, each traced with
// `strace -c -f` while evenly spaced starts arrive (each on a draft of its own), after a warm-up.
// Counts, not times: how many writes, reads and event-loop wake-ups a start costs each process.
// Needs strace (Debian: apt-get install -y strace); not part of `npm run bench`.
//   npm run bench:syscalls -- 300 50      (starts, starts a second)
import { spawn } from 'node:child_process';
import { getGlobalDispatcher } from 'undici';
import { BENCH_REDIS_URL, flushBenchRedis } from './bench-redis.js';
import { startBenchWorld } from './bench-world.js';
import { spawnSubject } from './load.js';
import { paced } from './paced.js';
import { settleAll } from './process-stats.js';

await flushBenchRedis();
const world = await startBenchWorld('bench');
const subjects = [
  await spawnSubject('app', 'src/main.ts', { ...world.env, STORE_URL: BENCH_REDIS_URL }),
  await spawnSubject('bolt', 'bench/bolt-with-calls.ts', world.env),
  await spawnSubject('bolt', 'bench/bolt-guarded.ts', { ...world.env, STORE_URL: BENCH_REDIS_URL }),
];
const labels = ['the app', 'Bolt making the same calls', "Bolt making the app's calls and store writes"];
let next = 300_000;
const [startsArg = '300', rateArg = '50'] = process.argv.slice(2);
const N = Number(startsArg);
const rate = Number(rateArg);
for (const s of subjects) {
  const warm = next;
  next += 100;
  await world.addDrafts(warm, 100);
  await paced(s.url, 50, 100, (i) => world.command(`start ${warm + i}`)());
  await settleAll([s.child]);
  const from = next;
  next += N;
  await world.addDrafts(from, N);
  const out: string[] = [];
  const tracer = spawn('strace', ['-c', '-f', '-p', String(s.child.pid)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  tracer.stderr.on('data', (c: Buffer) => out.push(c.toString()));
  await new Promise((r) => setTimeout(r, 1000));
  await paced(s.url, rate, N, (i) => world.command(`start ${from + i}`)());
  await settleAll([s.child]);
  tracer.kill('SIGINT');
  await new Promise((r) => tracer.once('exit', r));
  // strace -c rows: % time, seconds, usecs/call, calls, [errors,] syscall; its own total row is left out.
  const lines = out
    .join('')
    .split('\n')
    .filter((l) => /^\s*[\d.]+\s+[\d.]+\s+\d+\s+\d+/.test(l) && !/\stotal$/.test(l));
  console.log(`== ${labels[subjects.indexOf(s)]}: syscalls per start (${N} starts)`);
  let total = 0;
  for (const l of lines) {
    const f = l.trim().split(/\s+/);
    const calls = Number(f[3]);
    const name = f[f.length - 1];
    total += calls;
    if (calls / N >= 0.5) console.log(`  ${name} ${(calls / N).toFixed(1)}`);
  }
  console.log(`  total ${(total / N).toFixed(1)}`);
}
for (const s of subjects) s.child.kill();
await world.close();
await getGlobalDispatcher().close();
