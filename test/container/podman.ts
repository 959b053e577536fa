import { execFile } from 'node:child_process';
import { freePort } from '../support/app-process.js';

// Test-only: the image run with podman on this machine's network, as `npm run test:container` needs.

/**
 * What podman run needs on these machines (measured): runc, since the default runtime is refused;
 * the host's network, where the sandbox and the emulator listen on 127.0.0.1; limits below the
 * host's, which are refused. The health check timer needs systemd, absent here: `healthcheck run`
 * runs the image's HEALTHCHECK on demand instead.
 */
const RUN_FLAGS = [
  '--runtime',
  'runc',
  '--network',
  'host',
  '--ulimit',
  'nofile=1024:1024',
  '--ulimit',
  'nproc=1024:1024',
  '--health-interval',
  'disable',
];

class PodmanError extends Error {
  constructor(args: readonly string[], detail: string) {
    super(`podman ${args.join(' ')}: ${detail}`);
    this.name = 'PodmanError';
  }
}

export interface PodmanResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs podman; a non-zero exit is returned, not thrown, so a test can assert on it. */
export function podman(
  args: readonly string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<PodmanResult> {
  return new Promise((resolve, reject) => {
    execFile(
      'podman',
      args,
      {
        env: { ...process.env, ...options.env },
        timeout: options.timeoutMs ?? 60_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') {
          reject(new PodmanError(args, error.killed ? 'timed out' : error.message));
          return;
        }
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
  });
}

/** Like podman(), but a non-zero exit throws with podman's own words. */
export async function podmanOk(
  args: readonly string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<string> {
  const result = await podman(args, options);
  if (result.code !== 0) throw new PodmanError(args, `exit ${result.code}: ${result.stderr.trim()}`);
  return result.stdout;
}

export interface Container {
  name: string;
  url: string;
  eventsUrl: string;
  /** stdout and stderr of the container so far. */
  logs(): Promise<string>;
}

/**
 * Starts the image detached. Values reach podman through its environment and the command line names
 * only the variables (`--env NAME`), so no secret shows in a process listing.
 */
export async function runContainer(
  image: string,
  name: string,
  env: Record<string, string>,
  flags: readonly string[] = [],
): Promise<Container> {
  const port = await freePort();
  const all = { ...env, PORT: String(port) };
  const envFlags = Object.keys(all).flatMap((variable) => ['--env', variable]);
  await podmanOk(['run', '--detach', '--name', name, ...RUN_FLAGS, ...flags, ...envFlags, image], {
    env: all,
  });
  const url = `http://127.0.0.1:${port}`;
  const logs = async () => {
    const result = await podman(['logs', name]);
    return result.stdout + result.stderr;
  };
  await waitForHealthz(url, name, logs);
  return { name, url, eventsUrl: `${url}/slack/events`, logs };
}

async function waitForHealthz(url: string, name: string, logs: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const status = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    const state = (await podman(['inspect', '--format', '{{.State.Status}}', name])).stdout.trim();
    if (state === 'exited') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new PodmanError(['run', name], `no /healthz answer; its logs:\n${(await logs()).slice(-3000)}`);
}

/** Removes the containers, whatever state they are in; for afterAll. */
export async function removeContainers(names: readonly string[]): Promise<void> {
  if (names.length > 0) await podman(['rm', '--force', '--time', '0', ...names]);
}
