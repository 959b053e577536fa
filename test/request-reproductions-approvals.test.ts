import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import {
  approvalIdOf,
  dmOf,
  experiments,
  movableClock,
  platformCalls,
  storedRequest,
} from './support/requests.js';

// Issue #50's reproductions about approvals, each named after its bug: an approval that lapsed days
// before the scheduled action it was asked for, a stop form that did not say it would only ask,
// and an expiry nobody was told of. The due pass and the request store read a clock the tests move
// ahead instead of waiting days.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const clock = movableClock();
let h: Harness;

const fresh = experiments(() => h, 8_300);
const slack = emulatorQueries(() => h.emulator, { channel: CHANNEL, timeoutMs: 15_000 });

beforeAll(async () => {
  h = await startHarness({ start: { scheduleClock: clock.now } });
});
afterEach(() => clock.set(0));
afterAll(async () => {
  await h?.close();
});

const inChannel = (pattern: RegExp, channel: string = CHANNEL) =>
  slack.until(
    () => h.emulator.messages(channel).find((m) => !m.ephemeral && pattern.test(messageText(m))),
    `nothing in ${channel} matching ${pattern}`,
  );
const dmTo = (user: string, pattern: RegExp) => inChannel(pattern, dmOf(user));
const askedFor = (action: string, id: number) =>
  inChannel(new RegExp(`asks to \\*${action}\\* experiment \\*${id}\\*`));
/** The request's message as it reads now (its state replaces it in place). */
const nowReads = (request: EmulatedMessage, pattern: RegExp) =>
  slack.until(() => {
    const now = h.emulator.messages(CHANNEL).find((m) => m.ts === request.ts);
    return now && pattern.test(messageText(now)) ? now : undefined;
  }, `the request never read ${pattern}`);

async function policy(text: string): Promise<void> {
  await h.driver.command({ text: `policy ${text}`, userId: ADMIN });
  await h.app.idle();
}

describe('issue #50: approvals', () => {
  it('an approval asked for a scheduled stop shows its time and lasts until then and the hour after, not a day', async () => {
    await policy('approval stop on');
    try {
      const id = fresh('running');
      await h.driver.command({ text: `stop ${id} in 3d sequential`, userId: MEMBER });
      const request = await askedFor('stop', id);
      const stored = await storedRequest(h, approvalIdOf(request));
      const runAt = Date.parse(stored?.runAt ?? '');
      expect(runAt - Date.now()).toBeGreaterThan(3 * DAY - HOUR);
      const validUntil = Date.parse(stored?.approval?.validUntil ?? '');
      expect(validUntil).toBe(runAt + HOUR);
      const text = messageText(request);
      const seconds = Math.floor(runAt / 1000);
      expect(text).toContain(`asks to *stop* experiment *${id}* at <!date^${seconds}^`);
      expect(text).toContain(`may approve until <!date^${Math.floor(validUntil / 1000)}^`);

      // Two days later the approval is still open: approved, it waits for its time.
      clock.set(2 * DAY);
      await h.driver.clickButton(request, 'exp_approval_approve', { userId: ADMIN });
      await nowReads(request, new RegExp(`Approved by <@${ADMIN}>: it runs at <!date\\^${seconds}\\^`));
      await dmTo(
        MEMBER,
        new RegExp(`approved your request to \\*stop\\* experiment \\*${id}\\*\\. It runs at`),
      );
      expect(await storedRequest(h, approvalIdOf(request))).toMatchObject({ state: 'scheduled' });
      expect(platformCalls(h, id, 'stop')).toBe(0);

      // Its time comes: it runs once, under the requester's name, saying who approved it.
      clock.set(runAt - Date.now() + 1_000);
      await inChannel(
        new RegExp(
          `<@${MEMBER}> stopped experiment \\*Asked ${id}\\* \\(#${id}\\) \\(.*approved by <@${ADMIN}>\\)`,
        ),
      );
      await h.app.idle();
      expect(platformCalls(h, id, 'stop')).toBe(1);
    } finally {
      await policy('approval stop off');
    }
  });

  it('the stop form says it will only ask for approval, and whom, before it is sent', async () => {
    await policy('approval stop on approvers:admins');
    try {
      const id = fresh('running');
      const views = new Set(h.emulator.views.keys());
      await h.driver.command({ text: `stop ${id}`, userId: MEMBER });
      const form = await slack.until(
        () =>
          [...h.emulator.views.values()].find(
            (v) => !views.has(v.id) && v.view.callback_id === 'exp_stop_modal',
          ),
        'no stop form',
      );
      const view = form.view as { submit?: { text?: string }; blocks?: { block_id?: string }[] };
      expect(view.submit?.text).toBe('Request stop');
      const hint = view.blocks?.find((b) => b.block_id === 'exp_stop_approval');
      expect(messageText({ blocks: [hint] })).toMatch(
        /needs a second person's approval to stop: submitting asks for it, and the stop runs once an admin approves/,
      );
      await h.driver.submitView(
        form.id,
        {
          exp_stop_reason: {
            exp_stop_reason_select: { type: 'static_select', selected_option: { value: 'bug' } },
          },
        },
        { userId: MEMBER },
      );
      expect(messageText(await askedFor('stop', id))).toMatch(/an admin may approve until/);
      await h.app.idle();
      expect(platformCalls(h, id, 'stop')).toBe(0);
      await h.driver.command({ text: `unschedule ${id}`, userId: MEMBER });
      await h.app.idle();
    } finally {
      await policy('approval stop off');
    }
  });

  it('an approval nobody answers expires when the due pass finds it lapsed: the request says so, its requester is told', async () => {
    await policy('approval start on');
    try {
      const id = fresh();
      await h.driver.command({ text: `start ${id}`, userId: MEMBER });
      const request = await askedFor('start', id);
      const stored = await storedRequest(h, approvalIdOf(request));
      // Nobody clicks: the clock passes the approval's validity, and the due pass finds it.
      clock.set(Date.parse(stored?.approval?.validUntil ?? '') - Date.now() + 1_000);
      const expired = await nowReads(request, /Expired unanswered: nothing ran/);
      expect(JSON.stringify(expired.blocks)).not.toContain('exp_approval_approve');
      await dmTo(
        MEMBER,
        new RegExp(`Your request to \\*start\\* experiment \\*${id}\\* expired: nobody approved it in time`),
      );
      await h.app.idle();
      expect(await storedRequest(h, approvalIdOf(request))).toMatchObject({
        state: 'expired',
        why: 'unanswered',
      });
      expect(platformCalls(h, id, 'start')).toBe(0);
    } finally {
      await policy('approval start off');
    }
  });
});
