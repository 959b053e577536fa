import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchWorld } from './bench-world.js';
import { median, run, spawnSubject, warmUp } from './load.js';

// `/exp help` under autocannon: the app, bare Bolt (acks with nothing) and Bolt acking with the
// app's own help reply (about 3.5 kB of blocks; bench/bare-bolt.ts with BENCH_REPLY_FILE), rounds
// alternating. bench/load.ts holds the goal against bare Bolt; this says how much of the gap is the
// reply every app answering help sends.
//   npm run bench:help-reply -- 5 2      (seconds per run, rounds)

const [secondsArg = '5', roundsArg = '2'] = process.argv.slice(2);
const world = await startBenchWorld('bench');
const dir = mkdtempSync(join(tmpdir(), 'exp-help-reply-'));
const help = world.command('help');
const app = await spawnSubject('app', 'src/main.ts', world.env);
const asked = help();
const answer = await fetch(app.url, { method: 'POST', headers: asked.headers, body: asked.body });
const reply = await answer.text();
if (!answer.ok) throw new Error(`the app answered /exp help with ${answer.status}`);
writeFileSync(join(dir, 'reply.json'), reply);
const subjects = [
  { label: 'the app', subject: app },
  { label: 'bare Bolt', subject: await spawnSubject('bolt', 'bench/bare-bolt.ts', world.env) },
  {
    label: "Bolt acking with the app's reply",
    subject: await spawnSubject('bolt', 'bench/bare-bolt.ts', {
      ...world.env,
      BENCH_REPLY_FILE: join(dir, 'reply.json'),
    }),
  },
];
process.stdout.write(
  `/exp help, the app's reply ${reply.length} bytes; ${secondsArg} s runs, ${roundsArg} rounds alternating\n\n` +
    '| conn | subject | req/s (rounds) | p99 ms (rounds) | req/s ÷ bare Bolt | p99 ÷ bare Bolt |\n|---|---|---|---|---|---|\n',
);
try {
  await warmUp(
    subjects.map(({ subject }) => subject.url),
    help,
    2,
  );
  for (const connections of [1, 10, 50]) {
    const rps = subjects.map((): number[] => []);
    const p99 = subjects.map((): number[] => []);
    for (let round = 0; round < Number(roundsArg); round++) {
      const order = subjects.map((_, i) => i);
      if (round % 2) order.reverse();
      for (const i of order) {
        const measured = await run(subjects[i]?.subject.url ?? '', connections, Number(secondsArg), help);
        rps[i]?.push(measured.result.requests.average);
        p99[i]?.push(measured.p99);
      }
    }
    const [boltRps, boltP99] = [median(rps[1] ?? []), median(p99[1] ?? [])];
    subjects.forEach(({ label }, i) => {
      const [r, p] = [rps[i] ?? [], p99[i] ?? []];
      process.stdout.write(
        `| ${connections} | ${label} | ${median(r).toFixed(0)} (${r.map((v) => v.toFixed(0)).join(', ')}) | ${median(p).toFixed(2)} (${p.map((v) => v.toFixed(2)).join(', ')}) | ${(median(r) / boltRps).toFixed(2)} | ${(median(p) / boltP99).toFixed(2)} |\n`,
      );
    });
  }
} finally {
  for (const { subject } of subjects) subject.child.kill('SIGKILL');
  await world.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
