import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Page, screenshot } from './support/browser.js';
import { type PlaygroundApp, startPlaygroundApp } from './support/playground-app.js';

// The app's Home tab in the playground, as in Slack: an Apps entry in the sidebar opens it (the
// app hears app_home_opened and publishes the view), it has no message box, its buttons reach the
// app as block_actions from a home view, and it speaks the person's language.

const SHOTS = 'test-results/playground-home';

describe('the App Home tab in the playground', () => {
  let p: PlaygroundApp;
  let page: Page;

  beforeAll(async () => {
    p = await startPlaygroundApp('playground home');
    page = p.page;
  }, 60_000);

  afterAll(async () => {
    await p?.close();
  });

  const home = () => page.locator('#messages .home-view');

  it('opens from the sidebar with what the app publishes for a member, and no message box', async () => {
    await page.getByRole('button', { name: 'exp-chatops · Home' }).click();
    await home().getByText('Platform connection').waitFor();
    expect(await page.locator('#channel-title').textContent()).toBe('exp-chatops · Home');
    expect(await page.locator('#composer').isVisible()).toBe(false);
    expect(await home().getByText('For admins').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('home');
    await screenshot(page, SHOTS, 'member');
    expect(p.errors).toEqual([]);
  });

  it('shows an admin their part, and its button opens the app’s form', async () => {
    await page.getByLabel('Acting as').selectOption('U0ADMIN01');
    await home().getByText('For admins').waitFor();
    await home().getByRole('button', { name: 'Connect or replace the token…' }).click();
    const modal = page.locator('form.modal');
    await modal.waitFor();
    await screenshot(page, SHOTS, 'admin-connect-form');
    await modal
      .getByRole('button', { name: /cancel/i })
      .first()
      .click();
    await modal.waitFor({ state: 'detached' });
    expect(p.errors).toEqual([]);
  });

  it('leaves for a channel with the message box back', async () => {
    await page.locator('#channel-list button[data-channel-id="C0GENERAL"]').click();
    await page.locator('#composer').waitFor({ state: 'visible' });
    expect(await page.locator('#channel-title').textContent()).toBe('#general');
    expect(new URL(page.url()).searchParams.get('tab')).toBeNull();
  });

  it('is named and published in Russian for a person who chose it', async () => {
    await page.getByLabel('Language').selectOption('ru');
    const entry = page.getByRole('button', { name: 'exp-chatops · Главная' });
    await entry.waitFor();
    await entry.click();
    await home().getByText('Подключение к платформе').waitFor();
    await screenshot(page, SHOTS, 'russian');
    expect(p.errors).toEqual([]);
  });
});
