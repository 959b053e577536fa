import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPublicChannel } from './support/channels.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import { type PeriodicRounds, watchRounds } from './support/periodic-rounds.js';

// Polling: an experiment a channel subscribed to by id is read from the platform's read route every
// round; a status the app did not know becomes an alert there, even when the change was made
// outside Slack (here: straight through the platform's HTTP interface).
const WATCH = 'C0POLLED0';
let h: Harness;
let token: string;
let rounds: PeriodicRounds;

beforeAll(async () => {
  h = await startHarness({ pollIntervalMs: 150, alertIntervalMs: 20 });
  rounds = watchRounds(h.app.store, 'poll:round');
  addPublicChannel(h.emulator, { id: WATCH, name: 'polled', members: [] });
  token = await h.sandbox.issueToken({ name: 'someone in the console' });
});
afterAll(async () => {
  await h?.close();
});

const statusAlerts = () =>
  h.emulator
    .messages(WATCH)
    .filter((m) => !m.ephemeral && /Experiment \*Onboarding tour\* \(#4\) is now/.test(messageText(m)));

describe('polling subscribed experiments', () => {
  it('turns a status change made outside Slack into an alert, once', async () => {
    await h.driver.command({ text: 'subscribe experiment:4', channelId: WATCH });
    await h.emulator.waitFor(
      () => h.emulator.messages(WATCH).find((m) => /subscribed this channel/.test(messageText(m))),
      {
        timeoutMs: 8000,
      },
    );
    // A first round learns the status; it is not a change.
    await h.emulator.waitFor(
      () => h.sandbox.state.requests.some((r) => r.method === 'GET' && r.url.endsWith('/experiments/v1/4')),
      { timeoutMs: 8000, message: 'the experiment was never read' },
    );
    // Rounds after it find the same status: nothing to say (idle: whatever they queued was sent).
    await rounds.complete(2);
    await h.app.idle();
    expect(statusAlerts()).toHaveLength(0);

    const res = await fetch(`${h.sandbox.url}/api/console/experiments/v1/4/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBeLessThan(300);
    const alert = await h.emulator.waitFor(() => statusAlerts()[0], {
      timeoutMs: 8000,
      message: 'the change was not alerted',
    });
    expect(messageText(alert)).toMatch(/Experiment \*Onboarding tour\* \(#4\) is now Running/);
    await rounds.complete(3);
    await h.app.idle();
    expect(statusAlerts()).toHaveLength(1);
  });
});
