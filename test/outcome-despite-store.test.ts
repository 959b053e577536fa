import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type FaultProxy, startFaultProxy } from './support/fault-proxy.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import { startRedisServer } from './support/redis-server.js';

// The app's store goes away after a command was claimed and sent, while the platform is answering
// it (its own redis-server, killed while a fault proxy holds the platform's answer), and comes back
// empty (restarted, nothing saved). The platform refused the start by status: the channel is told
// that refusal with the status the platform named, never "outcome unknown", and once the store is
// back the record holds that status and the refusal. Needs redis-server (.ci/run installs it).

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const SCOPE = EMULATOR_DEFAULTS.teamId;
const PORT = 6400 + Math.floor(Math.random() * 500);
let redis: ChildProcess | undefined;
let proxy: FaultProxy | undefined;
let h: Harness;

beforeAll(async () => {
  redis = await startRedisServer(PORT);
  h = await startHarness({
    env: { STORE_URL: `redis://127.0.0.1:${PORT}` },
    platformUrl: async (sandboxUrl) => {
      proxy = await startFaultProxy(sandboxUrl);
      return proxy.url;
    },
  });
});
afterAll(async () => {
  await h?.close();
  await proxy?.close();
  await stopRedis();
});

/** Kills the test's redis-server (a process killed by a signal has no exit code, only a signal code). */
async function stopRedis() {
  if (!redis || redis.exitCode !== null || redis.signalCode !== null) return;
  redis.kill('SIGKILL');
  await once(redis, 'exit');
}

/** What the app's store holds under `key` once it holds something (the app reconnects on its own). */
async function storedOnceBack(key: string, timeoutMs = 20_000): Promise<unknown> {
  const keyv = h.app.store.keyv('experiments');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await keyv.get(key).catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`nothing under ${key} ${timeoutMs} ms after the store came back`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const everything = () => h.emulator.messages(CHANNEL).map(messageText);

describe('a refusal the platform answered while the store went away', () => {
  it('is told as the refusal with its status, and recorded once the store is back', async () => {
    expect(h.sandbox.state.experiments.get(1)?.status).toBe('running');
    let answer = () => {};
    const until = new Promise<void>((resolve) => {
      answer = resolve;
    });
    proxy?.inject({ kind: 'held', until }, { pathIncludes: '/experiments/v1/1/start', method: 'POST' });

    expect((await h.driver.command({ text: 'start 1' })).status).toBe(200);
    await h.emulator.waitFor(
      () => proxy?.forwarded.find((r) => r.method === 'POST' && r.path.endsWith('/experiments/v1/1/start')),
      { timeoutMs: 8000, message: 'the start never reached the platform' },
    );
    await stopRedis();
    answer();

    // Idle once the command's work after its ack is done: told, or not.
    await h.app.idle();
    const said = everything();
    expect(said.filter((text) => /unknown|went wrong/i.test(text))).toEqual([]);
    expect(
      said.find((text) => text.includes('but the platform refused: current status is Running')),
    ).toContain('tried to *start* experiment *Search ranking v2* (#1)');

    redis = await startRedisServer(PORT);
    const record = await storedOnceBack(`record:${SCOPE}:1`);
    expect(record).toMatchObject({ experimentId: 1, status: { value: 'running' } });
    expect(await storedOnceBack(`learnt:${SCOPE}`)).toEqual({ v: 1, refusals: { running: ['start'] } });
  });
});
