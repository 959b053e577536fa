import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import { type Sandbox, startSandbox } from '../../src/dev/sandbox/server.js';
import { createSlackDriver, type SlackDriver } from '../../src/dev/slack-emulator/driver.js';
import { type SlackEmulator, startSlackEmulator } from '../../src/dev/slack-emulator/server.js';
import { type AppProcess, freePort, killHard, spawnApp, startRedisServer } from './app-process.js';

// Two replicas of the app as child processes (kill -9 is real) on a redis-server of the test's own
// with an append-only file (a restart keeps what it had), the sandbox platform and the Slack
// emulator in the test's process: what test/request-concurrency.test.ts runs against.

/** A replica and the driver that speaks to it as Slack does. */
export interface Replica {
  app: AppProcess;
  driver: SlackDriver;
  name: string;
}

export interface ConcurrencyWorld {
  sandbox: Sandbox;
  emulator: SlackEmulator;
  signingSecret: string;
  replicas: Replica[];
  /** POSTs the platform took, by `<experiment>/<action>`: counted as they arrive, never trimmed. */
  platformCalls: Map<string, number>;
  /** Kills the replica at `index` (SIGKILL) and starts a fresh one in its place. */
  replaceReplica(index: number): Promise<void>;
  /** Kills redis-server (SIGKILL), waits for `whileDown`, starts it again on the same port and directory. */
  restartRedis(whileDown: () => Promise<unknown>): Promise<void>;
  /** What every replica printed, the killed ones' included, for a failure's report. */
  outputs(): string;
  /** Every request the app has stored, as its store holds it (read straight from Redis). */
  storedRequests(): Promise<StoredRequest[]>;
  close(): Promise<void>;
}

/** The part of a stored ActionRequest the test reads. */
interface StoredRequest {
  id: string;
  state: string;
  why?: string;
  requestedBy: string;
  what: { action: string; experimentId?: number };
  runAt?: string;
  history: { state: string; at: string; by?: string }[];
}

export async function startConcurrencyWorld(env: Record<string, string>): Promise<ConcurrencyWorld> {
  const redisPort = await freePort();
  const redisDir = mkdtempSync(join(tmpdir(), 'exp-request-concurrency-'));
  let redis: ChildProcess | undefined = await startRedisServer(redisPort, redisDir);
  const storeUrl = `redis://127.0.0.1:${redisPort}`;
  const sandbox = await startSandbox();
  const emulator = await startSlackEmulator();
  const signingSecret = randomBytes(16).toString('hex');
  const platformCalls = new Map<string, number>();
  const recorded = sandbox.state.requests;
  const push = recorded.push.bind(recorded);
  recorded.push = (...entries) => {
    for (const entry of entries) {
      const call = /\/experiments\/v1\/(\d+)\/(start|stop|archive|unarchive)$/.exec(entry.url);
      if (entry.method === 'POST' && call) {
        const key = `${call[1]}/${call[2]}`;
        platformCalls.set(key, (platformCalls.get(key) ?? 0) + 1);
      }
    }
    return push(...entries);
  };
  const appEnv = {
    ...env,
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_BOT_TOKEN: emulator.identity.botToken,
    SLACK_API_URL: emulator.apiUrl,
    STORE_URL: storeUrl,
    CONSOLE_BASE_URL: sandbox.url,
    CONSOLE_API_TOKEN: await sandbox.issueToken({ name: 'request-concurrency' }),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  let started = 0;
  const replica = async (): Promise<Replica> => {
    const app = await spawnApp(appEnv);
    const driver = createSlackDriver({ appUrl: app.eventsUrl, signingSecret, emulator });
    started += 1;
    return { app, driver, name: `replica-${started}` };
  };
  // As a process manager does: a replica that exits at start (its store is restarting) is started again.
  const restarted = async (): Promise<Replica> => {
    const giveUpAt = Date.now() + 20_000;
    for (;;) {
      try {
        return await replica();
      } catch (error) {
        if (Date.now() > giveUpAt) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  const replicas = await Promise.all([replica(), replica()]);
  const killed: string[] = [];
  const reader = createClient({
    url: storeUrl,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: () => 100 },
  });
  reader.on('error', () => undefined);
  await reader.connect();

  return {
    sandbox,
    emulator,
    signingSecret,
    replicas,
    platformCalls,
    outputs: () => [...killed, ...replicas.map((r) => `--- ${r.name}\n${r.app.output()}`)].join('\n'),
    async replaceReplica(index) {
      const old = replicas[index];
      if (old) {
        await old.app.kill();
        killed.push(`--- ${old.name} (killed)\n${old.app.output()}`);
      }
      replicas[index] = await restarted();
    },
    async restartRedis(whileDown) {
      if (redis) await killHard(redis);
      redis = undefined;
      await whileDown();
      redis = await startRedisServer(redisPort, redisDir);
    },
    async storedRequests() {
      const keys: string[] = [];
      for await (const batch of reader.scanIterator({ MATCH: 'exp-chatops:requests:request:*', COUNT: 1000 }))
        keys.push(...(Array.isArray(batch) ? batch : [batch]));
      if (keys.length === 0) return [];
      const values = await reader.mGet(keys);
      return values.flatMap((raw) => {
        if (raw == null) return [];
        const parsed = JSON.parse(raw) as { value?: StoredRequest };
        return parsed.value ? [parsed.value] : [];
      });
    },
    async close() {
      for (const r of replicas) await r.app.kill();
      reader.destroy();
      if (redis) await killHard(redis);
      await emulator.close();
      await sandbox.close();
      rmSync(redisDir, { recursive: true, force: true });
    },
  };
}
