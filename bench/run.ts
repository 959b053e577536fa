// `npm run bench`: every benchmark as a ratio against a baseline run side by side in the same
// process. Prints a table and writes bench/results/latest.json. Nothing here passes or fails on
// time: a run fails only when a side gives a wrong answer or the app errors. See bench/README.md.
import { fileURLToPath } from 'node:url';
import { getGlobalDispatcher } from 'undici';
import { burstBenchmarks, formatBurstTable } from './burst.js';
import { fanoutBenchmark, formatFanout } from './fanout.js';
import { httpAckBenchmarks } from './http-ack.js';
import { formatLoadTable, formatMemory, formatSlowPlatform, type LoadRow, loadBenchmarks } from './load.js';
import type { Comparison } from './measure.js';
import { formatMemoryRows, memoryBenchmark } from './memory.js';
import { normaliseBenchmarks } from './normalise-path.js';
import { optionsCacheBenchmarks } from './options-cache.js';
import { optionsPathBenchmarks } from './options-path.js';
import { buildResults, formatTable, writeResults } from './report.js';
import { storeSerializerBenchmarks } from './store-serializer.js';
import { formatWorkCost, summarise, workCostBenchmark, workCostOptions } from './work-cost.js';

const RESULTS_PATH = fileURLToPath(new URL('./results/latest.json', import.meta.url));
const datedPath = () =>
  // Date and UTC time: a second run on the same day must not overwrite the first.
  fileURLToPath(
    new URL(
      `./results/${new Date().toISOString().slice(0, 16).replace('T', '-').replace(':', '')}.json`,
      import.meta.url,
    ),
  );

// BENCH_QUICK=1 shortens every budget (a smoke run); the default stays well under a minute.
const quick = process.env.BENCH_QUICK === '1';
const BUDGET_MS = quick ? 150 : 2_000;
const HTTP_ROUNDS = quick ? 40 : 600;

async function main(): Promise<void> {
  const started = performance.now();
  const rows: Comparison[] = [];
  const stage = async (label: string, run: () => Comparison[] | Promise<Comparison[]>) => {
    process.stderr.write(`bench: ${label}…\n`);
    rows.push(...(await run()));
  };
  await stage('options for external selects', () => optionsPathBenchmarks(BUDGET_MS));
  await stage('dictionary normaliser', () => normaliseBenchmarks(BUDGET_MS * 2));
  await stage('store serializer', () => storeSerializerBenchmarks(BUDGET_MS));
  await stage('options from the dictionary cache', () => optionsCacheBenchmarks(quick ? 10 : 200));
  await stage('HTTP ack of /exp help', () => httpAckBenchmarks(HTTP_ROUNDS));
  process.stderr.write('bench: slash acks under load (autocannon)…\n');
  const load: LoadRow[] = await loadBenchmarks(
    quick
      ? { durationS: 1, rounds: 1, connections: [10] }
      : { durationS: 5, rounds: 2, connections: [1, 10, 50] },
  );
  process.stderr.write('bench: /exp start evenly spaced, against Bolt making the same calls…\n');
  const workCost = await workCostBenchmark(workCostOptions(quick));
  process.stderr.write('bench: resident memory, the app and bare Bolt…\n');
  const memory = await memoryBenchmark(
    quick
      ? { durationS: 1, startRate: 100, afterS: 2, restS: 2 }
      : { durationS: 6, startRate: 300, afterS: 60, restS: 20 },
  );
  process.stderr.write('bench: bursts of /exp start…\n');
  const burst = [
    ...(await burstBenchmarks(
      quick ? { sizes: [5], rounds: 1, platformMs: 0 } : { sizes: [10, 50], rounds: 3, platformMs: 0 },
    )),
    ...(quick ? [] : await burstBenchmarks({ sizes: [50], rounds: 2, platformMs: 5_000 })),
  ];
  process.stderr.write('bench: alert fan-out…\n');
  const fanout = await fanoutBenchmark(quick ? { channels: 20, events: 2 } : { channels: 200, events: 3 });
  const results = {
    ...buildResults(rows, performance.now() - started),
    load,
    workCost,
    memory,
    burst,
    fanout,
    quick,
  };
  process.stdout.write(
    `\n${formatTable(rows)}\n\n${formatLoadTable(load)}\n\n${formatSlowPlatform(load)}\n\n${formatMemory(load)}\n\n${formatWorkCost(workCost)}\n\n${formatMemoryRows(memory)}\n\n${formatBurstTable(burst)}\n\n${formatFanout(fanout)}\n\n`,
  );
  if (fanout.delivered !== fanout.alerts || fanout.duplicates > 0 || fanout.outOfOrder > 0)
    throw new Error('the fan-out lost, doubled or reordered alerts');
  // At the smoke run's 100 starts every subject, the baselines included, must do and tell each: a
  // baseline that stopped working would otherwise turn every ratio against it into noise.
  const untold = quick ? workCost.filter((row) => summarise(row).told < summarise(row).sent) : [];
  if (untold.length > 0)
    throw new Error(`not every start was told by: ${untold.map((row) => row.subject).join(', ')}`);
  process.stdout.write(
    'ratio = candidate / baseline (below 1: candidate faster). Compare ratios, not times.\n',
  );
  await writeResults(RESULTS_PATH, results);
  if (!quick) await writeResults(datedPath(), results);
  process.stdout.write(`results: ${RESULTS_PATH} (${(results.durationMs / 1000).toFixed(1)} s)\n`);
  // The driver's undici client keeps sockets alive; close them so the process can end.
  await getGlobalDispatcher().close();
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
