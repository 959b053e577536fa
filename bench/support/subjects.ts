import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../../test/support/app-process.js';
import { compiled } from './compiled.js';

/** A process under measurement, listening on `url`, its error log lines kept as they come. */
export interface Subject {
  url: string;
  child: ChildProcess;
  /** Lines the process logged at level error or fatal (the app's JSON log), the first few. */
  errorLines(): string[];
}

/** Starts a subject given by its TypeScript path (run compiled) on a free port. */
export async function spawnSubject(
  script: string,
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
): Promise<Subject> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, await compiled(script)], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let tail = '';
  let partial = '';
  const errors: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines)
      if (/"level":"(error|fatal)"/.test(line) && errors.length < 20) errors.push(line.slice(0, 500));
    tail = (tail + chunk.toString()).slice(-4000);
  });
  // Generous: on a machine shared with other builds, loading the app can take several seconds.
  const deadline = Date.now() + 120_000;
  while (!/listening on/.test(tail)) {
    if (child.exitCode !== null) throw new Error(`${script} exited: ${tail}`);
    if (Date.now() > deadline) throw new Error(`${script} did not start: ${tail}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { url: `http://127.0.0.1:${port}/slack/events`, child, errorLines: () => [...errors] };
}

/**
 * Lifecycle actions a subject refused so far because too many were in flight (the app's own
 * metric; 0 for a subject without /metrics): an honest answer under overload, not a lost start.
 */
export async function busyRefusals(subject: Subject): Promise<number> {
  const res = await fetch(subject.url.replace(/\/slack\/events$/, '/metrics')).catch(() => undefined);
  if (!res?.ok) return 0;
  let total = 0;
  for (const line of (await res.text()).split('\n'))
    if (line.startsWith('exp_lifecycle_total{') && line.includes('outcome="busy"'))
      total += Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
  return total;
}
