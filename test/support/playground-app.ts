import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/config.js';
import { type RunningPlayground, startPlayground } from '../../src/dev/playground/server.js';
import { type Sandbox, startSandbox } from '../../src/dev/sandbox/server.js';
import { type SlackEmulator, startSlackEmulator } from '../../src/dev/slack-emulator/server.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { type RunningApp, startExpChatops } from '../../src/start.js';
import { type Browser, launchChromium, type Page } from './browser.js';

/** The real app on the sandbox and the emulator, the playground page in front, and Chromium on it. */
export interface PlaygroundApp {
  sandbox: Sandbox;
  emulator: SlackEmulator;
  app: RunningApp;
  playground: RunningPlayground;
  page: Page;
  /** Script errors and console errors the page met. */
  errors: string[];
  close(): Promise<void>;
}

/** Starts everything a test of the page drives, with the page loaded and ready. */
export async function startPlaygroundApp(name: string): Promise<PlaygroundApp> {
  const browser: Browser = await launchChromium();
  const sandbox = await startSandbox();
  const emulator = await startSlackEmulator();
  const signingSecret = randomBytes(16).toString('hex');
  const config = loadConfig({
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_BOT_TOKEN: emulator.identity.botToken,
    SLACK_API_URL: emulator.apiUrl,
    STORE_URL: 'memory://',
    CONSOLE_BASE_URL: sandbox.url,
    CONSOLE_API_TOKEN: await sandbox.issueToken({ name }),
    SPLITTER_URL: sandbox.splitterUrl,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  });
  const app = await startExpChatops(config, { port: 0, sandbox, logger: createMemoryLogger('debug') });
  const playground = await startPlayground({
    emulator,
    appEventsUrl: app.eventsUrl,
    signingSecret,
    logger: createMemoryLogger('debug'),
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(playground.url);
  await page.locator('body[data-ready="1"]').waitFor({ state: 'attached' });
  return {
    sandbox,
    emulator,
    app,
    playground,
    page,
    errors,
    async close() {
      await browser.close();
      await playground.close();
      await app.close();
      await emulator.close();
      await sandbox.close();
    },
  };
}
