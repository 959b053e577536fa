import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import { connectViaModal, type OAuthHarness, startOAuthHarness } from './support/oauth-harness.js';

// A slow platform must not let acknowledged actions pile up without bound: past the process's
// bound (2 here, 256 by default) an action is refused before anything is sent, and the person is
// told so in the ack; once the slow ones finish, actions run again.
const CHANNEL = EMULATOR_DEFAULTS.channelId;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    maxActionsInFlight: 2,
    maxActionsPerWorkspace: 2,
    env: { CONSOLE_TIMEOUT_MS: '5000' },
  });
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
    // Refused in the ack itself: no "Working on it…", and no response_url post for it at all (in a
    // flood, one post per refused command is what piled up in memory).
    expect(third.body).toContain('Too many actions are in progress');
    await h.app.idle();
    expect(h.emulator.responsePosts.filter((p) => third.responseUrl.endsWith(`/${p.id}`))).toHaveLength(0);
    // Written down like any attempt, with why it was refused.
    const audit = await h.driver.command({ text: 'audit 123', userId: EMULATOR_DEFAULTS.adminUserId });
    await h.app.idle();
    const trail = h.emulator.responsePosts.filter((p) => audit.responseUrl.endsWith(`/${p.id}`));
    expect(JSON.stringify([audit.body, trail.map((p) => p.body)])).toMatch(
      /<@U0MEMBER1> · \*start\* #123 in <#C0GENERAL> · \*refused\* \(rule: busy\)/,
    );
    const refused = await h.emulator.waitFor(
      () => h.emulator.messages(CHANNEL).find((m) => m.ephemeral && /Too many actions/.test(messageText(m))),
      { timeoutMs: 5000, message: 'the third action was not refused' },
    );
    expect(messageText(refused)).toContain(
      'Too many actions are in progress in this app right now, so *start* on experiment *123* was not sent: nothing changed. Try again in a minute.',
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

  it('gives a slot back when the command does not run the action (refused by policy, sent for approval)', async () => {
    await h.app.idle();
    h.sandbox.setLatency(0);
    // Far more commands than the bound of 2, none of them acting: a slot kept by any would starve
    // every later action.
    for (let i = 0; i < 4; i++) {
      await h.driver.command({ text: 'start 4', userId: EMULATOR_DEFAULTS.guestUserId });
    }
    await h.driver.command({ text: 'policy approval archive on', userId: EMULATOR_DEFAULTS.adminUserId });
    for (let i = 0; i < 4; i++) await h.driver.command({ text: 'archive 7' });
    await h.app.idle();
    const before = posts(123).length;
    const ack = await h.driver.command({ text: 'start 123' });
    expect(ack.body).not.toContain('Too many actions');
    await h.emulator.waitFor(() => posts(123).length === before + 1, {
      timeoutMs: 5000,
      message: 'start 123 did not run: a slot was kept',
    });
    const archives = h.sandbox.state.requests.filter((r) => r.url.endsWith('/experiments/v1/7/archive'));
    expect(archives).toHaveLength(0);
  });
});

describe("a workspace's share of the bound", () => {
  // A bound of 2, a share of 1 (a quarter, rounded up): with one action of the emulated workspace in
  // flight (its platform is slow), the one slot left is the last share, kept for other workspaces.
  let w: Harness;
  beforeAll(async () => {
    w = await startHarness({ maxActionsInFlight: 2, env: { CONSOLE_TIMEOUT_MS: '5000' } });
    w.sandbox.setLatency(1_500, { pathIncludes: '/start' });
  });
  afterAll(async () => {
    w?.sandbox.setLatency(0);
    await w?.close();
  });
  const startsOf = (id: number) =>
    w.sandbox.state.requests.filter(
      (r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/start`),
    );
  const repliesTo = (responseUrl: string) =>
    w.emulator.responsePosts
      .filter((p) => responseUrl.endsWith(`/${p.id}`))
      .map((p) => JSON.stringify(p.body));

  it('refuses a workspace past its share, in the ack or on a click', async () => {
    await w.driver.command({ text: 'show 7' });
    const card = await w.emulator.waitFor(
      () =>
        w.emulator
          .messages(CHANNEL)
          .find((m) => m.ephemeral && /exp_lifecycle_start/.test(JSON.stringify(m.blocks ?? []))),
      { timeoutMs: 5000, message: 'no card of 7 with a Start button' },
    );
    expect((await w.driver.command({ text: 'start 4' })).body).toBe('');
    await w.emulator.waitFor(() => startsOf(4).length === 1, { timeoutMs: 5000 });

    const again = await w.driver.command({ text: 'start 123' });
    expect(again.body).toContain('Too many actions are in progress');
    await w.driver.clickButton(card, 'exp_lifecycle_start');
    await w.emulator.waitFor(
      () =>
        w.emulator
          .messages(CHANNEL)
          .some((m) => m.ephemeral && /Too many actions.*\*start\* on experiment \*7\*/.test(messageText(m))),
      { timeoutMs: 5000, message: 'the click past the share was not refused' },
    );
    await w.app.idle();
    expect(startsOf(123)).toHaveLength(0);
    expect(startsOf(7)).toHaveLength(0);

    // The command and the click refused for want of a slot read the same in the audit trail.
    w.sandbox.setLatency(0);
    for (const id of [123, 7]) {
      const audit = await w.driver.command({ text: `audit ${id}`, userId: EMULATOR_DEFAULTS.adminUserId });
      await w.app.idle();
      expect([audit.body, ...repliesTo(audit.responseUrl)].join('\n')).toMatch(
        new RegExp(`\\*start\\* #${id} in <#C0GENERAL> · \\*refused\\* \\(rule: busy\\)`),
      );
    }
  });
});

describe("a workspace's share of the bound, between two installed workspaces", () => {
  // OAuth mode, the one that serves several workspaces: one workspace's slow platform uses up its
  // share, and another workspace's action still runs.
  const TEAM_A = 'T0SHAREAA';
  const TEAM_B = 'T0SHAREBB';
  const ADMIN = EMULATOR_DEFAULTS.adminUserId;
  let o: OAuthHarness;
  beforeAll(async () => {
    o = await startOAuthHarness({ CONSOLE_TIMEOUT_MS: '5000' }, { maxActionsInFlight: 2 });
    for (const id of [TEAM_A, TEAM_B]) {
      o.emulator.addTeam({ id });
      expect((await o.install(id, ADMIN)).status).toBe(200);
      const token = await o.sandbox.issueToken({ name: id });
      await connectViaModal({
        driver: o.driver(id),
        emulator: o.emulator,
        adminId: ADMIN,
        baseUrl: o.sandbox.url,
        token,
      });
    }
    o.sandbox.setLatency(1_500, { pathIncludes: '/start' });
  });
  afterAll(async () => {
    o?.sandbox.setLatency(0);
    await o?.close();
  });
  const startsOf = (id: number) =>
    o.sandbox.state.requests.filter(
      (r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/start`),
    );

  it("does not refuse another workspace's action", async () => {
    expect((await o.driver(TEAM_A).command({ text: 'start 4' })).body).toBe('');
    await o.emulator.waitFor(() => startsOf(4).length === 1, { timeoutMs: 5000 });
    expect((await o.driver(TEAM_A).command({ text: 'start 123' })).body).toContain('Too many actions');
    const other = await o.driver(TEAM_B).command({ text: 'start 7' });
    expect(other.body).not.toContain('Too many actions');
    await o.emulator.waitFor(() => startsOf(7).length === 1, {
      timeoutMs: 5000,
      message: "the other workspace's start was not sent",
    });
    await o.app.idle();
    expect(startsOf(123)).toHaveLength(0);
  });
});
