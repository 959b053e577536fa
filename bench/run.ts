// `npm run bench [name]`: the benchmarks behind issue #52's budgets (start, help, memory; all of
// them without a name), or `profile-start [store] [rate] [seconds]`, a CPU profile of the app under
// evenly spaced starts, or `profile-help [store] [connections] [seconds]`, one under the help load. Prints each budget with its measured value and writes the results file. A
// run fails only on a wrong answer or an error a subject logged, never on a time. BENCH_QUICK=1 is
// CI's smoke run: tiny counts, every benchmark run once, figures meaningless. BENCH_AGAINST=PATH
// (another checkout's built dist/server/main.js) runs that build where the lean guarded start runs:
// `npm run bench start` then pairs this build with that one, round by round, on both stores.
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { getGlobalDispatcher } from 'undici';
import { budgets, wrongAnswers } from './budgets.js';
import { formatReport, machineNow, writeResults } from './report.js';
import { BENCHMARKS, type Benchmark, runSuite, type SuiteOptions } from './suite.js';

const quick = process.env.BENCH_QUICK === '1';
const OPTIONS: SuiteOptions = quick
  ? {
      start: { rate: 100, durationS: 0.5, rounds: 1, warmUpStarts: 5 },
      help: { connections: 50, durationS: 1, rounds: 1, warmUpS: 0 },
    }
  : {
      start: { rate: 100, durationS: 6, rounds: 5, warmUpStarts: 800 },
      help: { connections: 50, durationS: 5, rounds: 4, warmUpS: 2 },
    };
const against = process.env.BENCH_AGAINST;
// A quick run, or one against another build, never overwrites the committed report's results.
const RESULTS_NAME = quick ? 'quick' : against ? 'against' : 'report';
const RESULTS = fileURLToPath(new URL(`./results/${RESULTS_NAME}.json`, import.meta.url));

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  if (name === 'profile-start') {
    const { profileStart } = await import('./profiles/profile-start.js');
    await profileStart(args);
    return;
  }
  if (name === 'profile-help') {
    const { profileHelp } = await import('./profiles/profile-help.js');
    await profileHelp(args);
    return;
  }
  const selected: Benchmark[] =
    name === undefined ? [...BENCHMARKS] : BENCHMARKS.filter((benchmark) => benchmark === name);
  if (selected.length === 0) {
    process.stderr.write(
      `usage: npm run bench [${BENCHMARKS.join(' | ')} | profile-start [store] [rate] [seconds] | profile-help [store] [connections] [seconds]]\n`,
    );
    process.exitCode = 2;
    return;
  }
  const began = performance.now();
  const machine = machineNow();
  const measured = await runSuite(selected, { ...OPTIONS, against });
  const rows = budgets(measured);
  const done = { ...machine, loadAfter: loadavg()[0] ?? 0 };
  process.stdout.write(`\n${formatReport(measured, rows, done, quick)}\n\n`);
  if (against)
    process.stdout.write(
      `BENCH_AGAINST: ${against} ran in place of the lean guarded start; its rows compare the two builds, not a budget.\n`,
    );
  await writeResults(RESULTS, {
    generatedAt: new Date().toISOString(),
    quick,
    durationS: Math.round((performance.now() - began) / 1000),
    machine: done,
    options: OPTIONS,
    budgets: rows,
    ...measured,
  });
  process.stdout.write(`results: ${RESULTS} (${((performance.now() - began) / 1000).toFixed(1)} s)\n`);
  const problems = wrongAnswers(measured, quick);
  if (problems.length > 0) throw new Error(`wrong answers or errors:\n${problems.join('\n')}`);
}

main()
  .catch((error: unknown) => {
    process.stderr.write(
      `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  })
  // autocannon and the paced sender keep sockets alive; close them so the process can end.
  .finally(() => getGlobalDispatcher().close());
