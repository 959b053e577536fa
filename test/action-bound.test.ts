import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// A slow platform must not let acknowledged actions pile up without bound: past the process's
// bound (2 here, 256 by default) an action is refused before anything is sent, and the person is
// told so; once the slow ones finish, actions run again.
const CHANNEL = EMULATOR_DEFAULTS.channelId;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ maxActionsInFlight: 2, env: { CONSOLE_TIMEOUT_MS: '5000' } });
});
afterAll(async () => {
  h?.sandbox.setLatency(0);
  await h?.close();
});

const posts = (id: number) =>
  h.sandbox.state.requests.filter(
    (r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/start`),
  );

describe('the bound on actions in flight', () => {
  it('refuses an action past the bound, says so, and sends nothing for it', async () => {
    h.sandbox.setLatency(1_500, { pathIncludes: '/start' });
    for (const id of [4, 7]) expect((await h.driver.command({ text: `start ${id}` })).status).toBe(200);
    await h.emulator.waitFor(() => posts(4).length === 1 && posts(7).length === 1, { timeoutMs: 5000 });
    const third = await h.driver.command({ text: 'start 123' });
    expect(third.status).toBe(200);
    // Refused before "Working on it…" is said: the person gets one reply, the refusal.
    await h.emulator.waitFor(() =>
      h.emulator.responsePosts.some((p) => third.responseUrl.endsWith(`/${p.id}`)),
    );
    await h.app.idle();
    const replies = h.emulator.responsePosts.filter((p) => third.responseUrl.endsWith(`/${p.id}`));
    expect(replies).toHaveLength(1);
    expect(JSON.stringify(replies[0]?.body)).toContain('Too many actions are in progress');
    const refused = await h.emulator.waitFor(
      () => h.emulator.messages(CHANNEL).find((m) => m.ephemeral && /Too many actions/.test(messageText(m))),
      { timeoutMs: 5000, message: 'the third action was not refused' },
    );
    expect(messageText(refused)).toContain(
      'Too many actions are in progress right now (the platform is slow to answer), so *start* on experiment *123* was not sent: nothing changed. Try again in a minute.',
    );
    expect(posts(123)).toHaveLength(0);
    await h.app.idle();
    h.sandbox.setLatency(0);
    await h.driver.command({ text: 'start 123' });
    await h.emulator.waitFor(() => posts(123).length === 1, {
      timeoutMs: 5000,
      message: 'start 123 never ran',
    });
  });
});
