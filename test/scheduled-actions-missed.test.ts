import { afterAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// A scheduled action found more than an hour after its time (every replica was down) is reported as
// missed, never run silently late; less than an hour late, it runs. The clock the runner measures
// lateness with is moved instead of waiting an hour: the job itself falls due a second after it is
// scheduled, as it would when a replica comes back.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const MINUTE = 60_000;

async function scheduledStartWithClockAhead(aheadMs: number, id: number) {
  const h = await startHarness({ start: { scheduleClock: () => new Date(Date.now() + aheadMs) } });
  const template = h.sandbox.state.experiments.get(4);
  if (template?.status !== 'draft') throw new Error('the sandbox has no draft experiment 4');
  h.sandbox.state.experiments.set(id, { ...template, id, name: `Late ${id}`, label: `late_${id}` });
  const at = `at ${new Date(Date.now() + 3_000).toISOString().slice(0, 19)}Z`;
  await h.driver.command({ text: `start ${id} ${at}`, userId: MEMBER });
  const starts = () =>
    h.sandbox.state.requests.filter(
      (r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/start`),
    ).length;
  const slack = emulatorQueries(() => h.emulator, { channel: CHANNEL, timeoutMs: 15_000 });
  await slack.channelMessage(new RegExp(`scheduled the app to \\*start\\* experiment \\*${id}\\*`));
  return { h, starts, slack };
}

describe('a scheduled action run late', () => {
  let h: Harness | undefined;
  afterAll(async () => {
    await h?.close();
  });

  it('is reported as missed, to the channel and the person, when more than an hour late', async () => {
    const run = await scheduledStartWithClockAhead(61 * MINUTE, 7001);
    h = run.h;
    const missed = await run.slack.until(
      () => run.h.emulator.messages(CHANNEL).find((m) => /was missed/.test(messageText(m))),
      'no missed report in the channel',
    );
    expect(messageText(missed)).toContain('experiment *7001*');
    await run.slack.until(
      () => run.h.emulator.messages(`D${MEMBER.slice(1)}`).find((m) => /was missed/.test(messageText(m))),
      'no missed report to the person',
    );
    await run.h.app.idle();
    expect(run.starts()).toBe(0);
    await run.h.close();
    h = undefined;
  });

  it('runs when less than an hour late', async () => {
    const run = await scheduledStartWithClockAhead(59 * MINUTE, 7002);
    h = run.h;
    await run.slack.until(
      () =>
        run.h.emulator
          .messages(CHANNEL)
          .find((m) => /started experiment \*Late 7002\* \(#7002\)/.test(messageText(m))),
      'the late start did not run',
    );
    await run.h.app.idle();
    expect(run.starts()).toBe(1);
  });
});
