import { type ChildProcess, spawn } from 'node:child_process';

/** A test worker under tsx, its stdout and stderr gathered, to wait on and then kill. */
export interface WorkerProcess {
  child: ChildProcess;
  /** Everything it has printed so far (stdout and stderr together). */
  output(): string;
  /** Resolves once `ready(output)` holds; throws if the worker exits first or `timeoutMs` passes. */
  until(ready: (output: string) => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** SIGKILL, and the exit awaited. */
  kill(): Promise<void>;
}

export function spawnWorker(script: string, env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const gather = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', gather);
  child.stderr?.on('data', gather);
  return {
    child,
    output: () => output,
    async until(ready, what, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!ready(output)) {
        if (child.exitCode !== null) throw new Error(`worker exited before ${what}: ${output.slice(-2000)}`);
        if (Date.now() > deadline) throw new Error(`worker never ${what}: ${output.slice(-2000)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async kill() {
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise((resolve) => child.once('exit', resolve));
      }
    },
  };
}
