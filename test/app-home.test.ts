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
    expect(text).toContain('<#C0GENERAL>: stop');
    expect(text).not.toContain('For admins');
  });

  it('shows an admin the hook address (never its secret) and a policy summary', async () => {
    const text = await homeOf(EMULATOR_DEFAULTS.adminUserId);
    expect(text).toContain('For admins');
    expect(text).toMatch(/https:\/\/exp\.example\.com\/hooks\/lifecycle\/[A-Za-z0-9_-]{16,}/);
    expect(text).toContain('1 action(s) limited beyond members');
    expect(text).not.toMatch(/Secret/);
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
