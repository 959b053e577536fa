import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type RunningPlayground, startPlayground } from '../src/dev/playground/server.js';
import { type Sandbox, startSandbox } from '../src/dev/sandbox/server.js';
import { type SlackEmulator, startSlackEmulator } from '../src/dev/slack-emulator/server.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { type RunningApp, startExpChatops } from '../src/start.js';
import { type Browser, launchChromium, type Page, screenshot, text } from './support/browser.js';

// A newcomer runs the sample workflow from the playground's Workflows entry: a form, then the app's
// Stop experiment step, through the real app, the emulator and the sandbox platform.

const SHOTS = 'test-results/playground';

let browser: Browser;
let sandbox: Sandbox;
let emulator: SlackEmulator;
let app: RunningApp;
let playground: RunningPlayground;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  sandbox = await startSandbox();
  emulator = await startSlackEmulator();
  const signingSecret = randomBytes(16).toString('hex');
  const config = loadConfig({
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_BOT_TOKEN: emulator.identity.botToken,
    SLACK_API_URL: emulator.apiUrl,
    STORE_URL: 'memory://',
    CONSOLE_BASE_URL: sandbox.url,
    CONSOLE_API_TOKEN: await sandbox.issueToken({ name: 'playground workflows e2e' }),
    SPLITTER_URL: sandbox.splitterUrl,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  });
  app = await startExpChatops(config, { port: 0, sandbox, logger: createMemoryLogger('debug') });
  playground = await startPlayground({
    emulator,
    appEventsUrl: app.eventsUrl,
    signingSecret,
    logger: createMemoryLogger('debug'),
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(playground.url);
  await page.locator('body[data-ready="1"]').waitFor({ state: 'attached' });
});

afterAll(async () => {
  await browser?.close();
  await playground?.close();
  await app?.close();
  await emulator?.close();
  await sandbox?.close();
});

const dialog = () => page.locator('#workflow-dialog');

async function openWorkflow(): Promise<void> {
  await page.locator('#workflow-list').getByRole('button', { name: 'Stop an experiment' }).click();
  await dialog().waitFor({ state: 'visible' });
}

describe('the playground’s Workflows entry', () => {
  it('shows the step’s reason when an answer is refused, with nothing stopped', async () => {
    await openWorkflow();
    await page.getByLabel('Experiment id').fill('abc');
    await page.getByLabel('Reason').selectOption('bug');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    const error = page.locator('#workflow-error');
    await error.waitFor({ state: 'visible' });
    expect(await text(error)).toContain('"abc" is not an experiment id');
    expect(emulator.functionExecutions().map((e) => e.state)).toEqual(['failed']);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'hidden' });
  });

  it('runs the form → Stop experiment workflow: the experiment stops and the channel hears it', async () => {
    expect(sandbox.state.experiments.get(1)?.status).toBe('running');
    await openWorkflow();
    await page.getByLabel('Experiment id').fill('1');
    await page.getByLabel('Reason').selectOption('bug');
    await page.getByLabel('Comment').fill('stopped from a workflow');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await page.locator('.toast', { hasText: 'the experiment is stopped' }).waitFor();
    await dialog().waitFor({ state: 'hidden' });
    expect(sandbox.state.experiments.get(1)?.status).toBe('stopped');
    // The channel being viewed gets the result, naming the person who ran the workflow.
    await page.locator('#messages .msg-channel', { hasText: 'stopped experiment' }).first().waitFor();
    const last = emulator.functionExecutions().at(-1);
    expect(last).toMatchObject({
      callbackId: 'stop_experiment',
      state: 'completed',
      outputs: { experiment_id: 1, outcome: 'done' },
    });
    expect(last?.inputs).toMatchObject({
      reason: 'bug',
      comment: 'stopped from a workflow',
      channel_id: 'C0GENERAL',
    });
    await screenshot(page, SHOTS, 'workflow-stop');
    expect(errors).toEqual([]);
  });
});
