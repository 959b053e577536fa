import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Page, screenshot } from './support/browser.js';
import { type PlaygroundApp, startPlaygroundApp } from './support/playground-app.js';

// Typing `#` in the playground's message box offers the channels, as Slack's composer does, and the
// command reaches the app with the channel escaped (`<#C…|name>`), so `/exp subscribe #general`
// subscribes instead of answering that Slack did not recognise the channel.

const SHOTS = 'test-results/playground-channel-picker';

describe('the channel picker in the playground composer', () => {
  let p: PlaygroundApp;
  let page: Page;

  beforeAll(async () => {
    p = await startPlaygroundApp('playground channel picker');
    page = p.page;
  }, 60_000);

  afterAll(async () => {
    await p?.close();
  });

  it('offers the channels after #, picks one with Tab, and the app subscribes it', async () => {
    const box = page.getByLabel('Message');
    await box.pressSequentially('/exp subscribe #');
    const options = page.locator('#channel-suggestions [data-channel-name]');
    await expect.poll(() => options.allTextContents()).toEqual(['#general', '#random', '#secret']);
    await box.pressSequentially('ge');
    await expect.poll(() => options.allTextContents()).toEqual(['#general']);
    await screenshot(page, SHOTS, 'suggested');
    await box.press('Tab');
    expect(await box.inputValue()).toBe('/exp subscribe #general ');
    expect(await page.locator('#channel-suggestions').isVisible()).toBe(false);
    await box.press('Enter');
    const reply = page.locator('#messages .msg', { hasText: 'subscribed this channel' });
    await reply.first().waitFor();
    expect(await page.locator('#messages', { hasText: 'did not recognise' }).count()).toBe(0);
    await screenshot(page, SHOTS, 'subscribed');
    expect(p.errors).toEqual([]);
  });

  it('picks a channel with a click, and offers none for a name no channel starts with', async () => {
    const box = page.getByLabel('Message');
    await box.fill('');
    await box.pressSequentially('/exp subscribe #zz');
    expect(await page.locator('#channel-suggestions').isVisible()).toBe(false);
    await box.press('Backspace');
    await box.press('Backspace');
    await box.pressSequentially('se');
    await page.locator('#channel-suggestions [data-channel-name="secret"]').click();
    expect(await box.inputValue()).toBe('/exp subscribe #secret ');
  });
});
