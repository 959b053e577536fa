import type { Logger } from '../../observability/logger.js';
import type { ConnectionResolver } from '../connections.js';
import type { FieldMapping } from '../experiment-fields.js';
import type { LifecycleAction } from '../lifecycle-action.js';
import type { PlatformApi } from '../platform/platform-api.js';
import { type WorkspaceRef, workspaceKey } from '../workspace.js';
import { connectionKey, type ReadRouteMemory, readFromPlatform } from './read-route.js';
import { type ExperimentRecord, recentlyNotFound } from './record.js';
import type { ExperimentRecords, Observation } from './record-store.js';
import {
  allows,
  type LearntRefusals,
  offeredActions,
  type TableAction,
  type TransitionTable,
} from './transitions.js';

/** Everything the use-cases need to know experiments; built once by the composition root. */
export interface ExperimentKnowledge {
  records: ExperimentRecords;
  transitions: TransitionTable;
  readRoute: ReadRouteMemory;
  experimentFields: FieldMapping;
  logger: Logger;
  now: () => Date;
}

/** A record and the lifecycle actions that make sense from its known status (none when unknown). */
export interface ExperimentView {
  record: ExperimentRecord;
  offered: LifecycleAction[];
}

/** How long a platform "not found" keeps forms from opening for that id. */
const NOT_FOUND_MEMORY_MS = 15 * 60 * 1000;

export async function viewOf(
  k: ExperimentKnowledge,
  scope: string,
  record: ExperimentRecord,
): Promise<ExperimentView> {
  const learnt = await k.records.learnt(scope);
  return { record, offered: offeredActions(k.transitions, learnt, record.status?.value) };
}

export function offeredFrom(
  k: ExperimentKnowledge,
  learnt: LearntRefusals,
  record: ExperimentRecord,
): LifecycleAction[] {
  return offeredActions(k.transitions, learnt, record.status?.value);
}

export type LookUpOutcome =
  | {
      kind: 'known';
      view: ExperimentView;
      /** What asking the platform gave: fresh facts, no read route, a failure, or not asked. */
      refreshed: 'read' | 'route-missing' | 'failed' | 'skipped';
    }
  | { kind: 'not-found'; view: ExperimentView }
  /** Nothing recorded and nothing the platform could tell. */
  | { kind: 'unknown'; refreshed: 'route-missing' | 'failed' | 'skipped' }
  | { kind: 'not-connected' }
  | { kind: 'connection-invalid' };

/**
 * What the app knows of an experiment, refreshed from the platform's (assumed) read route when asked
 * and the route exists; the platform's answer is recorded, so the next look costs nothing.
 */
export async function lookUpExperiment(
  k: ExperimentKnowledge,
  connections: ConnectionResolver,
  workspace: WorkspaceRef,
  experimentId: number,
  /** channelId: where it is asked; a channel with its own (team's) connection reads through it. */
  options: { refresh: boolean; budgetMs: number; channelId?: string | undefined },
): Promise<LookUpOutcome> {
  const scope = workspaceKey(workspace);
  let refreshed: 'read' | 'route-missing' | 'failed' | 'skipped' = 'skipped';
  let record = await k.records.get(scope, experimentId);
  if (options.refresh) {
    const connection = await connections.lookup(workspace, { channelId: options.channelId });
    if ((connection.kind === 'not-connected' || connection.kind === 'personal-required') && !record)
      return { kind: 'not-connected' };
    if (connection.kind === 'invalid' && !record) return { kind: 'connection-invalid' };
    if (connection.kind === 'connected') {
      const asked = await askPlatform(k, connection, scope, experimentId, options.budgetMs);
      if (asked.kind === 'route-missing' || asked.kind === 'failed') refreshed = asked.kind;
      else {
        record = await k.records.observe(scope, experimentId, [asked.observation]);
        if (asked.kind === 'not-found') return { kind: 'not-found', view: await viewOf(k, scope, record) };
        refreshed = 'read';
      }
    }
  }
  if (!record) return { kind: 'unknown', refreshed: refreshed === 'read' ? 'skipped' : refreshed };
  const view = await viewOf(k, scope, record);
  if (recentlyNotFound(record, k.now(), NOT_FOUND_MEMORY_MS) && !record.status)
    return { kind: 'not-found', view };
  return { kind: 'known', view, refreshed };
}

export type ReadAndRecord =
  | { kind: 'read'; record: ExperimentRecord }
  | { kind: 'not-found'; record: ExperimentRecord }
  | { kind: 'route-missing' }
  | { kind: 'failed' };

/**
 * Asks the platform's (assumed) read route, within a budget, and records what it says; remembers a
 * missing route per connection so it is not asked again for an hour.
 */
export async function readAndRecord(
  k: ExperimentKnowledge,
  connection: { api: PlatformApi; baseUrl: string },
  scope: string,
  experimentId: number,
  budgetMs: number,
): Promise<ReadAndRecord> {
  const asked = await askPlatform(k, connection, scope, experimentId, budgetMs);
  if (asked.kind === 'route-missing' || asked.kind === 'failed') return asked;
  const record = await k.records.observe(scope, experimentId, [asked.observation]);
  return asked.kind === 'read' ? { kind: 'read', record } : { kind: 'not-found', record };
}

export type PlatformFacts =
  | { kind: 'read'; observation: Observation }
  | { kind: 'not-found'; observation: Observation }
  | { kind: 'route-missing' }
  | { kind: 'failed' };

/**
 * What the platform's (assumed) read route says of an experiment, within a budget, not yet
 * recorded: a caller with more to record merges it in the same write. A missing route is
 * remembered per connection (an hour), so it is not asked again meanwhile.
 */
export async function askPlatform(
  k: ExperimentKnowledge,
  connection: { api: PlatformApi; baseUrl: string },
  scope: string,
  experimentId: number,
  budgetMs: number,
): Promise<PlatformFacts> {
  const memo = connectionKey(scope, connection.baseUrl);
  if (await k.readRoute.isMissing(memo)) return { kind: 'route-missing' };
  const read = await withBudget(readFromPlatform(connection.api, experimentId, k.experimentFields), budgetMs);
  if (read === 'late' || read.kind === 'failed') return { kind: 'failed' };
  if (read.kind === 'route-missing') {
    await k.readRoute.markMissing(memo);
    k.logger.info('the platform has no experiment read route; working from the record', { scope });
    return { kind: 'route-missing' };
  }
  if (read.kind === 'not-found')
    return { kind: 'not-found', observation: { update: { notFound: true }, source: 'platform-read' } };
  return { kind: 'read', observation: { update: read.update, source: 'platform-read' } };
}

export type FormCheck =
  | { kind: 'open'; record: ExperimentRecord | undefined }
  /** The platform said recently that this id does not exist. */
  | { kind: 'not-found'; record: ExperimentRecord }
  /** The known status does not allow the action: the form would only waste the person's typing. */
  | { kind: 'not-allowed'; record: ExperimentRecord; status: string; offered: LifecycleAction[] };

/**
 * Before a form opens for an action (stop, edit): refuse what the app knows will fail. Unknown
 * means the form opens as it always did; the platform stays the judge.
 */
export async function checkBeforeForm(
  k: ExperimentKnowledge,
  workspace: WorkspaceRef,
  experimentId: number,
  action: TableAction,
): Promise<FormCheck> {
  const scope = workspaceKey(workspace);
  const record = await k.records.get(scope, experimentId);
  if (!record) return { kind: 'open', record };
  if (recentlyNotFound(record, k.now(), NOT_FOUND_MEMORY_MS)) return { kind: 'not-found', record };
  const status = record.status?.value;
  const learnt = await k.records.learnt(scope);
  if (status !== undefined && allows(k.transitions, learnt, status, action) === 'no') {
    return { kind: 'not-allowed', record, status, offered: offeredActions(k.transitions, learnt, status) };
  }
  return { kind: 'open', record };
}

async function withBudget<T>(work: Promise<T>, budgetMs: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), budgetMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
