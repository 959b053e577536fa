import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import {
  approvalIdOf,
  atTime,
  dmOf,
  experiments,
  platformCalls,
  secondsFromNow,
  storedRequest,
} from './support/requests.js';

// Issue #50's reproductions about scheduled requests, each named after its bug: a rejected approval
// that still ran its schedule, rules not checked again at the due time, anyone cancelling anyone's
// schedule, the same request asked twice, and a cancelled schedule whose approval stayed open.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const OTHER = 'U0MEMBER2';
let h: Harness;

const fresh = experiments(() => h, 8_100);
const slack = emulatorQueries(() => h.emulator, { channel: CHANNEL, timeoutMs: 15_000 });

beforeAll(async () => {
  h = await startHarness();
  const member = h.emulator.users.get(MEMBER);
  if (!member) throw new Error('no member');
  h.emulator.users.set(OTHER, { ...member, id: OTHER, name: 'olga', real_name: 'Olga Member' });
  h.emulator.channels.get(CHANNEL)?.members.push(OTHER);
});
afterAll(async () => {
  await h?.close();
});

const inChannel = (pattern: RegExp, channel: string = CHANNEL) =>
  slack.until(
    () => h.emulator.messages(channel).find((m) => !m.ephemeral && pattern.test(messageText(m))),
    `nothing in ${channel} matching ${pattern}`,
  );
const dmTo = (user: string, pattern: RegExp) => inChannel(pattern, dmOf(user));
const announced = (id: number, action = 'start') =>
  inChannel(new RegExp(`scheduled the app to \\*${action}\\* experiment \\*${id}\\*`));
const asked = (id: number) => inChannel(new RegExp(`asks to \\*start\\* experiment \\*${id}\\*`));

async function policy(text: string): Promise<void> {
  await h.driver.command({ text: `policy ${text}`, userId: ADMIN });
  await h.app.idle();
}

/** `/exp schedule ID` as `user` sees it: one line with a Cancel button per waiting request. */
async function scheduleList(id: number, user: string): Promise<EmulatedMessage> {
  return slack.replyToCommand(user, new RegExp(`Scheduled actions for experiment ${id}`), () =>
    h.driver.command({ text: `schedule ${id}`, userId: user }),
  );
}

const cancelButtons = (list: EmulatedMessage) =>
  ((list.blocks ?? []) as { accessory?: { action_id?: string; value?: string } }[])
    .map((b) => b.accessory)
    .filter((a) => a?.action_id === 'exp_schedule_cancel');

/** The id of the one request waiting for experiment `id`, read from its Cancel button. */
async function waitingIdOf(id: number): Promise<string> {
  const [button] = cancelButtons(await scheduleList(id, ADMIN));
  if (!button?.value) throw new Error(`nothing waits for experiment ${id}`);
  return button.value;
}

/**
 * Everything due by `due` has been acted on: an admin's start scheduled a second after it has run
 * (the due pass takes requests in the order of their times).
 */
async function afterDue(due: Date): Promise<void> {
  const sentinel = fresh();
  await h.driver.command({
    text: `start ${sentinel} ${atTime(new Date(due.getTime() + 1_000))}`,
    userId: ADMIN,
  });
  await inChannel(new RegExp(`started experiment \\*Asked ${sentinel}\\* \\(#${sentinel}\\)`));
  await h.app.idle();
}

/** A copy of a message as a client that has not refreshed still shows it, buttons and all. */
async function staleCopy(message: EmulatedMessage): Promise<EmulatedMessage> {
  const res = await fetch(`${h.emulator.apiUrl}chat.postMessage`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.emulator.identity.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ channel: message.channel, text: message.text, blocks: message.blocks }),
  });
  const { ts } = (await res.json()) as { ts: string };
  const copy = h.emulator.messages(message.channel).find((m) => m.ts === ts);
  if (!copy) throw new Error('the emulator kept no copy');
  return copy;
}

describe('issue #50: scheduled requests', () => {
  it('a rejected approval does not run its schedule, even once approval is switched off', async () => {
    await policy('approval start on');
    const id = fresh();
    const due = secondsFromNow(6_000);
    await h.driver.command({ text: `start ${id} ${atTime(due)}`, userId: MEMBER });
    const request = await asked(id);
    const views = new Set(h.emulator.views.keys());
    await h.driver.clickButton(request, 'exp_approval_reject', { userId: ADMIN });
    const form = await slack.until(
      () =>
        [...h.emulator.views.values()].find(
          (v) => !views.has(v.id) && v.view.callback_id === 'exp_reject_modal',
        ),
      'no reject form',
    );
    await h.driver.submitView(
      form.id,
      {
        exp_reject_reason: { exp_reject_reason_input: { type: 'plain_text_input', value: 'Not this week' } },
      },
      { userId: ADMIN },
    );
    await dmTo(MEMBER, new RegExp(`<@${ADMIN}> rejected your request to \\*start\\* experiment \\*${id}\\*`));
    await policy('approval start off');
    await afterDue(due);
    expect(platformCalls(h, id, 'start')).toBe(0);
    expect(await storedRequest(h, approvalIdOf(request))).toMatchObject({
      state: 'rejected',
      why: 'rejected',
    });
  });

  it('a schedule the policy no longer lets its author make is refused at its time, and both are told', async () => {
    const id = fresh();
    await h.driver.command({ text: `start ${id} ${atTime(secondsFromNow(5_000))}`, userId: MEMBER });
    await announced(id);
    const requestId = await waitingIdOf(id);
    await policy('set schedule nobody');
    try {
      const notRun = new RegExp(
        `\\*start\\* experiment \\*${id}\\*, scheduled by <@${MEMBER}> for <!date[^>]*>, did not run\\. This workspace's policy no longer lets <@${MEMBER}> schedule actions`,
      );
      await inChannel(notRun);
      await dmTo(MEMBER, notRun);
      await h.app.idle();
      expect(platformCalls(h, id, 'start')).toBe(0);
      expect(await storedRequest(h, requestId)).toMatchObject({ state: 'rejected', why: 'schedule' });
    } finally {
      await policy('set schedule action');
    }
  });

  it('a stop scheduled with Other and no comment is refused at its time once the policy wants a comment', async () => {
    const id = fresh('running');
    await h.driver.command({ text: `stop ${id} ${atTime(secondsFromNow(5_000))} other`, userId: MEMBER });
    await announced(id, 'stop');
    const requestId = await waitingIdOf(id);
    await policy('other-comment required');
    try {
      const notRun = new RegExp(
        `\\*stop\\* experiment \\*${id}\\*, scheduled by <@${MEMBER}> for <!date[^>]*>, did not run\\. A comment is required when the reason is Other`,
      );
      await inChannel(notRun);
      await dmTo(MEMBER, notRun);
      await h.app.idle();
      expect(platformCalls(h, id, 'stop')).toBe(0);
      expect(await storedRequest(h, requestId)).toMatchObject({ state: 'rejected', why: 'other-comment' });
    } finally {
      await policy('other-comment optional');
    }
  });

  it('another member cannot take a schedule back, by command or Cancel button; its author and an admin can', async () => {
    const id = fresh();
    await h.driver.command({ text: `start ${id} in 2h`, userId: MEMBER });
    await announced(id);
    const requestId = await waitingIdOf(id);
    const refused = new RegExp(
      `Only the person who scheduled it \\(\\*start\\* experiment \\*${id}\\*\\) or an admin may take it back\\. Nothing changed`,
    );
    await slack.replyToCommand(OTHER, refused, () =>
      h.driver.command({ text: `unschedule ${id}`, userId: OTHER }),
    );
    const list = await scheduleList(id, OTHER);
    expect(cancelButtons(list)).toHaveLength(1);
    await slack.replyToCommand(OTHER, refused, () =>
      h.driver.clickButton(list, 'exp_schedule_cancel', { userId: OTHER }),
    );
    await h.app.idle();
    expect(await storedRequest(h, requestId)).toMatchObject({ state: 'scheduled' });

    await h.driver.clickButton(await scheduleList(id, ADMIN), 'exp_schedule_cancel', { userId: ADMIN });
    await inChannel(new RegExp(`<@${ADMIN}> cancelled \\*start\\* experiment \\*${id}\\*`));
    await dmTo(
      MEMBER,
      new RegExp(`<@${ADMIN}> took back your request to \\*start\\* experiment \\*${id}\\*`),
    );
    expect(await storedRequest(h, requestId)).toMatchObject({ state: 'cancelled' });

    const own = fresh();
    await h.driver.command({ text: `start ${own} in 2h`, userId: MEMBER });
    await announced(own);
    await slack.replyToCommand(
      MEMBER,
      new RegExp(`<@${MEMBER}> cancelled \\*start\\* experiment \\*${own}\\*`),
      () => h.driver.command({ text: `unschedule ${own}`, userId: MEMBER }),
    );
    await h.app.idle();
    expect(platformCalls(h, id, 'start') + platformCalls(h, own, 'start')).toBe(0);
  });

  it('the same action on the same experiment at the same time twice is refused, the waiting one shown', async () => {
    const id = fresh();
    await h.driver.command({ text: `start ${id} in 1h`, userId: MEMBER });
    await announced(id);
    await slack.replyToCommand(
      MEMBER,
      new RegExp(
        `The same request already waits: \\*start\\* experiment \\*${id}\\* at <!date[^>]*>, asked by <@${MEMBER}> \\(scheduled\\)\\. Nothing new was asked`,
      ),
      () => h.driver.command({ text: `start ${id} in 1h`, userId: MEMBER }),
    );
    expect(cancelButtons(await scheduleList(id, MEMBER))).toHaveLength(1);
    await h.driver.command({ text: `unschedule ${id}`, userId: MEMBER });
    await h.app.idle();
  });

  it('cancelling a schedule that waits for approval ends the approval: Approve then says it no longer waits', async () => {
    await policy('approval start on');
    try {
      const id = fresh();
      await h.driver.command({ text: `start ${id} in 1h`, userId: MEMBER });
      const request = await asked(id);
      const copy = await staleCopy(request);
      await slack.replyToCommand(MEMBER, new RegExp(`cancelled \\*start\\* experiment \\*${id}\\*`), () =>
        h.driver.command({ text: `unschedule ${id}`, userId: MEMBER }),
      );
      const ended = await slack.until(() => {
        const now = h.emulator.messages(CHANNEL).find((m) => m.ts === request.ts);
        return now && /Taken back by <@U0MEMBER1>: nothing ran/.test(messageText(now)) ? now : undefined;
      }, 'the approval request was not ended');
      expect(JSON.stringify(ended.blocks)).not.toContain('exp_approval_approve');
      expect(await storedRequest(h, approvalIdOf(request))).toMatchObject({ state: 'cancelled' });

      await h.driver.clickButton(copy, 'exp_approval_approve', { userId: ADMIN });
      await slack.replyTo(ADMIN, /This request no longer waits .*: nothing was done/);
      await h.app.idle();
      expect(platformCalls(h, id, 'start')).toBe(0);
    } finally {
      await policy('approval start off');
    }
  });
});
