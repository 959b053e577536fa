import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Page, screenshot, text, waitForCount } from './support/browser.js';
import { type PlaygroundApp, startPlaygroundApp } from './support/playground-app.js';

// One person asks for a stop the policy sends for approval, another approves it, in the playground
// page driven by Chromium: each sees what they should, where they should. Screenshots go to
// test-results/playground-approvals for people to look at.

const SHOTS = 'test-results/playground-approvals';
const MEMBER = 'U0MEMBER1';
const ADMIN = 'U0ADMIN01';
const RUNNING_EXPERIMENT = 2;

describe('an approval in the playground, as its two people see it', () => {
  let p: PlaygroundApp;
  let page: Page;

  beforeAll(async () => {
    p = await startPlaygroundApp('playground approvals');
    page = p.page;
  }, 60_000);

  afterAll(async () => {
    await p?.close();
  });

  const channelMessage = (has: string) => page.locator('#messages .msg-channel', { hasText: has });
  const ephemeral = (has: string) => page.locator('#messages .msg-ephemeral', { hasText: has });
  const modal = () => page.locator('#modal-root form.modal');
  const stops = () =>
    p.sandbox.state.requests.filter(
      (r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${RUNNING_EXPERIMENT}/stop`),
    );

  async function send(line: string): Promise<void> {
    await page.getByLabel('Message').fill(line);
    await page.getByLabel('Message').press('Enter');
  }

  async function actAs(userId: string): Promise<void> {
    await page.getByLabel('Acting as').selectOption(userId);
    await page.locator('body[data-ready="1"]').waitFor({ state: 'attached' });
  }

  it('the admin turns approval on for stops', async () => {
    await actAs(ADMIN);
    await send('/exp policy approval stop on');
    await channelMessage('now needs a second person').waitFor();
  });

  it('the member’s stop form says it will only ask, and sending it asks', async () => {
    await actAs(MEMBER);
    await send(`/exp stop ${RUNNING_EXPERIMENT}`);
    await modal().waitFor();
    expect(await text(modal())).toContain('needs a second person’s approval to stop'.replace('’', "'"));
    const submit = modal().getByRole('button', { name: 'Request stop' });
    await modal().getByLabel('Reason').selectOption('bug');
    await modal()
      .getByLabel(/Comment/)
      .fill('Checkout is broken for some users');
    await screenshot(page, SHOTS, '01-stop-form-asks');
    await submit.click();
    await modal().waitFor({ state: 'detached' });
    // The channel sees the request; the member is told who was asked and where, and that nothing ran.
    const request = channelMessage('asks to stop experiment');
    await request.waitFor();
    expect(await text(request)).toContain('Checkout is broken for some users');
    await request.getByRole('button', { name: 'Approve' }).waitFor();
    const told = ephemeral('Asked: stop experiment');
    await told.waitFor();
    expect(await text(told)).toMatch(/It runs once any member approves it .*nothing has run yet/);
    expect(stops()).toHaveLength(0);
    // Their own request is not theirs to approve.
    await request.getByRole('button', { name: 'Approve' }).click();
    await ephemeral('You asked for this one').waitFor();
    expect(stops()).toHaveLength(0);
    await screenshot(page, SHOTS, '02-member-asked');
  });

  it('the admin sees the request without the member’s notes, approves it, and the stop runs once', async () => {
    await actAs(ADMIN);
    await waitForCount(ephemeral('Asked: stop experiment'), 0);
    const request = channelMessage('asks to stop experiment');
    await request.getByRole('button', { name: 'Approve' }).click();
    const approved = page.locator('#messages .msg-channel', { hasText: /Approved by @Alice Admin;/ });
    await approved.waitFor();
    expect(await approved.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    // The result names who asked (whose token acted) and who approved.
    const result = channelMessage(`stopped experiment One-click checkout (#${RUNNING_EXPERIMENT})`);
    await result.first().waitFor();
    expect(await text(result.first())).toMatch(
      /@Bob Member stopped experiment One-click checkout \(#2\) \(approved by @Alice Admin\)/,
    );
    expect(stops()).toHaveLength(1);
    expect(JSON.parse(stops()[0]?.body ?? '{}')).toEqual({
      interruptReason: 'bug',
      interruptReasonComment: 'Checkout is broken for some users',
    });
    await screenshot(page, SHOTS, '03-admin-approved');
  });

  it('the member hears of it directly, and nothing on the page failed', async () => {
    await actAs(MEMBER);
    const dm = p.emulator
      .messages(`D${MEMBER.slice(1)}`)
      .find((m) => /approved your request/.test(m.text ?? ''));
    expect(dm?.text).toMatch(
      /<@U0ADMIN01> approved your request to \*stop\* experiment \*One-click checkout\* \(#2\); it ran as you asked/,
    );
    await page.locator(`#channel-list [data-channel-id="D${MEMBER.slice(1)}"]`).click();
    await page.locator('#messages', { hasText: 'approved your request' }).waitFor();
    await screenshot(page, SHOTS, '04-member-told');
    expect(p.errors).toEqual([]);
  });
});
