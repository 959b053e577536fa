import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** `count` distinct ports free right now: all are held open together, then released. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** Runs src/main.ts as `npm start` runs its bundle, dist/server/main.js: a real process with a given environment. */
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
    // The playground's port is given too: PORT + 1 (its default) may be taken on a busy machine.
    const [port, playgroundPort] = await freePorts(2);
    const run = runMain({
      PORT: String(port),
      PLAYGROUND_PORT: String(playgroundPort),
      STORE_URL: 'memory://',
    });
    await waitUntil(() => run.out().includes('listening on'), 20_000, 'the listening line');
    const [first = '', second = ''] = run.out().split('\n');
    expect(first).toMatch(new RegExp(`playground: open http://127\\.0\\.0\\.1:${playgroundPort}/`));
    expect(second).toMatch(/embedded defaults: sandbox platform at http/);
    const page = await fetch(`http://127.0.0.1:${playgroundPort}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/exp');
    // Run from sources, with no build: the page's script is bundled on first request.
    const script = await fetch(`http://127.0.0.1:${playgroundPort}/playground.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain('new EventSource(');

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
