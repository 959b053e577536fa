import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// A second person's approval, through the real entry points: the policy turns it on and names who
// may approve, a request is posted with Approve / Reject…, only one of its approvers (never the
// requester) decides, the requester is told by direct message whatever became of it, and the
// channel's result names who asked (whose token acted) and who approved.

const CHANNEL = 'C0GENERAL';
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const GUEST = EMULATOR_DEFAULTS.guestUserId;
const SECOND_ADMIN = 'U0ADMIN02';
const OTHER_MEMBER = 'U0MEMBER2';
const dmOf = (user: string) => `D${user.slice(1)}`;
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { ADMIN_USER_IDS: SECOND_ADMIN } });
  const member = h.emulator.users.get(MEMBER);
  if (!member) throw new Error('no member');
  h.emulator.users.set(SECOND_ADMIN, { ...member, id: SECOND_ADMIN, name: 'dana', real_name: 'Dana Admin' });
  h.emulator.users.set(OTHER_MEMBER, { ...member, id: OTHER_MEMBER, name: 'olga', real_name: 'Olga Member' });
  h.emulator.channels.get(CHANNEL)?.members.push(SECOND_ADMIN, OTHER_MEMBER);
});
afterAll(async () => {
  await h?.close();
});

const posts = (id: number, action: string) =>
  h.sandbox.state.requests.filter(
    (r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/${action}`),
  ).length;

const { until, ephemeralTo, replyTo } = emulatorQueries(() => h.emulator, { channel: CHANNEL });

const requestFor = (pattern: RegExp) =>
  until(
    () =>
      h.emulator
        .messages(CHANNEL)
        .find((m) => !m.ephemeral && /asks to/.test(messageText(m)) && pattern.test(messageText(m))),
    `no approval request matching ${pattern}`,
  );

/** The request message as it is now (its state replaces it in place). */
const current = (request: EmulatedMessage) => h.emulator.messages(CHANNEL).find((m) => m.ts === request.ts);
const currentMatching = (request: EmulatedMessage, pattern: RegExp, what: string) =>
  until(() => {
    const m = current(request);
    return m && pattern.test(messageText(m)) ? m : undefined;
  }, what);
const dmTo = (user: string, pattern: RegExp) =>
  until(
    () => h.emulator.messages(dmOf(user)).find((m) => pattern.test(messageText(m))),
    `no direct message to ${user} matching ${pattern}`,
  );

describe('approvals', () => {
  it('are turned on per action by an admin, who may name the approvers', async () => {
    await h.driver.command({ text: 'policy approval stop on', userId: ADMIN });
    await until(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) =>
            /\*stop\* now needs a second person's approval: whoever may do it may approve/.test(
              messageText(m),
            ),
          ),
      'no announcement',
    );
    await h.driver.command({ text: 'policy approval create on', userId: ADMIN });
    await ephemeralTo(ADMIN, /Approval is available for start, stop, archive, unarchive and expose/);
    await h.driver.command({ text: 'policy approval start on approvers:nobody', userId: ADMIN });
    await ephemeralTo(ADMIN, /After `on` only who may approve can follow/);
  });

  it('hold the action until someone else who may do it approves; the requester and a guest cannot', async () => {
    await h.driver.command({ text: 'stop 2 bug <!here> checkout broke', userId: MEMBER });
    const request = await requestFor(/\*stop\* experiment \*2\*/);
    const text = messageText(request);
    expect(text).toContain(`<@${MEMBER}> asks to *stop* experiment *2*`);
    expect(text).toContain('*Reason:* Bug');
    expect(text).toContain('@here checkout broke');
    expect(text).not.toContain('<!here>');
    // The requester is told what was asked, who may approve, and where the request is.
    await replyTo(
      MEMBER,
      /Asked: \*stop\* experiment \*2\*\. It runs once .* approves it \(the request is in <#C0GENERAL>\); nothing has run yet/,
    );
    expect(posts(2, 'stop')).toBe(0);

    await h.driver.clickButton(request, 'exp_approval_approve', { userId: MEMBER });
    await replyTo(MEMBER, /You asked for this one/);
    await h.driver.clickButton(request, 'exp_approval_approve', { userId: GUEST });
    await replyTo(GUEST, /You may not approve or reject this request/);
    await h.app.idle();
    expect(posts(2, 'stop')).toBe(0);

    // Two approvals at once (a double click, two admins): the action runs once.
    await Promise.all([
      h.driver.clickButton(request, 'exp_approval_approve', { userId: ADMIN }),
      h.driver.clickButton(request, 'exp_approval_approve', { userId: SECOND_ADMIN }),
    ]);
    const approved = await currentMatching(request, /Approved by/, 'the request was not updated');
    await h.app.idle();
    expect(posts(2, 'stop')).toBe(1);
    const approver = /Approved by <@(U0ADMIN0[12])>/.exec(messageText(approved))?.[1];
    expect(approver).toBeDefined();
    expect(messageText(approved)).toContain('it ran as asked');
    expect(JSON.stringify(approved.blocks)).not.toContain('exp_approval_approve');
    // The result names who asked (whose token acted) and who approved.
    await until(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) =>
            messageText(m).includes(
              `<@${MEMBER}> stopped experiment *One-click checkout* (#2) (approved by <@${approver}>)`,
            ),
          ),
      'no result line naming the requester and the approver',
    );
    await dmTo(
      MEMBER,
      new RegExp(
        // Once it ran the app knows the experiment's name, and names it first.
        `<@${approver}> approved your request to \\*stop\\* experiment \\*One-click checkout\\* \\(#2\\); it ran as you asked`,
      ),
    );
    expect(
      JSON.parse(
        h.sandbox.state.requests.filter((r) => r.url.endsWith('/experiments/v1/2/stop')).at(-1)?.body ?? '{}',
      ),
    ).toEqual({ interruptReason: 'bug', interruptReasonComment: '@here checkout broke' });
    // The loser of the race is told it was already decided.
    await until(
      () =>
        h.emulator.messages(CHANNEL).find((m) => m.ephemeral && /already approved by/.test(messageText(m))),
      'no "already approved" for the second click',
    );
  });

  it('can be rejected with a reason: the request says so, the requester is told why, and nothing runs', async () => {
    await h.driver.command({ text: 'stop 3 other not needed', userId: MEMBER });
    const request = await requestFor(/\*stop\* experiment \*3\*/);
    const opened = new Set(h.emulator.views.keys());
    await h.driver.clickButton(request, 'exp_approval_reject', { userId: ADMIN });
    const modal = await until(
      () =>
        [...h.emulator.views.values()].find(
          (v) => !opened.has(v.id) && v.view.callback_id === 'exp_reject_modal',
        ),
      'no reject form',
    );
    // Nothing is decided by opening the form.
    expect(messageText(current(request))).toContain('asks to');
    await h.driver.submitView(
      modal.id,
      {
        exp_reject_reason: {
          exp_reject_reason_input: { type: 'plain_text_input', value: 'Not during the sale' },
        },
      },
      { userId: ADMIN },
    );
    const rejected = await currentMatching(request, /Rejected by <@U0ADMIN01>: nothing ran/, 'not rejected');
    expect(messageText(rejected)).toContain('*Reason:* Not during the sale');
    expect(JSON.stringify(rejected.blocks)).not.toContain('exp_approval_approve');
    await dmTo(
      MEMBER,
      /<@U0ADMIN01> rejected your request to \*stop\* experiment \*3\*\. Nothing ran\.\n\*Their reason:\* Not during the sale/,
    );
    await h.app.idle();
    expect(posts(3, 'stop')).toBe(0);
  });

  it('are decided only by the approvers the policy names', async () => {
    await h.driver.command({ text: 'policy approval start on approvers:admins', userId: ADMIN });
    await until(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) =>
            /\*start\* now needs a second person's approval: an admin may approve/.test(messageText(m)),
          ),
      'no announcement naming the approvers',
    );
    await h.driver.command({ text: 'start 4', userId: MEMBER });
    const request = await requestFor(/\*start\* experiment \*4\*/);
    expect(messageText(request)).toMatch(/admin.* may approve until/);
    await replyTo(MEMBER, /It runs once .*admin.* approves it/);
    await h.driver.clickButton(request, 'exp_approval_approve', { userId: OTHER_MEMBER });
    await replyTo(OTHER_MEMBER, /You may not approve or reject this request: an admin may/);
    await h.app.idle();
    expect(posts(4, 'start')).toBe(0);
    await h.driver.clickButton(request, 'exp_approval_approve', { userId: SECOND_ADMIN });
    await currentMatching(request, /Approved by <@U0ADMIN02>/, 'not approved by the admin');
    await h.app.idle();
    expect(posts(4, 'start')).toBe(1);
    await h.driver.command({ text: 'policy approval start off', userId: ADMIN });
  });

  it('expire, and say so to both when someone approves too late', async () => {
    await h.driver.command({ text: 'stop 8 bug', userId: MEMBER });
    const request = await requestFor(/\*stop\* experiment \*8\*/);
    expect(messageText(request)).toMatch(/may approve until <!date\^\d+\^/);
    // Age the stored request past its approval's validity (APPROVAL_TTL_HOURS is at least an hour).
    const keyv = h.app.store.keyv('requests');
    const key = `request:${h.emulator.identity.teamId}:${approvalIdOf(request)}`;
    const stored = (await keyv.get(key)) as { approval: Record<string, unknown> };
    await keyv.set(key, {
      ...stored,
      approval: { ...stored.approval, validUntil: new Date(Date.now() - 1000).toISOString() },
    });
    await h.driver.clickButton(request, 'exp_approval_approve', { userId: ADMIN });
    await currentMatching(request, /Expired unanswered: nothing ran/, 'no expiry');
    await replyTo(ADMIN, /Expired unanswered: nothing ran/);
    await dmTo(MEMBER, /Your request to \*stop\* experiment \*8\* expired: nobody approved it in time/);
    await h.app.idle();
    expect(posts(8, 'stop')).toBe(0);
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
