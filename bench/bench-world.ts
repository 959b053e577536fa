import { createHmac, randomBytes } from 'node:crypto';
import { type Sandbox, startSandbox } from '../src/dev/sandbox/server.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type SlackEmulator, startSlackEmulator } from '../src/dev/slack-emulator/server.js';

// What every load benchmark stands on: the platform (the sandbox) and Slack (the emulator) in the
// benchmark's process, a signing secret, the environment a subject process is started with, and
// signed `/exp` commands as Slack sends them, each with its own trigger_id and response_url.

export interface BenchWorld {
  sandbox: Sandbox;
  emulator: SlackEmulator;
  signingSecret: string;
  /** The app's environment on the memory store; the baselines read what they need of it. */
  env: Record<string, string>;
  /** A maker of signed `/exp <text>` requests for autocannon or fetch. */
  command(text: string): ReturnType<typeof signedCommand>;
  close(): Promise<void>;
}

export async function startBenchWorld(tokenName: string): Promise<BenchWorld> {
  const sandbox = await startSandbox();
  const emulator = await startSlackEmulator();
  const signingSecret = randomBytes(16).toString('hex');
  const env = {
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_BOT_TOKEN: emulator.identity.botToken,
    SLACK_API_URL: emulator.apiUrl,
    STORE_URL: 'memory://',
    CONSOLE_BASE_URL: sandbox.url,
    CONSOLE_API_TOKEN: await sandbox.issueToken({ name: tokenName }),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  return {
    sandbox,
    emulator,
    signingSecret,
    env,
    command: (text) =>
      signedCommand(signingSecret, text, () =>
        emulator.mintResponseUrl({
          channelId: EMULATOR_DEFAULTS.channelId,
          userId: EMULATOR_DEFAULTS.userId,
        }),
      ),
    async close() {
      sandbox.setLatency(0);
      await emulator.close();
      await sandbox.close();
    },
  };
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

/** The sum of a metric's samples on a subject's /metrics, those whose line contains `label`. */
export async function metricTotal(eventsUrl: string, name: string, label = ''): Promise<number> {
  const text = await (await fetch(eventsUrl.replace(/\/slack\/events$/, '/metrics'))).text();
  let total = 0;
  for (const line of text.split('\n'))
    if ((line.startsWith(`${name} `) || line.startsWith(`${name}{`)) && line.includes(label))
      total += Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
  return total;
}
