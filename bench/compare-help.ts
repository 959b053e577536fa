import { resolve } from 'node:path';
import { startBenchWorld } from './bench-world.js';
import { median, run, spawnListening, spawnSubject, warmUp } from './load.js';
import { cpuMs } from './process-stats.js';

// CPU per `/exp help` of the built server of two source trees (a git worktree of a base commit and
// the tree under test), and of bare Bolt: signed help commands at a fixed rate over 10 connections,
// CPU (user + system from /proc) divided by the requests answered. The two trees are loaded at the
// same time, each with its own connections, so whatever else the machine does slows both alike
// (taken in turn, rounds of one subject moved by 2x here); bare Bolt runs after them in each round,
// for scale. At a fixed rate the figure says what a request costs, not how the load generator and
// the server shared the two cores; the requests a second at saturation are bench/help-reply.ts's.
// Both trees must be built.
//   BASE=/tmp/wt-base CANDIDATE=. node --import tsx bench/compare-help.ts 1000 5 6

const [rateArg = '1000', secondsArg = '5', roundsArg = '6'] = process.argv.slice(2);
const CONNECTIONS = 10;
const world = await startBenchWorld('bench');
const help = world.command('help');
const built = (dir: string) => ({ env: world.env, cwd: dir });
const base = resolve(process.env.BASE ?? '/tmp/wt-base');
const candidate = resolve(process.env.CANDIDATE ?? '.');
const subjects = [
  { label: `base (${base})`, ...(await spawnListening('base', ['dist/server/main.js'], built(base))) },
  {
    label: `candidate (${candidate})`,
    ...(await spawnListening('candidate', ['dist/server/main.js'], built(candidate))),
  },
  { label: 'bare Bolt', ...(await spawnSubject('bolt', 'bench/bare-bolt.ts', world.env)) },
];
const cpuPerRequest = subjects.map((): number[] => []);
const p99 = subjects.map((): number[] => []);

async function measure(i: number): Promise<void> {
  const subject = subjects[i];
  if (!subject) return;
  const before = cpuMs(subject.child);
  const measured = await run(subject.url, CONNECTIONS, Number(secondsArg), help, Number(rateArg));
  const used = cpuMs(subject.child) - before;
  cpuPerRequest[i]?.push((used * 1000) / measured.result.requests.total);
  p99[i]?.push(measured.p99);
}

try {
  await warmUp(
    subjects.map((s) => s.url),
    help,
    2,
  );
  for (let round = 0; round < Number(roundsArg); round++) {
    // Which tree's load starts first is swapped every round: compare-trees.ts found the order
    // favours one side when it is always the same.
    await Promise.all(round % 2 === 0 ? [measure(0), measure(1)] : [measure(1), measure(0)]);
    await measure(2);
  }
  const bolt = median(cpuPerRequest[2] ?? []);
  process.stdout.write(
    `/exp help at ${rateArg}/s over ${CONNECTIONS} connections to each, ${secondsArg} s runs, ${roundsArg} rounds; the trees at once, then bare Bolt\n\n` +
      '| subject | µs CPU per request (rounds) | ÷ bare Bolt | p99 ms |\n|---|---|---|---|\n',
  );
  subjects.forEach(({ label }, i) => {
    const cpu = cpuPerRequest[i] ?? [];
    process.stdout.write(
      `| ${label} | ${median(cpu).toFixed(0)} (${cpu.map((v) => v.toFixed(0)).join(', ')}) | ${(median(cpu) / bolt).toFixed(2)} | ${median(p99[i] ?? []).toFixed(2)} |\n`,
    );
  });
  const [baseCpu = [], candidateCpu = []] = cpuPerRequest;
  const ratios = candidateCpu.map((value, round) => value / (baseCpu[round] ?? NaN));
  process.stdout.write(
    `\ncandidate ÷ base, CPU per request: ${median(ratios).toFixed(3)} (rounds ${ratios.map((r) => r.toFixed(3)).join(', ')})\n`,
  );
} finally {
  for (const { child } of subjects) child.kill('SIGKILL');
  await world.close();
}
process.exit(0);
