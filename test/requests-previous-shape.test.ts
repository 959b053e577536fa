import { randomUUID } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { createStore } from '../src/store/create-store.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// Requests the version before this one kept waiting, in its two shapes (an approval request, a
// scheduled action), survive the upgrade: a scheduled action still runs at its time, one waiting
// for approval still waits and its Approve button in the channel still works, and an approval for
// now asked before the upgrade still runs once approved. The old records are gone afterwards.

const storeUrl = 'redis://127.0.0.1:6379/15';
const TEAM = EMULATOR_DEFAULTS.teamId;
const CHANNEL = EMULATOR_DEFAULTS.channelId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
let h: Harness;
const slack = emulatorQueries(() => h.emulator, { channel: CHANNEL, timeoutMs: 15_000 });

const plainSchedule = randomUUID();
const scheduleWaiting = randomUUID();
const approvalOfSchedule = randomUUID();
const approvalForNow = randomUUID();
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

/** What the earlier version kept, written in its own shapes and namespaces. */
async function writeEarlierVersionsRequests(): Promise<void> {
  const redis = createClient({ url: storeUrl });
  await redis.connect();
  await redis.flushDb();
  await redis.quit();
  const store = await createStore(storeUrl, { logger: createMemoryLogger() });
  const schedules = store.keyv('schedules');
  const approvals = store.keyv('approvals');
  const created = new Date().toISOString();
  const scheduled = {
    v: 1,
    scope: TEAM,
    teamId: TEAM,
    action: 'start',
    timeZone: 'UTC',
    scheduledBy: MEMBER,
    channelId: CHANNEL,
    createdAt: created,
  };
  await schedules.set(`action:${TEAM}:${plainSchedule}`, {
    ...scheduled,
    id: plainSchedule,
    experimentId: 4,
    runAt: at(6_000),
  });
  await schedules.set(`action:${TEAM}:${scheduleWaiting}`, {
    ...scheduled,
    id: scheduleWaiting,
    experimentId: 5,
    runAt: at(60 * 60_000),
    approvalId: approvalOfSchedule,
  });
  await schedules.set(`index:${TEAM}`, { v: 1, ids: [plainSchedule, scheduleWaiting] });
  const approval = {
    v: 1,
    scope: TEAM,
    requestedBy: MEMBER,
    channelId: CHANNEL,
    createdAt: created,
    expiresAt: at(24 * 60 * 60_000),
    state: 'pending',
  };
  await approvals.set(`approval:${TEAM}:${approvalOfSchedule}`, {
    ...approval,
    id: approvalOfSchedule,
    action: 'start',
    experimentId: 5,
    scheduleId: scheduleWaiting,
    runAt: at(60 * 60_000),
  });
  await approvals.set(`approval:${TEAM}:${approvalForNow}`, {
    ...approval,
    id: approvalForNow,
    action: 'stop',
    experimentId: 2,
    stop: { interruptReason: 'bug', interruptReasonComment: 'asked before the upgrade' },
  });
  await store.close();
}

/** An approval request as the earlier version posted it: its buttons carry the request's id. */
async function postedRequest(id: string, text: string): Promise<EmulatedMessage> {
  const value = JSON.stringify({ id });
  const res = await fetch(`${h.emulator.apiUrl}chat.postMessage`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.emulator.identity.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      channel: CHANNEL,
      text,
      blocks: [
        { type: 'section', block_id: 'exp_approval_request', text: { type: 'mrkdwn', text } },
        {
          type: 'actions',
          block_id: 'exp_approval_actions',
          elements: [
            {
              type: 'button',
              action_id: 'exp_approval_approve',
              text: { type: 'plain_text', text: 'Approve' },
              value,
            },
            {
              type: 'button',
              action_id: 'exp_approval_reject',
              text: { type: 'plain_text', text: 'Reject' },
              value,
            },
          ],
        },
      ],
    }),
  });
  const { ts } = (await res.json()) as { ts: string };
  const message = h.emulator.messages(CHANNEL).find((m) => m.ts === ts);
  if (!message) throw new Error('the old request message was not posted');
  return message;
}

const calls = (id: number, action: string) =>
  h.sandbox.state.requests.filter(
    (r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/${action}`),
  ).length;

beforeAll(async () => {
  await writeEarlierVersionsRequests();
  h = await startHarness({ env: { STORE_URL: storeUrl } });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('requests the earlier version kept waiting', () => {
  it('are carried over, and the old records forgotten', async () => {
    await slack.replyToCommand(
      MEMBER,
      /start\* experiment \*4\*[\s\S]*start\* experiment \*5\*.*waiting for approval/,
      () => h.driver.command({ text: 'schedule', userId: MEMBER }),
    );
    const leftover = [];
    for (const namespace of ['schedules', 'approvals']) {
      const keyv = h.app.store.keyv(namespace);
      for await (const entry of keyv.iterator?.(keyv.namespace) ?? []) leftover.push(entry);
    }
    expect(leftover).toEqual([]);
  });

  it('a scheduled action still runs at its time, once', async () => {
    await slack.channelMessage(
      /<@U0MEMBER1> started experiment \*Onboarding tour\* \(#4\) \(scheduled by <@U0MEMBER1>/,
    );
    await h.app.idle();
    expect(calls(4, 'start')).toBe(1);
  });

  it('an approval asked for now before the upgrade still runs once its old Approve button is clicked', async () => {
    const request = await postedRequest(approvalForNow, 'asks to stop experiment 2');
    await h.driver.clickButton(request, 'exp_approval_approve', { userId: ADMIN });
    await slack.channelMessage(
      /<@U0MEMBER1> stopped experiment \*One-click checkout\* \(#2\) \(approved by <@U0ADMIN01>\)/,
    );
    await h.app.idle();
    expect(calls(2, 'stop')).toBe(1);
    const body = h.sandbox.state.requests
      .filter((r) => r.url.endsWith('/experiments/v1/2/stop'))
      .at(-1)?.body;
    expect(JSON.parse(body ?? '{}')).toEqual({
      interruptReason: 'bug',
      interruptReasonComment: 'asked before the upgrade',
    });
  });

  it('a scheduled action waiting for approval still waits, and its old button approves it for its time', async () => {
    const request = await postedRequest(approvalOfSchedule, 'asks to start experiment 5');
    await h.driver.clickButton(request, 'exp_approval_approve', { userId: ADMIN });
    // Its message's ts was kept by the earlier version with the request (this test posts it after): the
    // requester hears of the approval directly.
    await slack.until(
      () =>
        h.emulator
          .messages(`D${MEMBER.slice(1)}`)
          .find((m) =>
            /<@U0ADMIN01> approved your request to \*start\* experiment \*5\*\. It runs at/.test(
              messageText(m),
            ),
          ),
      'the requester was not told of the approval',
    );
    await h.app.idle();
    expect(calls(5, 'start')).toBe(0);
  });
});
