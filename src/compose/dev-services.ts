import type { Config } from '../config.js';
import type * as DevTooling from '../dev/index.js';
import type { Sandbox, SlackEmulator } from '../dev/index.js';
import type { Logger } from '../observability/logger.js';
import type { SandboxExperimentHint } from '../slack/deps.js';
import type { Closers } from './closers.js';
import type { StartOptions } from './start-options.js';

/** The development tooling module; start.ts alone loads it (one dynamic import), and only when wanted. */
type DevToolingModule = typeof DevTooling;

export interface DevServices {
  /** The embedded platform (SANDBOX=true). */
  sandbox: Sandbox | undefined;
  /** The local Slack stand-in (playground mode). */
  emulator: SlackEmulator | undefined;
}

export interface DevServicesInput {
  config: Config;
  options: Pick<StartOptions, 'sandbox' | 'emulator'>;
  dev: DevToolingModule | undefined;
  logger: Logger;
  closers: Closers;
}

/** Starts the sandbox and the emulator the config asks for, unless the caller passed running ones. */
export async function startDevServices(input: DevServicesInput): Promise<DevServices> {
  const { config, options, dev, logger, closers } = input;
  let { sandbox, emulator } = options;
  if (config.sandbox && !sandbox && dev) {
    const started = await dev.startSandbox({ logger: logger.child({ component: 'sandbox' }) });
    closers.push(() => started.close());
    sandbox = started;
  }
  if (config.sandboxNotice) {
    logger.warn(
      'ALLOW_SANDBOX: real Slack is connected to the embedded sandbox platform; every message says so',
    );
  }
  if (config.slack.mode === 'playground' && !emulator && dev) {
    const started = await dev.startSlackEmulator({ logger: logger.child({ component: 'slack-emulator' }) });
    closers.push(() => started.close());
    emulator = started;
  }
  return { sandbox, emulator };
}

/**
 * Playground mode: every workspace the emulator stands in for. Its one bot token reaches them all
 * (src/dev/playground/teams.ts), so the app serves them all; undefined in every other mode.
 */
export function playgroundWorkspaces(
  config: Config,
  dev: DevToolingModule | undefined,
  emulator: SlackEmulator | undefined,
): string[] | undefined {
  if (config.slack.mode !== 'playground' || !dev || !emulator) return undefined;
  return dev.playgroundTeams(emulator).map((team) => team.id);
}

export interface PlaygroundPageInput {
  config: Config;
  dev: DevToolingModule | undefined;
  emulator: SlackEmulator | undefined;
  /** The app's own base URL, where the page sends the signed events. */
  appUrl: string;
  /** The app's port: the page takes PLAYGROUND_PORT, or the port after it. */
  appPort: number;
  /** Overrides PLAYGROUND_PORT (tests pass 0). */
  port: number | undefined;
  signingSecret: string | undefined;
  unfurlDomains: string[];
  logger: Logger;
  closers: Closers;
}

/** Playground mode: the page over the emulator; returns its URL (undefined in other modes). */
export async function startPlaygroundPage(input: PlaygroundPageInput): Promise<string | undefined> {
  const { config, dev, emulator, signingSecret, appPort } = input;
  if (config.slack.mode !== 'playground' || !dev || !emulator || !signingSecret) return undefined;
  const page = await dev.startPlayground({
    emulator,
    appEventsUrl: `${input.appUrl}/slack/events`,
    signingSecret,
    unfurlDomains: input.unfurlDomains,
    port: input.port ?? config.playgroundPort ?? (appPort === 0 ? 0 : appPort + 1),
    logger: input.logger.child({ component: 'playground' }),
  });
  input.closers.push(() => page.close());
  return page.url;
}

/** The embedded sandbox's experiments, read when asked, if it is the app's platform (SANDBOX=true). */
export function sandboxExperimentHints(
  config: Config,
  sandbox: Sandbox | undefined,
): (() => SandboxExperimentHint[]) | undefined {
  if (!config.sandbox || !sandbox) return undefined;
  return () =>
    [...sandbox.state.experiments.values()]
      .sort((a, b) => a.id - b.id)
      .map((e) => ({ experimentId: e.id, name: e.name, status: e.status }));
}
