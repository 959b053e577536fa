import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { createJobQueue } from '../src/jobs/create-job-queue.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { createStore } from '../src/store/create-store.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, startHarness } from './support/harness.js';

// An alert queued by the version before a stop's reason and comment travelled as one value waits in
// Redis across the upgrade: the new version delivers it, reason and comment included.

const storeUrl = 'redis://127.0.0.1:6379/14';
const CHANNEL = EMULATOR_DEFAULTS.channelId;
let h: Harness;
const q = emulatorQueries(() => h.emulator, { channel: CHANNEL });

beforeAll(async () => {
  const redis = createClient({ url: storeUrl });
  await redis.connect();
  await redis.flushDb();
  await redis.quit();
  const teamId = EMULATOR_DEFAULTS.teamId;
  const store = await createStore(storeUrl, { logger: createMemoryLogger() });
  const alerts = await createJobQueue<unknown>({
    store,
    storeUrl,
    name: 'alerts',
    logger: createMemoryLogger(),
  });
  await alerts.enqueue([
    {
      id: 'queued-before-the-upgrade',
      lane: `${teamId}:${CHANNEL}`,
      data: {
        workspace: { teamId },
        scope: teamId,
        channelId: CHANNEL,
        event: {
          action: 'stop',
          experimentId: 4,
          actorId: EMULATOR_DEFAULTS.userId,
          reason: 'critical_metric_impact',
          comment: 'Queued before the upgrade',
          at: new Date().toISOString(),
        },
        threaded: false,
      },
    },
  ]);
  await alerts.close();
  await store.close();
  h = await startHarness({ env: { STORE_URL: storeUrl }, alertIntervalMs: 50 });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('an alert queued by the previous version', () => {
  it('is delivered with its stop reason and comment', async () => {
    const alert = await q.channelMessage('stopped experiment *4*');
    const text = JSON.stringify(alert.blocks);
    expect(text).toContain('Critical metric impact');
    expect(text).toContain('Queued before the upgrade');
  });
});
