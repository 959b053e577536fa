import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// The Home tab through the real entry points: app_home_opened as Slack sends it, views.publish on
// the emulator (which checks Block Kit limits), what a member and an admin each see.

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { PUBLIC_URL: 'https://exp.example.com' } });
});
afterAll(async () => {
  await h?.close();
});

const homeOpened = (user: string) => ({
  token: 'legacy',
  team_id: EMULATOR_DEFAULTS.teamId,
  api_app_id: EMULATOR_DEFAULTS.appId,
  type: 'event_callback',
  event_id: `Ev${randomBytes(5).toString('hex').toUpperCase()}`,
  event_time: Math.floor(Date.now() / 1000),
  authorizations: [
    { team_id: EMULATOR_DEFAULTS.teamId, user_id: 'U0BOT', is_bot: true, is_enterprise_install: false },
  ],
  event: { type: 'app_home_opened', user, channel: 'D0HOME', tab: 'home', event_ts: `${Date.now() / 1000}` },
});

async function homeOf(user: string): Promise<string> {
  h.emulator.homes.delete(user);
  expect((await h.driver.event(homeOpened(user))).status).toBe(200);
  const view = await h.emulator.waitFor(() => h.emulator.homes.get(user), {
    message: `no Home tab for ${user}`,
  });
  return messageText({ blocks: view.blocks as unknown[] });
}

describe('App Home', () => {
  it('shows a member the connection, whose token acts, their recent actions and where alerts go', async () => {
    await h.driver.command({ text: 'start 4', userId: EMULATOR_DEFAULTS.userId });
    await h.driver.command({ text: 'subscribe stop', userId: EMULATOR_DEFAULTS.userId });
    await h.app.idle();
    const text = await homeOf(EMULATOR_DEFAULTS.userId);
    expect(text).toContain('Platform connection');
    expect(text).toContain(new URL(h.sandbox.url).host);
    expect(text).toContain('*the token this app was started with*');
    expect(text).toMatch(/\*start\* #4 in <#C0GENERAL> · allowed, done/);
    expect(text).toContain('<#C0GENERAL>: `stop` alerts of every experiment');
    expect(text).not.toContain('For admins');
  });

  it('shows an admin the hook address (never its secret) and a policy summary', async () => {
    const text = await homeOf(EMULATOR_DEFAULTS.adminUserId);
    expect(text).toContain('For admins');
    expect(text).toMatch(/https:\/\/exp\.example\.com\/hooks\/lifecycle\/[A-Za-z0-9_-]{16,}/);
    expect(text).toContain('1 action(s) limited beyond members');
    expect(text).not.toMatch(/Secret/);
  });

  it('lets an admin connect and disconnect from Home, each click checked again, the tab kept current', async () => {
    const admin = EMULATOR_DEFAULTS.adminUserId;
    const member = EMULATOR_DEFAULTS.userId;
    await homeOf(admin);
    const views = new Set(h.emulator.views.keys());
    await h.driver.homeAction(admin, 'exp_home_admin_actions', 'exp_home_connect');
    const modal = await h.emulator.waitFor(
      () => [...h.emulator.views.values()].find((v) => !views.has(v.id) && v.userId === admin),
      { timeoutMs: 8000, message: 'the connect modal did not open' },
    );
    expect(modal.view.callback_id).toBe('exp_connect_modal');
    const token = await h.sandbox.issueToken({ name: 'from home' });
    const saved = await h.driver.submitView(
      modal.id,
      {
        exp_connect_base_url: {
          exp_connect_base_url_input: { type: 'plain_text_input', value: h.sandbox.url },
        },
        exp_connect_token: { exp_connect_token_input: { type: 'plain_text_input', value: token } },
      },
      { userId: admin },
    );
    expect(saved.outcome).toEqual({ kind: 'closed' });
    // No channel to answer in: the confirmation comes by DM, and the Home tab shows the new state.
    await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(`D${admin.slice(1)}`)
          .find((m) => /connected this workspace/i.test(messageText(m))),
      { timeoutMs: 8000, message: 'no DM after connecting from Home' },
    );
    await h.emulator.waitFor(
      () => JSON.stringify(h.emulator.homes.get(admin) ?? {}).includes('exp_home_disconnect'),
      { timeoutMs: 8000, message: 'Home did not offer Disconnect after connecting' },
    );

    // A member who forges the click (the admin's Home payload, under their own id) is refused.
    const adminHome = h.emulator.homes.get(admin);
    if (adminHome) h.emulator.homes.set(member, adminHome);
    expect((await h.driver.homeAction(member, 'exp_home_admin_actions', 'exp_home_disconnect')).status).toBe(
      200,
    );
    await h.app.idle();
    expect(
      h.emulator
        .messages(`D${admin.slice(1)}`)
        .some((m) => /disconnected the workspace/.test(messageText(m))),
    ).toBe(false);
    await h.emulator.waitFor(
      () => h.emulator.messages(`D${member.slice(1)}`).find((m) => /admin/i.test(messageText(m))),
      { timeoutMs: 8000, message: 'the refused member was not told' },
    );
    expect(h.logs.join('\n')).not.toContain('unhandled listener error');
    await h.driver.homeAction(admin, 'exp_home_admin_actions', 'exp_home_disconnect');
    await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(`D${admin.slice(1)}`)
          .find((m) => /disconnected the workspace from the platform in the Home tab/.test(messageText(m))),
      { timeoutMs: 8000, message: 'no DM after disconnecting' },
    );
    await h.emulator.waitFor(
      () => !JSON.stringify(h.emulator.homes.get(admin) ?? {}).includes('exp_home_disconnect'),
      { timeoutMs: 8000, message: 'Home still offers Disconnect' },
    );
  });

  it('ignores the Messages tab', async () => {
    h.emulator.homes.clear();
    const opened = homeOpened(EMULATOR_DEFAULTS.userId);
    expect((await h.driver.event({ ...opened, event: { ...opened.event, tab: 'messages' } })).status).toBe(
      200,
    );
    await h.app.idle();
    expect(h.emulator.homes.size).toBe(0);
  });
});
