import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Page, screenshot } from './support/browser.js';
import { type PlaygroundApp, startPlaygroundApp } from './support/playground-app.js';

// Issue #53 in the playground, as a person uses it: an experiment started, then `/exp digest` shows
// this channel's digest to them alone, naming the experiment by name first; quiet hours set for the
// channel are announced in it; a start and a stop alerted to another channel are one card there,
// the later event in its thread.

const SHOTS = 'test-results/playground-digest';

describe('the digest and quiet hours in the playground', () => {
  let p: PlaygroundApp;
  let page: Page;

  beforeAll(async () => {
    p = await startPlaygroundApp('playground digest');
    page = p.page;
  }, 60_000);

  afterAll(async () => {
    await p?.close();
  });

  const send = async (text: string) => {
    const box = page.getByLabel('Message');
    await box.fill(text);
    await box.press('Enter');
  };

  it('previews the digest after a start, and announces quiet hours', async () => {
    await send('/exp start 4');
    await page.locator('#messages .msg', { hasText: 'started experiment' }).first().waitFor();
    await send('/exp digest');
    const preview = page.locator('#messages .msg', { hasText: 'Only you see this preview' });
    await preview.first().waitFor();
    const text = (await preview.first().textContent()) ?? '';
    expect(text).toMatch(/Digest/);
    expect(text).toMatch(/started .*\(#4\)/);
    expect(text).toMatch(/Running/);
    await screenshot(page, SHOTS, 'preview');
    const hour = new Date().getUTCHours();
    const two = (n: number) => String(n).padStart(2, '0');
    await send(`/exp subscribe quiet:${two((hour + 23) % 24)}:00-${two((hour + 1) % 24)}:00 tz:UTC`);
    await page.locator('#messages .msg', { hasText: 'set quiet hours for this channel' }).first().waitFor();
    await screenshot(page, SHOTS, 'quiet');
    expect(p.errors).toEqual([]);
  });

  it('shows a burst on one experiment as one card with its events in the thread', async () => {
    // #secret gets the alerts: the app is invited there, and subscribed from #general.
    await page.locator('#channel-list button[data-channel-id="G0PRIVATE"]').click();
    await send('/invite @exp-chatops');
    await page.locator('#messages .msg-join').first().waitFor();
    await page.locator('#channel-list button[data-channel-id="C0GENERAL"]').click();
    await send('/exp subscribe #secret events:all');
    await page.locator('#messages .msg', { hasText: 'Subscribed' }).first().waitFor();
    // Experiment 4 runs since the first test: stopped, then archived, both from #general.
    await send('/exp stop 4 bug');
    await page.locator('#messages .msg', { hasText: 'stopped experiment' }).last().waitFor();
    await send('/exp archive 4');
    await page.locator('#messages .msg', { hasText: 'archived experiment' }).last().waitFor();
    await page.locator('#channel-list button[data-channel-id="G0PRIVATE"]').click();
    const card = page.locator('#messages .msg', { hasText: 'Onboarding tour (#4)' });
    await page.locator('#messages .thread-count', { hasText: '1 reply' }).first().waitFor();
    expect(await card.count()).toBe(1);
    await screenshot(page, SHOTS, 'coalesced');
    expect(p.errors).toEqual([]);
  });
});
