import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startSandbox } from '../src/dev/sandbox/server.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { startSlackEmulator } from '../src/dev/slack-emulator/server.js';
import { run, signedCommand, spawnSubject } from './load.js';

// Does memory stay bounded when actions pile up? The app (memory store) takes `/exp start` from
// autocannon against a platform that answers after 5 s, so the bound on actions in flight (256)
// is reached within a second and everything after it is refused. Every 5 s it prints the app's
// resident memory and V8 heap (from its /metrics). With a heap cap (third argument, MB) an
// unbounded pile-up ends in an out-of-memory crash, which this reports, instead of a large RSS
// that V8's lazy collection makes hard to tell from garbage.
//   npm run bench:storm -- 60 50 192     (seconds, connections, heap cap in MB; 0: no cap)

const [secondsArg = '60', connectionsArg = '50', heapArg = '192'] = process.argv.slice(2);
const heapMb = Number(heapArg);
const sandbox = await startSandbox();
const emulator = await startSlackEmulator();
const signingSecret = randomBytes(16).toString('hex');
const app = await spawnSubject(
  'app',
  'src/main.ts',
  {
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_BOT_TOKEN: emulator.identity.botToken,
    SLACK_API_URL: emulator.apiUrl,
    STORE_URL: 'memory://',
    CONSOLE_BASE_URL: sandbox.url,
    CONSOLE_API_TOKEN: await sandbox.issueToken({ name: 'storm' }),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  },
  heapMb > 0 ? [`--max-old-space-size=${heapMb}`] : [],
);
sandbox.setLatency(5_000, { pathIncludes: '/start' });
const make = signedCommand(signingSecret, 'start 4', () =>
  emulator.mintResponseUrl({ channelId: EMULATOR_DEFAULTS.channelId, userId: EMULATOR_DEFAULTS.userId }),
);

const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)}`;
function rssKb(field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${app.child.pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}
async function metric(name: string, label = ''): Promise<number> {
  const text = await (await fetch(app.url.replace(/\/slack\/events$/, '/metrics'))).text();
  let total = 0;
  for (const line of text.split('\n'))
    if ((line.startsWith(`${name} `) || line.startsWith(`${name}{`)) && line.includes(label))
      total += Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
  return total;
}

const started = Date.now();
let crashed = false;
app.child.once('exit', () => {
  crashed = true;
});
process.stdout.write(
  `/exp start x${connectionsArg} for ${secondsArg} s, platform 5 s, heap cap ${heapMb > 0 ? `${heapMb} MB` : 'none'}\n\n`,
);
process.stdout.write(
  '| s | RSS MB | peak RSS MB | V8 heap used MB | refused so far |\n|---|---|---|---|---|\n',
);
const sample = async () => {
  if (crashed) return;
  try {
    const [heap, busy] = [
      await metric('nodejs_heap_size_used_bytes'),
      await metric('exp_lifecycle_total', 'outcome="busy"'),
    ];
    process.stdout.write(
      `| ${Math.round((Date.now() - started) / 1000)} | ${mb(rssKb('VmRSS') * 1024)} | ${mb(rssKb('VmHWM') * 1024)} | ${mb(heap)} | ${busy} |\n`,
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
await emulator.close();
await sandbox.close();
process.exit(crashed ? 1 : 0);
