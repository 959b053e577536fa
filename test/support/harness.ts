import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/config.js';
import { type Sandbox, startSandbox } from '../../src/dev/sandbox/server.js';
import { createSlackDriver, type SlackDriver } from '../../src/dev/slack-emulator/driver.js';
import { type SlackEmulator, startSlackEmulator } from '../../src/dev/slack-emulator/server.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { slackResponseUrlOrigins } from '../../src/slack/view-seal/response-url-origins.js';
import { createViewSeal, type ViewSeal } from '../../src/slack/view-seal/view-seal.js';
import { type RunningApp, type StartOptions, startExpChatops } from '../../src/start.js';

export interface Harness {
  app: RunningApp;
  sandbox: Sandbox;
  emulator: SlackEmulator;
  driver: SlackDriver;
  signingSecret: string;
  /** Seals view metadata with the app's key, as the app does: for payloads a test builds by hand. */
  viewSeal: ViewSeal;
  logs: string[];
  close(): Promise<void>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  /** Connect the sandbox as the default connection (true) or leave workspaces unconnected (false). */
  defaultConnection?: boolean;
  /** How the sandbox issues the default connection's token (scopes, expiry). */
  tokenOptions?: Parameters<Sandbox['issueToken']>[0];
  /** Least time between two alerts in one channel (default: Slack's one per second). */
  alertIntervalMs?: number;
  /** How often platform tokens are checked (default a minute). */
  tokenHealthIntervalMs?: number;
  /** Polls experiments named by id in subscriptions this often (default: off). */
  pollIntervalMs?: number;
  /** Lifecycle actions the app runs at once before refusing (default 256). */
  maxActionsInFlight?: number;
  /** Of those, what one workspace may hold (default a quarter). */
  maxActionsPerWorkspace?: number;
  /** What stands between the app and the sandbox (a fault proxy): the base URL the app is given. */
  platformUrl?: (sandboxUrl: string) => Promise<string>;
  /** Further start options (a scheduled action's clock…). */
  start?: Partial<StartOptions>;
}

/**
 * The real app in single-workspace HTTP mode, talking to the sandbox platform and the Slack
 * emulator over real HTTP; the driver signs requests exactly as Slack does.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox();
  const emulator = await startSlackEmulator();
  const signingSecret = randomBytes(16).toString('hex');
  const logger = createMemoryLogger('debug');
  const defaultConnection = options.defaultConnection ?? true;
  const token = defaultConnection
    ? await sandbox.issueToken({ name: 'harness', ...options.tokenOptions })
    : undefined;
  const encryptionKey = randomBytes(32);
  const config = loadConfig({
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_BOT_TOKEN: emulator.identity.botToken,
    SLACK_API_URL: emulator.apiUrl,
    STORE_URL: 'memory://',
    CONSOLE_BASE_URL: options.platformUrl ? await options.platformUrl(sandbox.url) : sandbox.url,
    TOKEN_ENCRYPTION_KEY: encryptionKey.toString('base64'),
    CONSOLE_TIMEOUT_MS: '2000',
    SPLITTER_URL: sandbox.splitterUrl,
    ...(token ? { CONSOLE_API_TOKEN: token } : {}),
    ...options.env,
  });
  const app = await startExpChatops(config, {
    logger,
    port: 0,
    sandbox,
    ...options.start,
    ...(options.alertIntervalMs === undefined ? {} : { alertIntervalMs: options.alertIntervalMs }),
    ...(options.pollIntervalMs === undefined ? {} : { pollIntervalMs: options.pollIntervalMs }),
    ...(options.maxActionsInFlight === undefined ? {} : { maxActionsInFlight: options.maxActionsInFlight }),
    ...(options.maxActionsPerWorkspace === undefined
      ? {}
      : { maxActionsPerWorkspace: options.maxActionsPerWorkspace }),
    ...(options.tokenHealthIntervalMs === undefined
      ? {}
      : { tokenHealthIntervalMs: options.tokenHealthIntervalMs }),
  });
  const driver = createSlackDriver({ appUrl: app.eventsUrl, signingSecret, emulator });
  return {
    app,
    sandbox,
    emulator,
    driver,
    signingSecret,
    viewSeal: createViewSeal({
      keys: { current: config.tokenEncryptionKey ?? encryptionKey, old: config.tokenEncryptionOldKeys },
      responseUrlOrigins: slackResponseUrlOrigins(emulator.apiUrl),
      now: () => new Date(),
    }),
    logs: logger.lines,
    async close() {
      await app.close();
      await emulator.close();
      await sandbox.close();
    },
  };
}

/** Plain text of a message: its fallback text plus every text object in its blocks. */
export function messageText(message: { text?: string; blocks?: unknown[] } | undefined): string {
  if (!message) return '';
  const parts: string[] = [message.text ?? ''];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (typeof record.text === 'string') parts.push(record.text);
      for (const value of Object.values(record)) if (typeof value === 'object') walk(value);
    }
  };
  walk(message.blocks ?? []);
  return parts.join('\n');
}
