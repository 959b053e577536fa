// `npm run bench:start`: only the comparison of issue #25 (bench/work-cost.ts and bench/memory.ts),
// without the rest of `npm run bench`: `/exp start` evenly spaced at 100 and 300 a second on SQLite
// and Redis against Bolt making the same calls, then resident memory against bare Bolt. Prints the
// tables and writes bench/results/start-<date>-<HHMM>.json. BENCH_QUICK=1: one short round.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { getGlobalDispatcher } from 'undici';
import { formatMemoryRows, memoryBenchmark } from './memory.js';
import { formatWorkCost, workCostBenchmark, workCostOptions } from './work-cost.js';

const quick = process.env.BENCH_QUICK === '1';
const started = new Date();
const workCost = await workCostBenchmark(workCostOptions(quick));
process.stdout.write(`\n${formatWorkCost(workCost)}\n\n`);
const memory = await memoryBenchmark(
  quick
    ? { durationS: 1, startRate: 100, afterS: 2, restS: 2 }
    : { durationS: 6, startRate: 300, afterS: 60, restS: 20 },
);
process.stdout.write(`${formatMemoryRows(memory)}\n`);
const stamp = started.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
const path = fileURLToPath(new URL(`./results/start-${stamp}${quick ? '-quick' : ''}.json`, import.meta.url));
await writeFile(
  path,
  `${JSON.stringify({ startedAt: started.toISOString(), quick, node: process.version, workCost, memory }, null, 2)}\n`,
);
process.stdout.write(`results: ${path}\n`);
await getGlobalDispatcher().close();
