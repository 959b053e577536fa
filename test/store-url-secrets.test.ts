import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.js';
import { startRedisServer } from './support/redis-server.js';

// The app started on a STORE_URL with credentials in its query (its own redis-server, which asks
// for none: the job queue's client still sends the password): no line it logs, from start-up on,
// holds them. Needs redis-server on the machine (.ci/run installs it).

const PORT = 7400 + Math.floor(Math.random() * 500);
const SECRETS = ['Hunter2-Secret', 'T0ken-Secret'];
const STORE_URL = `redis://127.0.0.1:${PORT}/0?password=${SECRETS[0]}&token=${SECRETS[1]}`;
let redis: ChildProcess | undefined;
let h: Harness;

beforeAll(async () => {
  redis = await startRedisServer(PORT);
  h = await startHarness({ env: { STORE_URL } });
});
afterAll(async () => {
  await h?.close();
  if (redis && redis.exitCode === null && redis.signalCode === null) {
    redis.kill('SIGKILL');
    await once(redis, 'exit');
  }
});

describe('a STORE_URL with credentials in its query', () => {
  it('is logged with them masked, at start-up and after', async () => {
    await h.driver.command({ text: 'help' });
    await h.app.idle();
    const ready = h.logs.find((line) => line.includes('store ready'));
    expect(ready).toContain(`"where":"redis://127.0.0.1:${PORT}/0?password=***&token=***"`);
    for (const secret of SECRETS) expect(h.logs.join('\n')).not.toContain(secret);
  });
});
