import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/config.js';
import { type Sandbox, startSandbox } from '../../src/dev/sandbox/server.js';
import { type SlackEmulator, startSlackEmulator } from '../../src/dev/slack-emulator/server.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import type { StartOptions } from '../../src/start.js';
import { type RunningApp, startExpChatops } from '../../src/start.js';
import { freePort, killHard } from './app-process.js';
import { startRedisServer } from './redis-server.js';

// Replicas of the app in the test's process on one redis-server of the test's own, with the
// sandbox platform and the Slack emulator: what the multi-replica tests run against.

export interface ReplicaWorld {
  sandbox: Sandbox;
  emulator: SlackEmulator;
  signingSecret: string;
  /** The Redis the replicas share, for a test that changes what the app keeps there itself. */
  storeUrl: string;
  /** Starts one more replica on the shared Redis, sandbox and emulator. */
  replica(options?: StartOptions): Promise<RunningApp>;
  close(apps: readonly RunningApp[]): Promise<void>;
}

/** The world, with copies of the sandbox's draft experiment 4 under `ids`, named `${label} ${id}`. */
export async function startReplicaWorld(input: {
  ids: readonly number[];
  label: string;
}): Promise<ReplicaWorld> {
  const port = await freePort();
  const redis: ChildProcess = await startRedisServer(port);
  const sandbox = await startSandbox();
  const emulator = await startSlackEmulator();
  const template = sandbox.state.experiments.get(4);
  if (template?.status !== 'draft') throw new Error('the sandbox has no draft experiment 4');
  const slug = input.label.toLowerCase();
  for (const id of input.ids)
    sandbox.state.experiments.set(id, {
      ...template,
      id,
      name: `${input.label} ${id}`,
      label: `${slug}_${id}`,
    });
  const signingSecret = randomBytes(16).toString('hex');
  const storeUrl = `redis://127.0.0.1:${port}`;
  const env = {
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_BOT_TOKEN: emulator.identity.botToken,
    SLACK_API_URL: emulator.apiUrl,
    STORE_URL: storeUrl,
    CONSOLE_BASE_URL: sandbox.url,
    CONSOLE_API_TOKEN: await sandbox.issueToken({ name: slug }),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  return {
    sandbox,
    emulator,
    signingSecret,
    storeUrl,
    replica: (options = {}) =>
      startExpChatops(loadConfig(env), { logger: createMemoryLogger('warn'), port: 0, ...options }),
    async close(apps) {
      for (const app of apps) await app.close().catch(() => undefined);
      await killHard(redis);
      await emulator.close();
      await sandbox.close();
    },
  };
}
