import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchWorld } from './bench-world.js';
import { run, spawnSubject } from './load.js';
import { settledCpuMs } from './process-stats.js';
import { summariseProfile } from './profile-summary.js';

// Where the app's CPU goes under load: the app (src/main.ts, memory store, the sandbox and the
// emulator in a process of their own) runs with --cpu-prof while autocannon sends one `/exp` text, then stops
// cleanly so V8 writes the profile; the functions with the most self time are printed.
//   npm run bench:profile -- "help" 10 10          (text, connections, seconds)
//   npm run bench:profile -- "start 4" 10 10 200   (…, requests per second: autocannon's rate limit)

const [text = 'help', connectionsArg = '10', secondsArg = '10', rateArg] = process.argv.slice(2);
const rate = rateArg ? Number(rateArg) : undefined;
const world = await startBenchWorld('profile');
const dir = mkdtempSync(join(tmpdir(), 'exp-prof-'));
// tsc's output, one file per module, not the server bundle: the summary tells the app's folders
// apart by the file a function is in (the code is the same; bench/compiled.ts).
const app = await spawnSubject(
  'app',
  'dist/main.js',
  world.env,
  // PROFILE=0: the same run without the profiler, for throughput against bare Bolt.
  process.env.PROFILE === '0' ? [] : ['--cpu-prof', `--cpu-prof-dir=${dir}`],
);
const make = world.command(text);
// Warm-up, then the profiled run.
await run(app.url, Number(connectionsArg), 2, make, rate);
const cpuBefore = await settledCpuMs(app.child);
const { result, p50, p99 } = await run(app.url, Number(connectionsArg), Number(secondsArg), make, rate);
// CPU per request, the work after each ack included: steadier than req/s from one short run.
const cpuPerRequest = ((await settledCpuMs(app.child)) - cpuBefore) / result.requests.total;
process.stdout.write(
  `/exp ${text} x${connectionsArg}: ${result.requests.average.toFixed(0)} req/s, p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, ${cpuPerRequest.toFixed(2)} ms CPU per request\n`,
);
app.child.kill('SIGTERM');
await new Promise((resolve) => app.child.once('exit', resolve));
// Bare Bolt under the same load, unprofiled, for scale (the profiler slows the app somewhat); for
// `/exp start` also Bolt making the same calls (bench/bolt-with-calls.ts), for what the work costs.
const baselines: [string, string][] = [['bare Bolt', 'bench/bare-bolt.ts']];
if (text.startsWith('start ')) baselines.push(['Bolt with the same calls', 'bench/bolt-with-calls.ts']);
for (const [label, script] of baselines) {
  const bolt = await spawnSubject('bolt', script, world.env);
  await run(bolt.url, Number(connectionsArg), 2, make, rate);
  const boltBefore = await settledCpuMs(bolt.child);
  const base = await run(bolt.url, Number(connectionsArg), Number(secondsArg), make, rate);
  const boltCpu = ((await settledCpuMs(bolt.child)) - boltBefore) / base.result.requests.total;
  process.stdout.write(
    `${label}: ${base.result.requests.average.toFixed(0)} req/s, p50 ${base.p50.toFixed(2)} ms, p99 ${base.p99.toFixed(2)} ms, ${boltCpu.toFixed(2)} ms CPU per request\n`,
  );
  bolt.child.kill('SIGKILL');
}
await world.close();

if (process.env.PROFILE === '0') process.exit(0);
process.stdout.write(summariseProfile(dir));
