import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import type { SlackEmulator } from '../dev/index.js';
import type { Metrics } from '../observability/metrics.js';
import type { FetchLike } from '../observability/slack-api-calls.js';
import { en } from '../slack/messages/index.js';
import { createSlackFetch } from '../slack/slack-fetch.js';
import { createSlackAgent, createSlackTransport } from '../slack/slack-transport.js';
import type { Closers } from './closers.js';

/** Which Slack the app talks to, and how it proves itself there. */
export interface SlackEndpoint {
  signingSecret: string | undefined;
  botToken: string | undefined;
  apiUrl: string | undefined;
  /** The fetch every Slack call goes through (metrics, the sandbox notice). */
  fetch: FetchLike;
}

/** Real Slack from the config, or, in playground mode, the emulator with a secret of this process's own. */
export function connectSlackEndpoint(input: {
  config: Config;
  emulator: SlackEmulator | undefined;
  metrics: Metrics;
  closers: Closers;
}): SlackEndpoint {
  const { config, emulator } = input;
  const playground = config.slack.mode === 'playground' && emulator !== undefined;
  const apiUrl = playground ? emulator.apiUrl : config.slack.apiUrl;
  const slackAgent = createSlackAgent();
  input.closers.push(() => slackAgent.close());
  return {
    signingSecret: playground ? randomBytes(16).toString('hex') : config.slack.signingSecret,
    botToken: playground ? 'xoxb-emulator-token' : config.slack.botToken,
    apiUrl,
    fetch: createSlackFetch({
      transport: createSlackTransport({ dispatcher: slackAgent }),
      apiUrl,
      metrics: input.metrics,
      sandboxNotice: config.sandboxNotice ? en.sandboxNotice : undefined,
    }),
  };
}
