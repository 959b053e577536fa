import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// Production must never load development tooling (the sandbox, the Slack emulator, the playground):
// start the real entry point in a process whose module loads are recorded, and read the record.

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startRecorded(
  env: Record<string, string>,
): Promise<{ loaded: () => string[]; out: () => string }> {
  const log = join(mkdtempSync(join(tmpdir(), 'exp-loads-')), 'modules.txt');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './test/support/module-loads/register.mjs', 'src/main.ts'],
    {
      env: {
        PATH: process.env.PATH ?? '',
        MODULE_LOAD_LOG: log,
        STORE_URL: 'memory://',
        PORT: String(await freePort()),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 20_000;
  while (!output.includes('listening on')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the app did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const loaded = () =>
    readFileSync(log, 'utf8')
      .split('\n')
      .filter((url) => url.startsWith('file:'));
  return { loaded, out: () => output };
}

const devModules = (urls: string[]) => urls.filter((url) => url.includes('/src/dev/'));

describe('the production entry point', () => {
  it('in HTTP mode loads no module of the development tooling', async () => {
    const app = await startRecorded({
      SLACK_SIGNING_SECRET: randomBytes(16).toString('hex'),
      SLACK_BOT_TOKEN: 'xoxb-production-boundary',
      SLACK_API_URL: 'http://127.0.0.1:9/api',
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    const urls = app.loaded();
    // The record is real: the app's own modules and Bolt are in it.
    expect(urls.some((url) => url.endsWith('/src/start.ts'))).toBe(true);
    expect(urls.some((url) => url.endsWith('/src/slack/register.ts'))).toBe(true);
    expect(urls.some((url) => url.includes('/node_modules/@slack/bolt/'))).toBe(true);
    expect(devModules(urls)).toEqual([]);
    // And nothing was connected to a simulator: there is no default platform.
    expect(app.out()).toContain('per workspace (/exp connect)');
  });

  it('loads the development tooling in playground mode, so the record above would show it', async () => {
    const app = await startRecorded({ PLAYGROUND_PORT: String(await freePort()) });
    expect(devModules(app.loaded())).toEqual(
      expect.arrayContaining([
        expect.stringContaining('/src/dev/index.ts'),
        expect.stringContaining('/src/dev/sandbox/server.ts'),
      ]),
    );
  });
});
