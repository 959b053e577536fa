import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// The app's store goes away mid-service (its own redis-server, killed): a command and a click are
// both answered, saying the store is unavailable and nothing was done, and nothing reaches the
// platform. Needs redis-server on the machine (.ci/run installs it); fails loudly without it.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const PORT = 6400 + Math.floor(Math.random() * 500);
let redis: ChildProcess | undefined;
let h: Harness;

async function startRedis(): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(PORT), '--save', '', '--appendonly', 'no'], {
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

beforeAll(async () => {
  redis = await startRedis();
  h = await startHarness({ env: { STORE_URL: `redis://127.0.0.1:${PORT}` } });
});
afterAll(async () => {
  await h?.close();
  // A process killed by a signal has no exit code, only a signal code.
  if (redis && redis.exitCode === null && redis.signalCode === null) {
    redis.kill('SIGKILL');
    await once(redis, 'exit');
  }
});

const reply = (pattern: RegExp) =>
  h.emulator.waitFor(
    () => h.emulator.messages(CHANNEL).find((m) => m.ephemeral && pattern.test(messageText(m))),
    { timeoutMs: 8000, message: `no reply matching ${pattern}` },
  );

describe('a store outage', () => {
  it('is answered on commands and clicks, and nothing is sent to the platform', async () => {
    await h.driver.command({ text: 'show 4' });
    const card = await reply(/Experiment 4/);
    expect(JSON.stringify(card.blocks)).toContain('exp_lifecycle_start');

    redis?.kill('SIGKILL');
    if (redis) await once(redis, 'exit');
    const before = h.sandbox.state.requests.filter((r) => r.method === 'POST').length;

    const res = await h.driver.command({ text: 'start 7' });
    expect(res.status).toBe(200);
    const said = messageText(await reply(/cannot reach its own store/));
    expect(said).toContain('nothing was sent to the platform');
    expect(said).not.toMatch(/outcome/i);

    const clicked = await h.driver.clickButton(card, 'exp_lifecycle_start');
    expect(clicked.status).toBe(200);
    await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .filter((m) => m.ephemeral && /cannot reach its own store/.test(messageText(m))).length >= 2,
      { timeoutMs: 8000, message: 'the click got no reply' },
    );
    await h.app.idle();
    expect(h.sandbox.state.requests.filter((r) => r.method === 'POST').length).toBe(before);
  });
});
