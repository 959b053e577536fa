import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { loadConfig } from '../../src/config.js';
import { type Sandbox, startSandbox } from '../../src/dev/sandbox/server.js';
import {
  createSlackDriver,
  type SlackDriver,
  signSlackRequest,
} from '../../src/dev/slack-emulator/driver.js';
import { type SlackEmulator, startSlackEmulator } from '../../src/dev/slack-emulator/server.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { type RunningApp, type StartOptions, startExpChatops } from '../../src/start.js';

export const STATE_COOKIE = 'slack-app-oauth-state';

export interface BrowserResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface InstallStart extends BrowserResponse {
  /** The slack.com/oauth/v2/authorize URL the app sent the browser to. */
  authorizeUrl: URL;
  state: string;
  /** The state cookie's value as the browser would send it back. */
  cookie: string;
}

export interface OAuthHarness {
  app: RunningApp;
  sandbox: Sandbox;
  emulator: SlackEmulator;
  signingSecret: string;
  /** The sqlite file behind STORE_URL, to look for secrets at rest. */
  dbPath: string;
  logs: string[];
  /** A driver whose payloads come from this team. */
  driver(teamId: string): SlackDriver;
  /** GET /slack/install, as a browser. */
  startInstall(): Promise<InstallStart>;
  /** GET /slack/oauth_redirect?code&state with the state cookie, as the browser after approving. */
  finishInstall(query: { code?: string; state?: string }, cookie?: string): Promise<BrowserResponse>;
  /** The whole flow for a team: install path, the user approves, redirect back. */
  install(teamId: string, userId: string): Promise<BrowserResponse>;
  /** A signed Events API delivery (JSON) to /slack/events. */
  postEvent(body: Record<string, unknown>, headers?: Record<string, string>): Promise<BrowserResponse>;
  close(): Promise<void>;
}

/**
 * The real app in multi-workspace OAuth mode over real HTTP: sandbox platform, Slack emulator
 * (serving oauth.v2.access), a sqlite store. No workspace is installed or connected at start.
 */
export async function startOAuthHarness(
  env: Record<string, string> = {},
  start: Partial<StartOptions> = {},
): Promise<OAuthHarness> {
  const sandbox = await startSandbox();
  const emulator = await startSlackEmulator();
  const signingSecret = randomBytes(16).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'exp-oauth-'));
  const dbPath = join(dir, 'store.sqlite');
  const logger = createMemoryLogger('debug');
  const config = loadConfig({
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_CLIENT_ID: emulator.oauthClient.clientId,
    SLACK_CLIENT_SECRET: emulator.oauthClient.clientSecret,
    SLACK_STATE_SECRET: randomBytes(16).toString('hex'),
    SLACK_API_URL: emulator.apiUrl,
    STORE_URL: `sqlite://${dbPath}`,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    CONSOLE_TIMEOUT_MS: '2000',
    ...env,
  });
  const app = await startExpChatops(config, { logger, port: 0, sandbox, ...start });
  const drivers = new Map<string, SlackDriver>();

  const get = async (path: string, headers: Record<string, string> = {}): Promise<BrowserResponse> => {
    const res = await request(`${app.url}${path}`, { method: 'GET', headers });
    return { status: res.statusCode, headers: res.headers, body: await res.body.text() };
  };

  const startInstall = async (): Promise<InstallStart> => {
    const res = await get('/slack/install');
    const location = String(res.headers.location ?? '');
    const authorizeUrl = new URL(location);
    const setCookie = [res.headers['set-cookie'] ?? []].flat().join('\n');
    const cookieValue = new RegExp(`${STATE_COOKIE}=([^;\\s]+)`).exec(setCookie)?.[1] ?? '';
    return {
      ...res,
      authorizeUrl,
      state: authorizeUrl.searchParams.get('state') ?? '',
      cookie: `${STATE_COOKIE}=${cookieValue}`,
    };
  };

  const finishInstall = (query: { code?: string; state?: string }, cookie?: string) => {
    const search = new URLSearchParams(
      Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
    );
    return get(`/slack/oauth_redirect?${search}`, cookie ? { cookie } : {});
  };

  return {
    app,
    sandbox,
    emulator,
    signingSecret,
    dbPath,
    logs: logger.lines,
    driver(teamId) {
      let driver = drivers.get(teamId);
      if (!driver) {
        driver = createSlackDriver({ appUrl: app.eventsUrl, signingSecret, emulator, teamId });
        drivers.set(teamId, driver);
      }
      return driver;
    },
    startInstall,
    finishInstall,
    async install(teamId, userId) {
      const started = await startInstall();
      const redirectUri = started.authorizeUrl.searchParams.get('redirect_uri') ?? undefined;
      const code = emulator.mintOAuthCode({
        teamId,
        userId,
        ...(redirectUri === undefined ? {} : { redirectUri }),
        scope: started.authorizeUrl.searchParams.get('scope') ?? '',
      });
      return finishInstall({ code, state: started.state }, started.cookie);
    },
    postEvent: (body, headers = {}) => postSignedEvent(app.eventsUrl, signingSecret, body, headers),
    async close() {
      await app.close();
      await emulator.close();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An Events API delivery as Slack sends it: JSON, signed; `headers` may add x-slack-retry-num. */
export async function postSignedEvent(
  eventsUrl: string,
  signingSecret: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<BrowserResponse> {
  const raw = JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  const res = await request(eventsUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': signSlackRequest(signingSecret, timestamp, raw),
      ...headers,
    },
    body: raw,
  });
  return { status: res.statusCode, headers: res.headers, body: await res.body.text() };
}

/** Polls the captured log lines until one matches (events are acked before their listener runs). */
export async function waitForLog(logs: string[], match: (line: string) => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = logs.find(match);
    if (line !== undefined) return line;
    if (Date.now() > deadline) throw new Error('no matching log line in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `/exp connect` as an admin, then submits the modal with the platform URL and token. */
export async function connectViaModal(input: {
  driver: SlackDriver;
  emulator: SlackEmulator;
  adminId: string;
  baseUrl: string;
  token: string;
  /** Typed in this channel and saved as its own connection ("This channel only"). */
  channelId?: string;
}): Promise<void> {
  const { driver, emulator, adminId, channelId } = input;
  const before = new Set(emulator.views.keys());
  await driver.command({ text: 'connect', userId: adminId, ...(channelId ? { channelId } : {}) });
  const view = await emulator.waitFor(
    () => {
      const v = [...emulator.views.values()].find((x) => !before.has(x.id) && x.userId === adminId);
      return v && v.view.callback_id === 'exp_connect_modal' ? v : undefined;
    },
    { message: 'connect modal did not open' },
  );
  const scope: Record<string, Record<string, unknown>> = channelId
    ? {
        exp_connect_scope: {
          exp_connect_scope_input: { type: 'radio_buttons', selected_option: { value: 'channel' } },
        },
      }
    : {};
  const saved = await driver.submitView(
    view.id,
    {
      ...scope,
      exp_connect_base_url: {
        exp_connect_base_url_input: { type: 'plain_text_input', value: input.baseUrl },
      },
      exp_connect_token: { exp_connect_token_input: { type: 'plain_text_input', value: input.token } },
    },
    { userId: adminId },
  );
  if (saved.outcome.kind !== 'closed')
    throw new Error(`connect modal refused: ${JSON.stringify(saved.outcome)}`);
}
