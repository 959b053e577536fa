import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEEN_REQUESTS_MAX } from '../src/store/memory-once-guard.js';
import { metricTotal, startBenchWorld } from './bench-world.js';
import { run, spawnSubject } from './load.js';
import { peakRssKb, rssKb } from './process-stats.js';

// Does memory stay bounded when actions pile up? The app (SQLite store by default) takes `/exp start` from
// autocannon against a platform that answers after 5 s, so the bound on actions in flight (192 for
// one workspace) is reached within a second and everything after it is refused. Every 5 s it prints the app's
// resident memory and V8 heap (from its /metrics). With a heap cap (third argument, MB) an
// unbounded pile-up ends in an out-of-memory crash, which this reports, instead of a large RSS
// that V8's lazy collection makes hard to tell from garbage. The replay guard's size (requests it
// remembers, the app's exp_replay_guard_requests gauge) is shown beside it: every signed request adds one, up to its bound.
//   npm run bench:storm -- 60 50 192 sqlite   (seconds, connections, heap cap in MB (0: no cap),
//                                             store: sqlite, the default, or memory)

const [secondsArg = '60', connectionsArg = '50', heapArg = '192', storeArg = 'sqlite'] =
  process.argv.slice(2);
const heapMb = Number(heapArg);
const world = await startBenchWorld('storm');
const dir = mkdtempSync(join(tmpdir(), 'exp-storm-'));
const app = await spawnSubject(
  'app',
  'src/main.ts',
  {
    ...world.env,
    STORE_URL: storeArg === 'memory' ? 'memory://' : `sqlite://${join(dir, 'app.sqlite')}`,
  },
  heapMb > 0 ? [`--max-old-space-size=${heapMb}`] : [],
);
await world.setStartLatency(5_000);
const make = world.command('start 4');

const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)}`;
const started = Date.now();
let crashed = false;
app.child.once('exit', () => {
  crashed = true;
});
process.stdout.write(
  `/exp start x${connectionsArg} for ${secondsArg} s on ${storeArg}, platform 5 s, heap cap ${heapMb > 0 ? `${heapMb} MB` : 'none'}\n\n`,
);
process.stdout.write(
  `| s | RSS MB | peak RSS MB | V8 heap used MB | refused so far | requests the replay guard remembers (bound ${SEEN_REQUESTS_MAX}) |\n|---|---|---|---|---|---|\n`,
);
const sample = async () => {
  if (crashed) return;
  try {
    const [heap, busy, remembered] = [
      await metricTotal(app.url, 'nodejs_heap_size_used_bytes'),
      await metricTotal(app.url, 'exp_lifecycle_total', 'outcome="busy"'),
      await metricTotal(app.url, 'exp_replay_guard_requests'),
    ];
    process.stdout.write(
      `| ${Math.round((Date.now() - started) / 1000)} | ${mb(rssKb(app.child) * 1024)} | ${mb(peakRssKb(app.child) * 1024)} | ${mb(heap)} | ${busy} | ${remembered} |\n`,
    );
  } catch {
    // The process is gone or not answering: reported below.
  }
};
const timer = setInterval(sample, 5_000);
const { result } = await run(app.url, Number(connectionsArg), Number(secondsArg), make);
await new Promise((resolve) => setTimeout(resolve, 6_000));
clearInterval(timer);
await sample();
process.stdout.write(
  `\n${crashed ? 'the app DIED (out of memory?)' : 'the app survived'}: ${result.requests.total} commands acked (${result.requests.average.toFixed(0)}/s), ${result.errors + result.timeouts} connection errors, ${result.non2xx} non-200\n`,
);
app.child.kill('SIGKILL');
await world.close();
rmSync(dir, { recursive: true, force: true });
process.exit(crashed ? 1 : 0);
