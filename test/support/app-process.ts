import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';

// Test-only: the app and redis-server as real processes, to kill (SIGKILL) and restart mid-run.

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForOutput(
  child: ChildProcess,
  read: () => string,
  pattern: RegExp,
  what: string,
  ms: number,
) {
  const deadline = Date.now() + ms;
  while (!pattern.test(read())) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited: ${read().slice(-800)}`);
    if (Date.now() > deadline) throw new Error(`${what} did not start in ${ms} ms: ${read().slice(-800)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface AppProcess {
  child: ChildProcess;
  url: string;
  eventsUrl: string;
  output: () => string;
  kill(): Promise<void>;
}

/** `node src/main.ts` with exactly this environment (plus PATH and PORT), ready when it logs "listening on". */
export async function spawnApp(env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    // Only the tail matters for diagnosis; a long run must not grow memory without bound.
    if (out.length > 2_000_000) out = out.slice(-1_000_000);
  });
  await waitForOutput(child, () => out, /listening on/, 'the app', 30_000);
  const url = `http://127.0.0.1:${port}`;
  return {
    child,
    url,
    eventsUrl: `${url}/slack/events`,
    output: () => out,
    kill: () => killHard(child),
  };
}

export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await once(child, 'exit');
}

/**
 * redis-server on a port of its own. With `dir`, it keeps an append-only file there, so a restart on
 * the same port and dir comes back with the data, as a production Redis with AOF does.
 */
export async function startRedisServer(port: number, dir?: string): Promise<ChildProcess> {
  const args = ['--port', String(port), '--save', ''];
  args.push(
    ...(dir ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir] : ['--appendonly', 'no']),
  );
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  await waitForOutput(child, () => out, /Ready to accept connections/i, 'redis-server', 10_000);
  return child;
}
