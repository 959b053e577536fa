import { createHash } from 'node:crypto';
import type { Config } from '../config.js';
import { readJwtClaims } from '../console/jwt-claims.js';
import type { ConsoleConnection } from '../console/types.js';
import { LEASE_MS } from '../core/intents.js';
import { createScheduler, type PeriodicJob } from '../jobs/scheduler.js';
import type { Logger } from '../observability/logger.js';
import { type ConfiguredToken, sweepTokenHealth } from '../slack/connection/token-health-sweep.js';
import type { SlackDeps } from '../slack/deps.js';
import { RHYTHM_INTERVAL_MS, rhythmPass } from '../slack/digest/rhythm-sweep.js';
import { recheckDelay, reportOrphanedActions, SWEEP_INTERVAL_MS } from '../slack/lifecycle/orphan-sweep.js';
import { dueRequestsPass } from '../slack/requests/due-requests.js';
import { pollSubscribedExperiments } from '../slack/subscriptions/poll-experiments.js';
import type { Store } from '../store/create-store.js';
import type { Closers } from './closers.js';
import type { StartOptions } from './start-options.js';
import type { WorkspaceClients } from './workspace-clients.js';

const TOKEN_HEALTH_INTERVAL_MS = 60_000;
/** How often every replica looks at the clock for due requests: a request runs at most this late. */
const DUE_REQUESTS_INTERVAL_MS = 5_000;
/**
 * How often a replica writes what its store did not take (kept in its memory). Another replica
 * reports an intent only once this process's lease has lapsed: an end kept through an outage is
 * written within seconds of the store's return, so only a process that dies in those seconds
 * leaves one behind; a refusal's record lands as soon.
 */
const KEPT_WRITES_INTERVAL_MS = 2_000;

export interface PeriodicJobsInput {
  config: Config;
  options: Pick<
    StartOptions,
    'tokenHealthIntervalMs' | 'pollIntervalMs' | 'scheduleClock' | 'rhythmIntervalMs'
  >;
  deps: SlackDeps;
  workspaces: WorkspaceClients;
  defaultConnection: ConsoleConnection | undefined;
  logger: Logger;
}

/**
 * Starts every periodic job of this replica on one scheduler, stopped (and its runs awaited) on close.
 * Resolves once this process's intents lease is written, before the first sweep looks at others'.
 */
export async function startPeriodicJobs(
  input: PeriodicJobsInput & { store: Store; closers: Closers },
): Promise<void> {
  const { store, logger } = input;
  const scheduler = createScheduler({ logger, claim: (key, ttlMs) => store.locks.claim(key, ttlMs) });
  input.closers.push(() => scheduler.stop());
  await scheduler.start(periodicJobs(input));
}

/** Every periodic job of a replica, in the order they first run. */
function periodicJobs(input: PeriodicJobsInput): PeriodicJob[] {
  const poll = experimentPoll(input);
  return [
    intentLease(input),
    orphanSweep(input),
    dueRequests(input),
    keptWrites(input),
    tokenHealth(input),
    channelRhythm(input),
    ...(poll ? [poll] : []),
  ];
}

/**
 * Quiet hours ending and digests coming due: looked for by the wall clock every 30 s on every
 * replica, never by one long timer, so a suspended host or a stepped clock delays nothing; each
 * summary and digest is posted by one replica (rhythm-sweep.ts).
 */
function channelRhythm({ deps, logger, options }: PeriodicJobsInput): PeriodicJob {
  return {
    name: 'channel-rhythm',
    everyMs: options.rhythmIntervalMs ?? RHYTHM_INTERVAL_MS,
    failure: 'could not look for held alerts or digests due',
    run: async () => {
      const pass = await rhythmPass(deps, deps.channelAlerts.now());
      if (pass.digests + pass.summaries + pass.nudges > 0)
        logger.info('channel digests, quiet-hours summaries and running-long nudges posted', { ...pass });
      return undefined;
    },
  };
}

/**
 * The lease tells other replicas' sweeps that this process is alive and its intents are not theirs:
 * renewed before the first sweep, on every replica.
 */
function intentLease({ deps }: PeriodicJobsInput): PeriodicJob {
  return {
    name: 'intents-lease',
    everyMs: Math.floor(LEASE_MS / 3),
    firstRun: 'awaited',
    failure: 'could not renew the intents lease',
    run: async () => {
      await deps.intents.renewLease();
      return undefined;
    },
  };
}

/**
 * Actions a killed process left between sending and hearing back: reported at start, every minute,
 * and as soon as another process's intent may have become one (its deadline, its owner's lease
 * ending). Every replica looks; each report is claimed once (orphan-sweep.ts).
 */
/** How soon a failed orphan sweep looks again. */
const ORPHAN_RETRY_MS = 5_000;

function orphanSweep({ deps, workspaces, logger }: PeriodicJobsInput): PeriodicJob {
  return {
    name: 'orphan-sweep',
    everyMs: SWEEP_INTERVAL_MS,
    firstRun: 'at-start',
    failure: 'could not look for interrupted lifecycle actions',
    // A look cut by a store blip would otherwise wait a minute, however soon a dead replica's
    // intents become orphans: its runs' requests would meanwhile be given up by the due pass.
    retryAfterFailureMs: ORPHAN_RETRY_MS,
    run: async () => {
      const { reported, recheckAt } = await reportOrphanedActions(deps, workspaces.clientFor);
      if (reported > 0) logger.warn('reported interrupted lifecycle actions', { reported });
      return { againInMs: recheckDelay(recheckAt, Date.now()) };
    },
  };
}

/**
 * Waiting requests that should move by now (due, lapsed, stuck): looked for by the wall clock every
 * few seconds on every replica, never by one long timer, so a suspended host or a stepped clock
 * delays nothing; each request is moved once across replicas by compare-and-set. A pass that
 * knows the next due time sooner than the next tick looks again then.
 */
function dueRequests({ deps, workspaces, options }: PeriodicJobsInput): PeriodicJob {
  const pass = dueRequestsPass(deps, workspaces.clientFor, options.scheduleClock);
  const now = options.scheduleClock ?? (() => new Date());
  return {
    name: 'due-requests',
    everyMs: DUE_REQUESTS_INTERVAL_MS,
    firstRun: 'at-start',
    failure: 'could not look for due requests',
    run: async () => {
      const { nextDueAt } = await pass();
      if (nextDueAt === undefined) return undefined;
      const inMs = Math.max(nextDueAt - now().getTime(), 50);
      return inMs < DUE_REQUESTS_INTERVAL_MS ? { againInMs: inMs } : undefined;
    },
  };
}

/**
 * What the store did not take (an intent's end, a record's observation, a learnt refusal, a
 * request's end), written
 * once it takes writes again. On every replica: each kept its own. Nothing kept costs no store call.
 */
function keptWrites({ deps, logger }: PeriodicJobsInput): PeriodicJob {
  return {
    name: 'kept-writes',
    everyMs: KEPT_WRITES_INTERVAL_MS,
    failure: 'could not write what the store did not take earlier',
    run: async () => {
      const [intents, records, requests] = await Promise.all([
        deps.intents.writeKept(),
        deps.knowledge.records.writeKept(),
        deps.requests.writeKept(),
      ]);
      if (intents + records + requests > 0)
        logger.debug('writes kept for the store', { intents, records, requests });
      return undefined;
    },
  };
}

/** Token health: once per interval across replicas, each reminder once per token (token-health-sweep.ts). */
function tokenHealth(input: PeriodicJobsInput): PeriodicJob {
  const { deps } = input;
  return {
    name: 'token-health',
    everyMs: input.options.tokenHealthIntervalMs ?? TOKEN_HEALTH_INTERVAL_MS,
    firstRun: 'at-start',
    lease: 'token-health:sweep',
    failure: 'the token health check failed',
    run: async () => {
      await sweepTokenHealth({ deps, now: new Date(), configured: await configuredToken(input) });
      return undefined;
    },
  };
}

/** The token the app was started with, named by a digest (never the token) for the once-guard. */
async function configuredToken(input: PeriodicJobsInput): Promise<ConfiguredToken | undefined> {
  const token = input.defaultConnection?.token;
  if (!input.defaultConnection || !token) return undefined;
  const workspace = await input.workspaces.configuredWorkspace();
  if (!workspace) return undefined;
  return {
    workspace,
    baseUrl: input.defaultConnection.baseUrl,
    expiresAt: readJwtClaims(token)?.expiresAt,
    tokenKey: createHash('sha256').update(token).digest('hex').slice(0, 16),
  };
}

/** Polling (POLL_INTERVAL_SECONDS): one replica per interval reads the experiments named by id. */
function experimentPoll({ config, options, deps, logger }: PeriodicJobsInput): PeriodicJob | undefined {
  const pollMs = options.pollIntervalMs ?? config.pollIntervalMs;
  if (pollMs === undefined) return undefined;
  return {
    name: 'experiment-poll',
    everyMs: pollMs,
    lease: 'poll:round',
    failure: 'the experiment poll failed',
    run: async () => {
      const report = await pollSubscribedExperiments(deps, Math.min(config.console.timeoutMs, pollMs));
      if (report.changed > 0) logger.info('polled experiments changed status', { ...report });
      return undefined;
    },
  };
}
