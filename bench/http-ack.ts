import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config.js';
import { startSandbox } from '../src/dev/sandbox/server.js';
import { createSlackDriver, type SlackDriver } from '../src/dev/slack-emulator/driver.js';
import { startSlackEmulator } from '../src/dev/slack-emulator/server.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { startExpChatops } from '../src/start.js';
import { type Comparison, compareAsync } from './measure.js';

// (c) The full HTTP path of a slash command: signature check, Bolt, the command parser and the
// help message, acknowledged in the HTTP response (Slack gives up after 3 s). Candidate: `/exp help`
// to the real app, started as test/support/harness.ts does (sandbox, Slack emulator, driver).
// Baseline: the same driver (same undici client, same signed form body) against an empty Node
// http server that reads the body and answers 200. The ratio is the app's cost over bare HTTP.

async function startEmptyServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-length': '0' });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/slack/events` };
}

async function ackMs(driver: SlackDriver, expectBody: boolean): Promise<number> {
  const res = await driver.command({ text: 'help' });
  if (res.status !== 200 || (expectBody && res.body.length === 0)) {
    throw new Error(`/exp help answered ${res.status}: ${res.body.slice(0, 200)}`);
  }
  return res.ackMs;
}

export async function httpAckBenchmarks(rounds: number): Promise<Comparison[]> {
  const logger = createMemoryLogger('warn');
  // One request at a time, the app in this process as test/support/harness.ts runs it: the
  // platform and Slack can share the thread here, unlike under autocannon's load (bench-world.ts).
  const sandbox = await startSandbox();
  const emulator = await startSlackEmulator();
  const signingSecret = randomBytes(16).toString('hex');
  const empty = await startEmptyServer();
  try {
    const config = loadConfig({
      SLACK_SIGNING_SECRET: signingSecret,
      SLACK_BOT_TOKEN: emulator.identity.botToken,
      SLACK_API_URL: emulator.apiUrl,
      STORE_URL: 'memory://',
      CONSOLE_BASE_URL: sandbox.url,
      CONSOLE_API_TOKEN: await sandbox.issueToken({ name: 'bench' }),
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SPLITTER_URL: sandbox.splitterUrl,
      LOG_LEVEL: 'warn',
    });
    const app = await startExpChatops(config, { logger, port: 0, sandbox });
    try {
      const appDriver = createSlackDriver({ appUrl: app.eventsUrl, signingSecret, emulator });
      const emptyDriver = createSlackDriver({ appUrl: empty.url, signingSecret, emulator });
      const row = await compareAsync(
        '/exp help ack over HTTP',
        { baseline: () => ackMs(emptyDriver, false), candidate: () => ackMs(appDriver, true) },
        { warmup: 30, rounds, note: 'baseline = empty Node http server, same undici client' },
      );
      const problems = logger.lines.filter((line) => line.includes('"level":"error"'));
      if (problems.length > 0) throw new Error(`the app logged errors:\n${problems.join('\n')}`);
      return [row];
    } finally {
      await app.close();
    }
  } finally {
    const closed = new Promise<void>((resolve) => empty.server.close(() => resolve()));
    empty.server.closeAllConnections();
    await closed;
    await emulator.close();
    await sandbox.close();
  }
}
