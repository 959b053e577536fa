import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RUNNING_STALE_MS, tellAgainAfterMs } from '../src/core/requests/due-index.js';
import { createRequestStore } from '../src/core/requests/request-store.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { storedValues } from '../src/store/conditional-update.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import { approvalIdOf, experiments, movableClock, platformCalls, storedRequest } from './support/requests.js';

// Issue #50: every requester told once, even when the process that ended a request dies before
// telling it. The dying process is played by the app's own request store code over the app's store,
// making the cancel and nothing after it; the app's due pass (on a clock moved past the grace) then
// tells it, in the request's own message or, when that message was never remembered, in a new one.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const clock = movableClock();
let h: Harness;
const fresh = experiments(() => h, 8_900);
const slack = emulatorQueries(() => h.emulator, { channel: CHANNEL, timeoutMs: 20_000 });

beforeAll(async () => {
  h = await startHarness({ start: { scheduleClock: clock.now } });
  await h.driver.command({ text: 'policy approval stop on', userId: ADMIN });
  await h.app.idle();
});
afterEach(() => clock.set(0));
afterAll(async () => {
  await h?.close();
});

/** The app's request store code over the app's store: what a replica about to die runs. */
const dyingReplica = () =>
  createRequestStore({ stored: storedValues(h.app.store, 'requests'), now: clock.now });

async function askToStop(id: number) {
  await h.driver.command({ text: `stop ${id} bug`, userId: MEMBER });
  const asked = await slack.channelMessage(new RegExp(`asks to \\*stop\\* experiment \\*${id}\\*`));
  await h.app.idle();
  return { asked, requestId: approvalIdOf(asked) };
}

const scope = () => h.emulator.identity.teamId;

describe('an ending whose replica died before telling it', () => {
  it('is told by the due pass after the grace, in the request message, once', async () => {
    const id = fresh('running');
    const { asked, requestId } = await askToStop(id);
    const moved = await dyingReplica().apply(scope(), requestId, { kind: 'cancel', by: MEMBER });
    expect(moved?.ok).toBe(true);
    expect((await storedRequest(h, requestId))?.state).toBe('cancelled');
    clock.set(tellAgainAfterMs(RUNNING_STALE_MS) + 1_000);
    const updated = await slack.until(() => {
      const now = h.emulator.messages(CHANNEL).find((m) => m.ts === asked.ts);
      return now && /Taken back by <@U0MEMBER1>: nothing ran/.test(messageText(now)) ? now : undefined;
    }, 'the request message never said it was taken back');
    expect(JSON.stringify(updated.blocks)).not.toContain('exp_approval_approve');
    // Told, the record owes nothing: no later pass tells it again.
    const owes = async () => 'tellOwed' in (((await storedRequest(h, requestId)) ?? {}) as object);
    for (const deadline = Date.now() + 10_000; (await owes()) && Date.now() < deadline; )
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await owes()).toBe(false);
    const sayings = h.emulator.messages(CHANNEL).filter((m) => /Taken back by/.test(messageText(m)));
    expect(sayings.map((m) => m.ts)).toEqual([asked.ts]);
    expect(platformCalls(h, id, 'stop')).toBe(0);
  }, 60_000);

  it('whose message was never remembered, is told in a new message naming what was asked', async () => {
    const id = fresh('running');
    const { requestId } = await askToStop(id);
    // Posted, then killed before remembering where: the record has no message.
    const keyv = h.app.store.keyv('requests');
    const key = `request:${scope()}:${requestId}`;
    const record = (await keyv.get(key)) as { approval: Record<string, unknown> };
    delete record.approval.messageTs;
    await keyv.set(key, record, 24 * 60 * 60 * 1000);
    await dyingReplica().apply(scope(), requestId, { kind: 'cancel', by: MEMBER });
    clock.set(tellAgainAfterMs(RUNNING_STALE_MS) + 1_000);
    const told = await slack.channelMessage(
      new RegExp(`experiment \\*${id}\\*[\\s\\S]*Taken back by <@U0MEMBER1>: nothing ran`),
    );
    expect(messageText(told)).toMatch(new RegExp(`<@U0MEMBER1> asked to \\*stop\\* experiment \\*${id}\\*`));
    expect(JSON.stringify(told.blocks)).not.toContain('exp_approval_approve');
  }, 60_000);
});
