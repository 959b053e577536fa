import { type ChildProcess, spawn } from 'node:child_process';

/** A redis-server of the test's own on this port (nothing saved), resolved once it accepts connections. */
export async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const deadline = Date.now() + 10_000;
  while (!/Ready to accept connections/i.test(out)) {
    if (child.exitCode !== null) throw new Error(`redis-server exited: ${out.slice(-500)}`);
    if (Date.now() > deadline) throw new Error('redis-server did not start in 10 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return child;
}
