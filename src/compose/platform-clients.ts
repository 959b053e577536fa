import type { Config } from '../config.js';
import { createConsoleAgent } from '../console/agent.js';
import { createConsoleClient } from '../console/client.js';
import { createDictionaryCache, type DictionaryCache } from '../console/dictionaries/cache.js';
import { readJwtClaims } from '../console/jwt-claims.js';
import type { ConsoleApi, ConsoleConnection } from '../console/types.js';
import { type ConnectionResolver, createConnectionResolver } from '../core/connections.js';
import type { ReadTokenClaims } from '../core/platform/token-claims.js';
import type { Sandbox } from '../dev/index.js';
import type { PlatformRequestSample } from '../http/request-sample.js';
import type { Logger } from '../observability/logger.js';
import { recordPlatformRequest } from '../observability/platform-request-metrics.js';
import { createSplitterClient, type SplitterClient } from '../splitter/client.js';
import { storedValues } from '../store/conditional-update.js';
import type { Closers } from './closers.js';
import type { Infrastructure } from './infrastructure.js';
import { reusedPerConnection } from './reused-clients.js';
import type { StartOptions } from './start-options.js';

/** The A/B platform as the app reaches it: console clients per connection, the splitter, dictionaries. */
export interface PlatformClients {
  dictionaries: DictionaryCache;
  connections: ConnectionResolver;
  /** A single-attempt console client whose timeouts fit the budget: checks a candidate connection. */
  probeClient: (connection: ConsoleConnection, budgetMs: number) => ConsoleApi;
  /** What a platform token says of itself (a JWT's claims, unverified). */
  readTokenClaims: ReadTokenClaims;
  /** The connection of workspaces that stored none (undefined: each workspace connects itself). */
  defaultConnection: ConsoleConnection | undefined;
  splitter: SplitterClient | undefined;
}

export interface PlatformClientsInput {
  config: Config;
  options: Pick<StartOptions, 'consoleDispatcher'>;
  infra: Infrastructure;
  sandbox: Sandbox | undefined;
  logger: Logger;
  closers: Closers;
}

export async function buildPlatformClients(input: PlatformClientsInput): Promise<PlatformClients> {
  const { config, infra, sandbox, logger } = input;
  const dictionaries = createDictionaryCache({
    keyv: infra.store.keyv('dictionaries'),
    ttlMs: config.console.dictionaryTtlSeconds * 1000,
    logger,
  });
  const consoles = consoleClientFactories(input, dictionaries);
  const defaultConnection = await resolveDefaultConnection(config, sandbox);
  const connections = createConnectionResolver({
    vault: infra.vault,
    defaultConnection,
    defaultClaims: defaultConnection?.token ? readJwtClaims(defaultConnection.token) : undefined,
    makeClient: consoles.makeClient,
    logger,
    owners: storedValues(infra.store, 'connection-owners'),
  });
  const splitterUrl = config.splitter.url ?? (config.sandbox ? sandbox?.splitterUrl : undefined);
  const splitter = splitterUrl
    ? createSplitterClient({
        baseUrl: splitterUrl,
        token: config.splitter.token,
        source: config.splitter.source ?? 'exp-chatops',
        trailingSlash: config.splitter.trailingSlash,
        logger: logger.child({ component: 'splitter' }),
        observe: consoles.observe,
      })
    : undefined;
  return {
    dictionaries,
    connections,
    probeClient: consoles.probeClient,
    readTokenClaims: readJwtClaims,
    defaultConnection,
    splitter,
  };
}

/** Console clients over one connection pool (or the caller's dispatcher), measured per request. */
function consoleClientFactories(input: PlatformClientsInput, dictionaries: DictionaryCache) {
  const { config, options, infra, logger, closers } = input;
  const agent = options.consoleDispatcher ? undefined : createConsoleAgent();
  if (agent) closers.push(() => agent.close());
  const dispatcher = options.consoleDispatcher ?? agent;
  const consoleLogger = logger.child({ component: 'console' });
  const observe = (sample: PlatformRequestSample) => recordPlatformRequest(infra.metrics, sample);
  const newClient = (connection: ConsoleConnection, scope: string) =>
    createConsoleClient({
      connection,
      dispatcher,
      timeouts: { headersMs: config.console.timeoutMs, bodyMs: config.console.timeoutMs },
      logger: consoleLogger,
      observe,
      // The interface asks clients to drop cached dictionaries on a validation 400.
      onValidationError: () => dictionaries.drop(scope),
    });
  const makeClient = reusedPerConnection(newClient);
  const probeClient = (connection: ConsoleConnection, budgetMs: number) =>
    createConsoleClient({
      connection,
      dispatcher,
      timeouts: { headersMs: budgetMs, bodyMs: budgetMs },
      // One attempt, and never past the budget: the whole check fits Slack's window.
      retry: { attempts: 1, deadlineMs: budgetMs },
      logger: consoleLogger,
      observe,
    });
  return { makeClient, probeClient, observe };
}

/**
 * The connection of workspaces that stored none: the embedded sandbox where it is the platform, or
 * CONSOLE_BASE_URL + CONSOLE_API_TOKEN in single-workspace modes. In OAuth mode each workspace connects
 * itself (one token must not serve every workspace that installs the app), unless ALLOW_SANDBOX.
 */
async function resolveDefaultConnection(
  config: Config,
  sandbox: Sandbox | undefined,
): Promise<ConsoleConnection | undefined> {
  if (config.sandbox) {
    if (!sandbox) throw new Error('the embedded sandbox did not start');
    return { baseUrl: sandbox.url, token: await sandbox.issueToken({ name: 'exp-chatops default' }) };
  }
  if (config.slack.mode === 'oauth') return undefined;
  if (config.console.baseUrl && config.console.token) {
    return { baseUrl: config.console.baseUrl, token: config.console.token };
  }
  return undefined;
}
