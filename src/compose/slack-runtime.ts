import type { AddressInfo } from 'node:net';
import type { Config } from '../config.js';
import type { Logger } from '../observability/logger.js';
import { operationalRoutes } from '../observability/operational-routes.js';
import { type BoltRuntime, createBoltApp } from '../slack/app.js';
import type { SlackDeps } from '../slack/deps.js';
import { lifecycleHookRoutes } from '../slack/hooks/hook-route.js';
import type { InFlight } from '../slack/in-flight.js';
import { inJobLocale } from '../slack/locale/job-scope.js';
import type { ServedWorkspaces } from '../slack/served-workspace/served.js';
import { type AlertJob, alertJobHandler } from '../slack/subscriptions/alert-delivery.js';
import type { Closers } from './closers.js';
import type { Infrastructure } from './infrastructure.js';
import type { SlackEndpoint } from './slack-endpoint.js';
import type { WorkspaceClients } from './workspace-clients.js';

/** How long a shutdown waits for acked work to finish before closing the store under it. */
const DRAIN_MS = 10_000;

export interface SlackRuntimeInput {
  config: Config;
  port: number;
  infra: Infrastructure;
  deps: SlackDeps;
  slack: SlackEndpoint;
  workspaces: WorkspaceClients;
  logger: Logger;
  closers: Closers;
  /** Which workspaces the bot token serves (single-workspace modes). */
  served: ServedWorkspaces;
}

export interface SlackRuntime {
  /** Where the app answers Slack (and serves health, readiness and metrics). */
  url: string;
  inFlight: InFlight;
}

/** The Bolt app with its receivers and listeners, listening; alert delivery running beside it. */
export async function startSlackRuntime(input: SlackRuntimeInput): Promise<SlackRuntime> {
  const { deps, workspaces, logger, closers } = input;
  const bolt = createSlackApp(input);
  workspaces.bind(bolt);
  const server = await bolt.start(input.port);
  // Every replica delivers; each alert is run by one of them.
  // Jobs build what they post: each in the language of where it goes (locale/job-scope.ts).
  const alerts = inJobLocale(
    deps,
    (job: AlertJob) => job,
    (speaking) => alertJobHandler({ deps: speaking, clientFor: workspaces.clientFor }),
  );
  deps.alerts.start(alerts, {
    onGiveUp: (job) => {
      deps.metrics.inc('exp_alerts_total', { outcome: 'given_up' });
      logger.warn('an alert was given up after its last try', { channelId: job.data.channelId });
    },
  });
  // Closers run last-first: stop taking requests, then let the work already acked finish (its
  // replies and store writes) before the store and clients close, within a bound.
  closers.push(() => drain(bolt.inFlight, DRAIN_MS, logger));
  closers.push(() => bolt.stop());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, inFlight: bolt.inFlight };
}

function createSlackApp(input: SlackRuntimeInput): BoltRuntime {
  const { config, slack, workspaces } = input;
  return createBoltApp(
    {
      mode: config.slack.mode === 'playground' ? 'http' : config.slack.mode,
      signingSecret: slack.signingSecret,
      botToken: slack.botToken,
      appToken: config.slack.appToken,
      apiUrl: slack.apiUrl,
      routes: healthRoutes(input.infra),
      postRoutes: lifecycleHookRoutes(input.deps, { configuredWorkspace: workspaces.configuredWorkspace }),
      routesPort: input.port,
      fetch: slack.fetch,
      served: input.served,
      logger: input.logger,
      oauth:
        config.slack.mode === 'oauth' && workspaces.installationStore
          ? {
              clientId: config.slack.clientId ?? '',
              clientSecret: config.slack.clientSecret ?? '',
              stateSecret: config.slack.stateSecret ?? '',
              installationStore: workspaces.installationStore,
            }
          : undefined,
    },
    input.deps,
  );
}

/** /healthz, /readyz (the store answers; connections no key opens are reported) and /metrics. */
function healthRoutes({ metrics, store, vault }: Infrastructure) {
  return operationalRoutes({
    metrics,
    ready: async () => {
      await store.keyv('health').get('probe');
    },
    warnings: () => {
      const unreadable = vault.unreadableCount();
      return unreadable === 0
        ? []
        : [
            `${unreadable} stored platform connection(s) cannot be decrypted with TOKEN_ENCRYPTION_KEY or ` +
              'TOKEN_ENCRYPTION_OLD_KEYS; nothing acts for them until an admin runs /exp connect again',
          ];
    },
  });
}

async function drain(inFlight: { idle(): Promise<void> }, ms: number, logger: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    if ((await Promise.race([inFlight.idle().then(() => 'idle' as const), late])) === 'late') {
      logger.warn('shutting down with work still running', { waitedMs: ms });
    }
  } finally {
    clearTimeout(timer);
  }
}
