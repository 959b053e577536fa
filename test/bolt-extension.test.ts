import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startSandbox } from '../src/dev/sandbox/server.js';
import { startSlackEmulator } from '../src/dev/slack-emulator/server.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { startExpChatops } from '../src/start.js';
import { type Harness, startHarness } from './support/harness.js';
import { startOAuthHarness } from './support/oauth-harness.js';

// The app extends Bolt only through its documented interfaces (issue #24): a custom Receiver and
// global middleware (the last one dispatching every surface through the app's registry). Nothing of
// Bolt's App is replaced at run time and no private field of a Bolt object is read, so a minor Bolt
// release cannot break either silently.

const built = vi.hoisted(() => ({
  apps: [] as object[],
  prototype: new Map<string, unknown>(),
  boltPrototype: undefined as object | undefined,
}));

// Every App the app builds is recorded (a subclass whose constructor only remembers the instance),
// with the methods of Bolt's App.prototype as they were before anything ran.
vi.mock('@slack/bolt', async (importOriginal) => {
  const bolt = await importOriginal<typeof import('@slack/bolt')>();
  built.boltPrototype = bolt.App.prototype;
  for (const name of Object.getOwnPropertyNames(bolt.App.prototype))
    built.prototype.set(name, Object.getOwnPropertyDescriptor(bolt.App.prototype, name)?.value);
  class RecordedApp extends bolt.App {
    constructor(...args: ConstructorParameters<typeof bolt.App>) {
      super(...args);
      built.apps.push(this);
    }
  }
  return { ...bolt, App: RecordedApp };
});

const closers: Array<() => Promise<void>> = [];
let http: Harness;
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

beforeAll(async () => {
  http = await startHarness();
  closers.push(() => http.close());
  const oauth = await startOAuthHarness();
  closers.push(() => oauth.close());
  const sandbox = await startSandbox();
  const emulator = await startSlackEmulator();
  closers.push(
    () => sandbox.close(),
    () => emulator.close(),
  );
  const socket = await startExpChatops(
    loadConfig({
      SLACK_APP_TOKEN: emulator.identity.appToken,
      SLACK_BOT_TOKEN: emulator.identity.botToken,
      SLACK_API_URL: emulator.apiUrl,
      STORE_URL: 'memory://',
      CONSOLE_BASE_URL: sandbox.url,
      CONSOLE_API_TOKEN: await sandbox.issueToken({ name: 'bolt-extension test' }),
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    }),
    { port: 0, sandbox, logger: createMemoryLogger() },
  );
  closers.push(() => socket.close());
});

/** Methods of App that an instance shadows, or that App.prototype no longer holds as it did. */
function replacedMethods(app: object): string[] {
  const replaced: string[] = [];
  for (const [name, original] of built.prototype) {
    if (typeof original !== 'function' || name === 'constructor') continue;
    if (Object.hasOwn(app, name)) replaced.push(`instance.${name}`);
    const now = built.boltPrototype && Object.getOwnPropertyDescriptor(built.boltPrototype, name)?.value;
    if (now !== original) replaced.push(`App.prototype.${name}`);
  }
  return replaced;
}

describe('Bolt extended through its documented interfaces', () => {
  it('replaces no method of App, in HTTP, OAuth and Socket Mode', () => {
    // One App per mode started above.
    expect(built.apps).toHaveLength(3);
    expect(built.prototype.get('action')).toBeTypeOf('function');
    for (const app of built.apps) expect(replacedMethods(app)).toEqual([]);
  });

  it('the check sees a replaced method', () => {
    const app = built.apps[0] as { processEvent: unknown };
    const original = app.processEvent;
    app.processEvent = () => {};
    try {
      expect(replacedMethods(app)).toEqual(['instance.processEvent']);
    } finally {
      delete (app as { processEvent?: unknown }).processEvent;
    }
    expect(app.processEvent).toBe(original);
  });
});

/** An unsigned slash command POSTed to a path as written, without the client normalising it. */
function unsignedCommand(path: string): Promise<{ status: number; text: string }> {
  const url = new URL(http.app.eventsUrl);
  const body = new URLSearchParams({
    command: '/exp',
    text: 'help',
    team_id: 'T0TEST0001',
    user_id: 'U0MEMBER1',
    channel_id: 'C0GENERAL',
  }).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe("Slack's endpoint, however its path is written", () => {
  // The receiver decides what is Slack's endpoint once, for its checks and its routing alike.
  it.each(['/slack/events', '/slack/events?x=1'])('refuses an unsigned request to %s', async (path) => {
    const res = await unsignedCommand(path);
    expect(res.status).toBe(401);
    expect(res.text).not.toContain('/exp start');
  });

  // A path that is not canonical is no route's, Slack's endpoint's included (routes.ts).
  it.each(['/slack/x/../events', '/slack/./events'])(
    'answers an unsigned request to %s 404',
    async (path) => {
      const res = await unsignedCommand(path);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('/exp start');
    },
  );
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Ways of reaching into a Bolt object or the server it owns that its documented interfaces do not offer. */
const REACHING_IN: ReadonlyArray<[string, RegExp]> = [
  [
    'a private field of a Bolt receiver',
    /\bhttpServer\b|\[['"](httpServer|server|listeners|middleware|receiver)['"]\]/,
  ],
  ['a cast of a Bolt object', /\b(app|receiver|bolt|App)\b\)?\s+as\s+(any|unknown)\b/],
  [
    'an App method replaced',
    /\b(app|App\.prototype)\.(action|view|options|command|event|use|processEvent|shortcut|message|start|stop)\s*=(?!=)/,
  ],
  ["the server's request listeners taken over", /(removeAllListeners|listeners)\(\s*['"]request['"]/],
  ["Bolt's signature verification switched off", /signatureVerification:\s*false/],
];

describe('no private field of a Bolt object is read', () => {
  const production = sourceFiles('src').filter((file) => !/\.test(-helper|-d)?\.ts$/.test(file));

  it.each(REACHING_IN)('nothing in src reaches in: %s', (_what, pattern) => {
    const offenders = production.filter((file) => pattern.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the patterns catch what the app did before', () => {
    const before = [
      'const found = (receiver as unknown as { httpServer?: Server }).httpServer;',
      '(app as unknown as Record<Kind, (...args: unknown[]) => void>)[kind] = () => {};',
      'app.processEvent = (event: ReceiverEvent) => {',
      "server.removeAllListeners('request');",
      'signatureVerification: false,',
    ];
    for (const line of before)
      expect(
        REACHING_IN.some(([, pattern]) => pattern.test(line)),
        line,
      ).toBe(true);
  });
});
