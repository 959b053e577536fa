import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

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

/** Runs src/main.ts as `npm start` would run dist/main.js: a real process with a given environment. */
function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the app process', () => {
  it('starts on embedded defaults, says so first, serves health, readiness and metrics, stops on SIGTERM', async () => {
    const port = await freePort();
    const run = runMain({ PORT: String(port), STORE_URL: 'memory://' });
    await waitUntil(() => run.out().includes('listening on'), 20_000, 'the listening line');
    const [first = '', second = ''] = run.out().split('\n');
    expect(first).toMatch(new RegExp(`playground: open http://127\\.0\\.0\\.1:${port + 1}/`));
    expect(second).toMatch(/embedded defaults: sandbox platform at http/);
    const page = await fetch(`http://127.0.0.1:${port + 1}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/exp');

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(metrics.headers.get('content-type')).toMatch(/text\/plain/);
    await metrics.text();
    const unsigned = await fetch(`http://127.0.0.1:${port}/slack/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'command=%2Fexp&text=start+1',
    });
    expect(unsigned.status).toBe(401);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ SLACK_BOT_TOKEN: 'xoxb-1' }, 'SLACK_SIGNING_SECRET'],
    [{ CONSOLE_BASE_URL: 'https://exp.example.com' }, 'TOKEN_ENCRYPTION_KEY'],
  ])('refuses to start with %o and names %s', async (env, variable) => {
    const run = runMain({ STORE_URL: 'memory://', ...env });
    expect(await run.exited).toBe(1);
    expect(run.err()).toContain(variable);
    expect(run.out()).toBe('');
  });
});
