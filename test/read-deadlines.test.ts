import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// A hanging platform: a read gets one deadline for all its tries, so the person hears within 10 s
// (with the default 10 s per-request timeout and retries, `/exp dict` used to answer after 31 s).

const CHANNEL = EMULATOR_DEFAULTS.channelId;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { CONSOLE_TIMEOUT_MS: '10000' } });
});
afterAll(async () => {
  h?.sandbox.setLatency(0);
  await h?.close();
});

describe('read deadlines', () => {
  it('answers /exp dict within 10 s when the platform hangs', async () => {
    h.sandbox.setLatency(60_000, { pathIncludes: '/dictionaries/' });
    const started = performance.now();
    const res = await h.driver.command({ text: 'dict layers --refresh' });
    expect(res.status).toBe(200);
    const reply = await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) => m.ephemeral && /did not answer in time/.test(messageText(m))),
      { timeoutMs: 15_000, message: 'no timeout reply' },
    );
    const took = performance.now() - started;
    expect(took).toBeLessThan(10_000);
    expect(messageText(reply)).toContain('Nothing changed');
  }, 20_000);
});
