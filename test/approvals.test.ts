import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// A second person's approval, through the real entry points: the policy turns it on, a request is
// posted with Approve / Reject, and only someone else who may do the action can approve it.

const CHANNEL = 'C0GENERAL';
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const GUEST = EMULATOR_DEFAULTS.guestUserId;
const SECOND_ADMIN = 'U0ADMIN02';
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { ADMIN_USER_IDS: SECOND_ADMIN } });
  const member = h.emulator.users.get(MEMBER);
  if (!member) throw new Error('no member');
  h.emulator.users.set(SECOND_ADMIN, { ...member, id: SECOND_ADMIN, name: 'dana', real_name: 'Dana Admin' });
  h.emulator.channels.get(CHANNEL)?.members.push(SECOND_ADMIN);
});
afterAll(async () => {
  await h?.close();
});

const stops = (id: number) =>
  h.sandbox.state.requests.filter((r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/stop`))
    .length;

const { until, ephemeralTo } = emulatorQueries(() => h.emulator, { channel: CHANNEL });

const requestFor = (pattern: RegExp) =>
  until(
    () =>
      h.emulator
        .messages(CHANNEL)
        .find((m) => !m.ephemeral && /asks to/.test(messageText(m)) && pattern.test(messageText(m))),
    `no approval request matching ${pattern}`,
  );

/** The request message as it is now (a decision replaces it in place). */
const current = (request: EmulatedMessage) => h.emulator.messages(CHANNEL).find((m) => m.ts === request.ts);

describe('approvals', () => {
  it('are turned on per action by an admin', async () => {
    await h.driver.command({ text: 'policy approval stop on', userId: ADMIN });
    await until(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) => /\*stop\* now needs a second person's approval/.test(messageText(m))),
      'no announcement',
    );
    await h.driver.command({ text: 'policy approval create on', userId: ADMIN });
    await ephemeralTo(ADMIN, /Approval is available for start, stop, archive, unarchive and expose/);
  });

  it('hold the action until someone else who may do it approves; the requester and a guest cannot', async () => {
    await h.driver.command({ text: 'stop 2 bug <!here> checkout broke', userId: MEMBER });
    const request = await requestFor(/\*stop\* experiment \*2\*/);
    const text = messageText(request);
    expect(text).toContain(`<@${MEMBER}> asks to *stop* experiment *2*`);
    expect(text).toContain('*Reason:* Bug');
    expect(text).toContain('@here checkout broke');
    expect(text).not.toContain('<!here>');
    await ephemeralTo(MEMBER, /is posted in the channel.*nothing has run yet/s);
    expect(stops(2)).toBe(0);

    await h.driver.clickButton(request, 'exp_approval_approve', { userId: MEMBER });
    await ephemeralTo(MEMBER, /You asked for this one/);
    await h.driver.clickButton(request, 'exp_approval_approve', { userId: GUEST });
    await ephemeralTo(GUEST, /Guests can read/);
    await h.app.idle();
    expect(stops(2)).toBe(0);

    // Two approvals at once (a double click, two admins): the action runs once.
    await Promise.all([
      h.driver.clickButton(request, 'exp_approval_approve', { userId: ADMIN }),
      h.driver.clickButton(request, 'exp_approval_approve', { userId: SECOND_ADMIN }),
    ]);
    const approved = await until(() => {
      const m = current(request);
      return m && /Approved by/.test(messageText(m)) ? m : undefined;
    }, 'the request was not updated with the outcome');
    await h.app.idle();
    expect(stops(2)).toBe(1);
    const outcome = messageText(approved);
    expect(outcome).toMatch(
      new RegExp(`Approved by <@(${ADMIN}|${SECOND_ADMIN})> \\(asked by <@${MEMBER}>\\)`),
    );
    expect(outcome).toContain('stopped experiment *2*');
    expect(JSON.stringify(approved.blocks)).not.toContain('exp_approval_approve');
    expect(
      JSON.parse(
        h.sandbox.state.requests.filter((r) => r.url.endsWith('/experiments/v1/2/stop')).at(-1)?.body ?? '{}',
      ),
    ).toEqual({
      interruptReason: 'bug',
      interruptReasonComment: '@here checkout broke',
    });
    // The loser of the race is told it was already decided.
    await until(
      () =>
        h.emulator.messages(CHANNEL).find((m) => m.ephemeral && /already approved by/.test(messageText(m))),
      'no "already approved" for the second click',
    );
  });

  it('can be rejected: the request says so, loses its buttons, and nothing runs', async () => {
    await h.driver.command({ text: 'stop 3 other not needed', userId: MEMBER });
    const request = await requestFor(/\*stop\* experiment \*3\*/);
    await h.driver.clickButton(request, 'exp_approval_reject', { userId: ADMIN });
    const rejected = await until(
      () => (/Rejected by <@U0ADMIN01>/.test(messageText(current(request))) ? current(request) : undefined),
      'not rejected',
    );
    expect(messageText(rejected)).toContain(`<@${MEMBER}>'s request to *stop* experiment *3* did not run`);
    expect(JSON.stringify(rejected.blocks)).not.toContain('exp_approval_approve');
    await h.app.idle();
    expect(stops(3)).toBe(0);
  });

  it('expire, and say so when someone approves too late', async () => {
    await h.driver.command({ text: 'stop 8 bug', userId: MEMBER });
    const request = await requestFor(/\*stop\* experiment \*8\*/);
    expect(messageText(request)).toMatch(/may approve until <!date\^\d+\^/);
    // Age the stored request past its expiry (APPROVAL_TTL_HOURS is at least an hour).
    const keyv = h.app.store.keyv('approvals');
    const id = approvalIdOf(request);
    const key = `approval:${h.emulator.identity.teamId}:${id}`;
    const stored = (await keyv.get(key)) as Record<string, unknown>;
    await keyv.set(key, { ...stored, expiresAt: new Date(Date.now() - 1000).toISOString() });
    await h.driver.clickButton(request, 'exp_approval_approve', { userId: ADMIN });
    await until(
      () => /expired unanswered\. Nothing ran/.test(messageText(current(request))) && current(request),
      'no expiry',
    );
    await h.app.idle();
    expect(stops(8)).toBe(0);
  });
});

/** The request id the Approve button carries. */
function approvalIdOf(request: EmulatedMessage): string {
  for (const block of (request.blocks ?? []) as { elements?: { action_id?: string; value?: string }[] }[]) {
    const approve = block.elements?.find((e) => e.action_id === 'exp_approval_approve');
    if (approve?.value) return (JSON.parse(approve.value) as { id: string }).id;
  }
  throw new Error('no Approve button');
}
