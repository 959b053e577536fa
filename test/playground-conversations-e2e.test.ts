import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BlockKitApp,
  KIT_REVIEW_BLOCKS,
  startBlockKitApp,
} from '../src/dev/playground/block-kit-app.test-helper.js';
import { type RunningPlayground, startPlayground } from '../src/dev/playground/server.js';
import { SECOND_TEAM } from '../src/dev/playground/teams.js';
import { type SlackEmulator, startSlackEmulator } from '../src/dev/slack-emulator/server.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import {
  type Browser,
  eventually,
  launchChromium,
  type Page,
  screenshot,
  text,
  waitForCount,
} from './support/browser.js';

// Workspaces, /invite, oversize input, unread badges, threads, in-place updates, unfurls and the
// narrow layout, driven in Chromium against a stand-in app (block-kit-app.test-helper.ts), so none
// of it waits on the app's own features.

const SHOTS = 'test-results/playground';
const BOB = 'U0MEMBER1';
const LINK = 'https://console.example.com/experiments/4';

let browser: Browser;
let emulator: SlackEmulator;
let kit: BlockKitApp;
let playground: RunningPlayground;
let page: Page;
const errors: string[] = [];
const requests: string[] = [];

async function openPage(width: number, height: number): Promise<Page> {
  const opened = await browser.newPage({ viewport: { width, height } });
  opened.setDefaultTimeout(8000);
  opened.on('pageerror', (error) => errors.push(error.message));
  opened.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  opened.on('request', (req) => requests.push(req.url()));
  await opened.goto(playground.url);
  await opened.locator('body[data-ready="1"]').waitFor({ state: 'attached' });
  return opened;
}

async function slackApi(method: string, args: Record<string, unknown>) {
  const res = await request(`${emulator.apiUrl}${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulator.identity.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  return (await res.body.json()) as { ok: boolean; ts: string; error?: string };
}

async function send(on: Page, value: string): Promise<void> {
  await on.getByLabel('Message').fill(value);
  await on.getByLabel('Message').press('Enter');
}

const channelButton = (on: Page, id: string) => on.locator(`#channel-list button[data-channel-id="${id}"]`);

/** Whether anything on the page is wider than the window (it would scroll sideways). */
const overflowsSideways = (on: Page) =>
  on.evaluate(() => {
    type Box = { scrollWidth: number; clientWidth: number };
    const doc = (globalThis as unknown as { document: { documentElement: Box; body: Box } }).document;
    const width = doc.documentElement.clientWidth;
    return doc.documentElement.scrollWidth > width || doc.body.scrollWidth > width;
  });

beforeAll(async () => {
  browser = await launchChromium();
  emulator = await startSlackEmulator();
  kit = await startBlockKitApp(emulator);
  playground = await startPlayground({
    emulator,
    appEventsUrl: kit.url,
    signingSecret: randomBytes(16).toString('hex'),
    logger: createMemoryLogger('debug'),
    unfurlDomains: ['console.example.com'],
  });
  page = await openPage(1280, 900);
});

afterAll(async () => {
  await browser?.close();
  await playground?.close();
  await kit?.close();
  await emulator?.close();
});

describe('the playground’s conversations', () => {
  it('keeps each workspace’s channels and messages apart', async () => {
    await slackApi('chat.postMessage', { channel: 'C0GENERAL', text: 'news of the first workspace' });
    await slackApi('chat.postMessage', { channel: 'C1GENERAL', text: 'news of the second workspace' });
    await page.locator('#messages .msg', { hasText: 'news of the first workspace' }).waitFor();
    expect(await channelButton(page, 'C0GENERAL').count()).toBe(1);
    expect(await channelButton(page, 'C1GENERAL').count()).toBe(0);

    await page.getByLabel('Workspace', { exact: true }).selectOption(SECOND_TEAM.id);
    await channelButton(page, 'C1GENERAL').waitFor();
    await page.locator('#messages .msg', { hasText: 'news of the second workspace' }).waitFor();
    expect(await channelButton(page, 'C0GENERAL').count()).toBe(0);
    expect(await page.locator('#messages .msg', { hasText: 'news of the first workspace' }).count()).toBe(0);
    await screenshot(page, SHOTS, '11-second-workspace');

    await page.getByLabel('Workspace', { exact: true }).selectOption(emulator.identity.teamId);
    await page.locator('#messages .msg', { hasText: 'news of the first workspace' }).waitFor();
  });

  it('adds the app to a private channel with /invite, and tells the app nothing', async () => {
    const before = kit.payloads.length;
    await channelButton(page, 'G0PRIVATE').click();
    expect((await slackApi('chat.postMessage', { channel: 'G0PRIVATE', text: 'x' })).error).toBe(
      'not_in_channel',
    );
    await send(page, '/invite @exp-chatops');
    const line = page.locator('#messages .msg-join .msg-system');
    await line.waitFor();
    expect(await text(line)).toBe('was added to #secret by Bob Member.');
    expect(await text(page.locator('#messages .msg-join .msg-author'))).toBe('exp-chatops');
    expect((await slackApi('chat.postMessage', { channel: 'G0PRIVATE', text: 'glad to be here' })).ok).toBe(
      true,
    );
    await page.locator('#messages .msg', { hasText: 'glad to be here' }).waitFor();
    expect(kit.payloads.length).toBe(before);
    await screenshot(page, SHOTS, '12-invite');
  });

  it('refuses text over the limit with a plain sentence and sends nothing', async () => {
    const posted = emulator.messages('G0PRIVATE').length;
    const note = page.locator('#composer-note');
    await page.getByLabel('Message').fill('x'.repeat(4001));
    await note.waitFor({ state: 'visible' });
    await page.getByLabel('Message').press('Enter');
    expect(await text(note)).toBe(
      'This message is too long to send: it has 4,001 characters, and a message can have at most 4,000. Shorten it, or split it into several messages.',
    );
    expect((await page.getByLabel('Message').inputValue()).length).toBe(4001);
    expect(emulator.messages('G0PRIVATE')).toHaveLength(posted);
    await screenshot(page, SHOTS, '13-oversize');
    await page.getByLabel('Message').fill('x'.repeat(4000));
    await note.waitFor({ state: 'hidden' });
    await page.getByLabel('Message').fill('');
  });

  it('counts what arrived in a channel since one last looked at it', async () => {
    await channelButton(page, 'C0GENERAL').click();
    const badge = channelButton(page, 'C0RANDOM0').locator('.unread');
    const parent = await slackApi('chat.postMessage', { channel: 'C0RANDOM0', text: 'one' });
    // Neither a thread reply nor one's own message counts, as in Slack's sidebar. They go in before
    // 'two', so any state that shows 'two' holds them too: were they counted, 2 would never show.
    await slackApi('chat.postMessage', { channel: 'C0RANDOM0', text: 'in a thread', thread_ts: parent.ts });
    emulator.postUserMessage({ channelId: 'C0RANDOM0', userId: BOB, text: 'mine' });
    await slackApi('chat.postMessage', { channel: 'C0RANDOM0', text: 'two' });
    await channelButton(page, 'C0RANDOM0').locator('.unread', { hasText: /^2$/ }).waitFor();
    expect(await badge.getAttribute('aria-label')).toBe('2 unread');
    expect(await channelButton(page, 'C0GENERAL').locator('.unread').count()).toBe(0);
    await screenshot(page, SHOTS, '14-unread');

    await channelButton(page, 'C0RANDOM0').click();
    await waitForCount(channelButton(page, 'C0RANDOM0').locator('.unread'), 0);
    await channelButton(page, 'C0GENERAL').click();
    await slackApi('chat.postMessage', { channel: 'C0RANDOM0', text: 'three' });
    await page
      .locator('#channel-list button[data-channel-id="C0RANDOM0"] .unread', { hasText: '1' })
      .waitFor();
  });

  it('opens a thread beside the channel, whose buttons work and whose messages change in place', async () => {
    const parent = await slackApi('chat.postMessage', { channel: 'C0GENERAL', text: 'Experiment 4: review' });
    await slackApi('chat.postMessage', {
      channel: 'C0GENERAL',
      text: 'review',
      thread_ts: parent.ts,
      blocks: KIT_REVIEW_BLOCKS,
    });
    const root = page.locator(`#messages > .msg[data-ts="${parent.ts}"]`);
    await root.getByRole('button', { name: 'Open the thread: 1 reply' }).click();
    const thread = page.locator('#thread-pane');
    await thread.waitFor({ state: 'visible' });
    const reply = thread.locator('.msg', { hasText: 'Review: pending' });
    await reply.getByRole('button', { name: 'Approve' }).click();
    const approved = thread.locator('.msg', { hasText: 'approved by @Bob Member' });
    await approved.waitFor();
    expect(await text(approved.locator('.msg-edited'))).toBe('(edited)');
    expect(await thread.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    // The new button the update brought works too.
    await approved.getByRole('button', { name: 'Reopen' }).click();
    const reopened = await eventually(() =>
      kit.payloads.find((p) => JSON.stringify(p.actions ?? []).includes('kit_reopen')),
    );
    expect(reopened).toMatchObject({ container: { type: 'message', channel_id: 'C0GENERAL' } });

    await thread.getByLabel('Reply').fill('Thanks, merged');
    await thread.getByLabel('Reply').press('Enter');
    await thread.locator('.msg', { hasText: 'Thanks, merged' }).waitFor();
    await root.locator('.thread-count', { hasText: '2 replies' }).waitFor();
    await screenshot(page, SHOTS, '15-thread');
    await thread.getByRole('button', { name: 'Close the thread' }).click();
    await thread.waitFor({ state: 'hidden' });
  });

  it('re-renders an updated message where it is, with its new buttons', async () => {
    const posted = await slackApi('chat.postMessage', {
      channel: 'C0GENERAL',
      text: 'review',
      blocks: KIT_REVIEW_BLOCKS,
    });
    await slackApi('chat.postMessage', { channel: 'C0GENERAL', text: 'a later message' });
    const messages = page.locator('#messages > .msg');
    const message = page.locator(`#messages > .msg[data-ts="${posted.ts}"]`);
    await page.locator('#messages > .msg', { hasText: 'a later message' }).waitFor();
    const position = async () => {
      const count = await messages.count();
      for (let i = 0; i < count; i += 1)
        if ((await messages.nth(i).getAttribute('data-ts')) === posted.ts) return i;
      return -1;
    };
    const before = await position();
    await message.getByRole('button', { name: 'Approve' }).click();
    await message.getByRole('button', { name: 'Reopen' }).waitFor();
    expect(await position()).toBe(before);
    expect(await text(message.locator('.bk-section'))).toBe('Review: approved by @Bob Member');
  });

  it('shares a link typed in the composer, and shows the app’s unfurl under the message', async () => {
    await send(page, `Have a look at ${LINK}`);
    const shared = page.locator('#messages > .msg-user', { hasText: 'Have a look at' });
    await shared.waitFor();
    expect(await shared.locator('a.bk-link').getAttribute('href')).toBe(LINK);
    const card = shared.locator(`.msg-unfurl[data-url="${LINK}"]`);
    await card.waitFor();
    expect(await text(card)).toContain('Experiment card for');
    const event = kit.payloads.find((p) => p.type === 'event_callback') as { event: Record<string, unknown> };
    expect(event.event).toMatchObject({
      type: 'link_shared',
      user: BOB,
      links: [{ domain: 'console.example.com', url: LINK }],
    });
    await screenshot(page, SHOTS, '16-unfurl');

    const events = kit.payloads.filter((p) => p.type === 'event_callback').length;
    await send(page, 'elsewhere: https://elsewhere.test/1');
    await page.locator('#messages > .msg-user', { hasText: 'elsewhere:' }).waitFor();
    expect(kit.payloads.filter((p) => p.type === 'event_callback')).toHaveLength(events);
  });

  it('fits 420 px: the channel list becomes a drawer and nothing scrolls sideways', async () => {
    const narrow = await openPage(420, 860);
    await narrow.locator('#messages .msg', { hasText: 'Have a look at' }).waitFor();
    expect(await overflowsSideways(narrow)).toBe(false);
    expect(await narrow.locator('#sidebar').isVisible()).toBe(false);
    const toggle = narrow.getByRole('button', { name: /Channels/ });
    expect(await toggle.isVisible()).toBe(true);
    await screenshot(narrow, SHOTS, '17-narrow');

    await slackApi('chat.postMessage', { channel: 'C0RANDOM0', text: 'while you were away' });
    await narrow.locator('#toggle-unread', { hasText: '1' }).waitFor();
    await toggle.click();
    await narrow.locator('#sidebar').waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await screenshot(narrow, SHOTS, '18-narrow-drawer');
    await narrow.getByLabel('Message').press('Escape');
    await narrow.locator('#sidebar').waitFor({ state: 'hidden' });
    await toggle.click();
    await channelButton(narrow, 'C0RANDOM0').click();
    await narrow.locator('#sidebar').waitFor({ state: 'hidden' });
    await narrow.locator('#messages .msg', { hasText: 'while you were away' }).waitFor();
    expect(await text(narrow.locator('#channel-title'))).toBe('#random');

    await toggle.click();
    await channelButton(narrow, 'C0GENERAL').click();
    await narrow.getByRole('button', { name: 'Open the thread: 2 replies' }).click();
    await narrow.locator('#thread-pane').waitFor({ state: 'visible' });
    expect(await overflowsSideways(narrow)).toBe(false);
    await screenshot(narrow, SHOTS, '19-narrow-thread');
  });

  it('loaded nothing from anywhere but the playground and threw no script error', () => {
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => !url.startsWith(playground.url))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
