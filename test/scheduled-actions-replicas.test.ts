import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type Sandbox, startSandbox } from '../src/dev/sandbox/server.js';
import { createSlackDriver } from '../src/dev/slack-emulator/driver.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type SlackEmulator, startSlackEmulator } from '../src/dev/slack-emulator/server.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { type RunningApp, startExpChatops } from '../src/start.js';
import { freePort, killHard } from './support/app-process.js';
import { messageText } from './support/harness.js';
import { startRedisServer } from './support/redis-server.js';

// Two replicas on one Redis: a start is scheduled through one, which is then stopped, and a new
// replica started before the due time. The action runs once, at its time, from a replica that did
// not schedule it (the request kept by Redis, found due by one replica's due pass).

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const USER = EMULATOR_DEFAULTS.userId;
const signingSecret = randomBytes(16).toString('hex');
let sandbox: Sandbox;
let emulator: SlackEmulator;
let redis: ChildProcess | undefined;
let env: Record<string, string>;
const replicas: RunningApp[] = [];

beforeAll(async () => {
  const port = await freePort();
  redis = await startRedisServer(port);
  sandbox = await startSandbox();
  emulator = await startSlackEmulator();
  const template = sandbox.state.experiments.get(4);
  if (template?.status !== 'draft') throw new Error('the sandbox has no draft experiment 4');
  for (const id of [8001, 8002])
    sandbox.state.experiments.set(id, { ...template, id, name: `Replicas ${id}`, label: `replicas_${id}` });
  env = {
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_BOT_TOKEN: emulator.identity.botToken,
    SLACK_API_URL: emulator.apiUrl,
    STORE_URL: `redis://127.0.0.1:${port}`,
    CONSOLE_BASE_URL: sandbox.url,
    CONSOLE_API_TOKEN: await sandbox.issueToken({ name: 'replicas' }),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  replicas.push(await replica(), await replica());
}, 120_000);

afterAll(async () => {
  for (const app of replicas) await app.close().catch(() => undefined);
  if (redis) await killHard(redis);
  await emulator?.close();
  await sandbox?.close();
});

const replica = () => startExpChatops(loadConfig(env), { logger: createMemoryLogger('warn'), port: 0 });

const said = (pattern: RegExp) =>
  emulator.messages(CHANNEL).filter((m) => !m.ephemeral && pattern.test(messageText(m)));
const waitFor = (pattern: RegExp, what: string) =>
  emulator.waitFor(() => said(pattern)[0], { timeoutMs: 30_000, message: what });
const starts = (id: number) =>
  sandbox.state.requests.filter((r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/start`))
    .length;
const at = (ms: number) => `at ${new Date(Date.now() + ms).toISOString().slice(0, 19)}Z`;

describe('a scheduled action across replicas and a restart', () => {
  it('runs once, at its time, though the replica that scheduled it is gone', async () => {
    const [first] = replicas;
    if (!first) throw new Error('no replica');
    const driver = createSlackDriver({ appUrl: first.eventsUrl, signingSecret, emulator });
    await driver.command({ text: `start 8001 ${at(8_000)}`, userId: USER });
    await waitFor(/scheduled \*start\* experiment \*8001\*/, 'not scheduled');
    // A later one: once it has run, the first has had every chance to run twice.
    await driver.command({ text: `start 8002 ${at(10_000)}`, userId: USER });
    await waitFor(/scheduled \*start\* experiment \*8002\*/, 'the second was not scheduled');
    await first.close();
    replicas.shift();
    expect(starts(8001)).toBe(0);
    replicas.push(await replica());

    await waitFor(/started experiment \*8001\*/, 'the scheduled start did not run');
    await waitFor(/started experiment \*8002\*/, 'the later scheduled start did not run');
    expect(starts(8001)).toBe(1);
    expect(starts(8002)).toBe(1);
    expect(said(/started experiment \*8001\*/)).toHaveLength(1);
  }, 90_000);
});
