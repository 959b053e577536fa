import { type ChildProcess, fork } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { EMULATOR_DEFAULTS } from '../../src/dev/slack-emulator/seed.js';
import { compiled } from './compiled.js';
import type { WorldCall, WorldCounts, WorldReady, WorldReply } from './world-protocol.js';

// What every benchmark stands on: the platform (the sandbox) and Slack (the emulator) in a
// process of their own (world-process.ts), a signing secret, the environment a subject
// process is started with, and signed `/exp` commands as Slack sends them, each with its own
// trigger_id and response_url.

export interface BenchWorld {
  signingSecret: string;
  /** The app's environment on the memory store; the baselines read what they need of it. */
  env: Record<string, string>;
  /** A maker of signed `/exp <text>` requests for autocannon or fetch. */
  command(text: string): ReturnType<typeof signedCommand>;
  /** Draft experiments `from` … `from + count - 1`, copies of draft 4. */
  addDrafts(from: number, count: number): Promise<void>;
  /** The platform and Slack calls made so far, by kind. */
  counts(): Promise<WorldCounts>;
  /** For each of `ids`, when Slack received the post telling its start (epoch ms), or null. */
  outcomes(ids: readonly number[]): Promise<(number | null)[]>;
  close(): Promise<void>;
}

// response_urls are minted by the emulator ahead of need, since autocannon asks for each request
// synchronously; the pool is refilled while it still holds a batch.
const URL_BATCH = 5_000;

export async function startBenchWorld(tokenName: string): Promise<BenchWorld> {
  const child = fork(await compiled('bench/support/world-process.ts'), [], {
    execArgv: [],
    env: { PATH: process.env.PATH ?? '', BENCH_TOKEN_NAME: tokenName },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await worldReady(child);
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  child.on('message', (reply: WorldReply) => {
    const waiter = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error !== undefined) waiter?.reject(new Error(`bench world: ${reply.error}`));
    else waiter?.resolve(reply.result);
  });
  let nextId = 1;
  const ask = <T>(request: WorldCall): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ ...request, id });
    });
  const urls: string[] = [];
  let refilling: Promise<void> | undefined;
  const refill = () => {
    refilling ??= ask<string[]>({ op: 'mint', count: URL_BATCH })
      .then((minted) => {
        for (const url of minted) urls.push(url);
      })
      .finally(() => {
        refilling = undefined;
      });
    return refilling;
  };
  await refill();
  const signingSecret = randomBytes(16).toString('hex');
  const env = {
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_BOT_TOKEN: ready.botToken,
    SLACK_API_URL: ready.apiUrl,
    STORE_URL: 'memory://',
    CONSOLE_BASE_URL: ready.sandboxUrl,
    CONSOLE_API_TOKEN: ready.consoleToken,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  return {
    signingSecret,
    env,
    command: (text) =>
      signedCommand(signingSecret, text, () => {
        if (urls.length < URL_BATCH) void refill();
        const url = urls.pop();
        if (!url) throw new Error('the bench world ran out of response_urls: raise URL_BATCH');
        return url;
      }),
    addDrafts: (from, count) => ask({ op: 'drafts', from, count }),
    counts: () => ask({ op: 'counts' }),
    outcomes: (ids) => ask({ op: 'outcomes', ids: [...ids] }),
    async close() {
      await refilling?.catch(() => undefined);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

function worldReady(child: ChildProcess): Promise<WorldReady> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bench world did not start in 120 s')), 120_000);
    child.once('exit', (code) => reject(new Error(`the bench world exited (${code}) before it was ready`)));
    child.once('message', (message: WorldReady) => {
      clearTimeout(timer);
      resolve(message);
    });
  });
}

export function signedCommand(signingSecret: string, text: string, responseUrl: () => string) {
  return () => {
    const body = new URLSearchParams({
      token: 'legacy',
      team_id: EMULATOR_DEFAULTS.teamId,
      team_domain: 'emulator',
      channel_id: EMULATOR_DEFAULTS.channelId,
      channel_name: 'general',
      user_id: EMULATOR_DEFAULTS.userId,
      user_name: 'bench',
      command: '/exp',
      text,
      api_app_id: EMULATOR_DEFAULTS.appId,
      response_url: responseUrl(),
      trigger_id: `${Date.now()}.${randomBytes(6).toString('hex')}`,
    }).toString();
    const ts = Math.floor(Date.now() / 1000);
    const signature = `v0=${createHmac('sha256', signingSecret).update(`v0:${ts}:${body}`).digest('hex')}`;
    return {
      method: 'POST' as const,
      path: '/slack/events',
      body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(ts),
        'x-slack-signature': signature,
      },
    };
  };
}
