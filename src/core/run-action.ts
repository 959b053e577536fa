import type { Logger } from '../observability/logger.js';
import type { ConnectionLookup, ConnectionResolver, Identity } from './connections.js';
import {
  askPlatform,
  type ExperimentKnowledge,
  type ExperimentView,
  offeredFrom,
} from './experiments/knowledge.js';
import { type ExperimentRecord, emptyRecord } from './experiments/record.js';
import type { Observation } from './experiments/record-store.js';
import { type LearntRefusals, learnRefusal, statusAfter } from './experiments/transitions.js';
import type { IntentLog } from './intents.js';
import type { LifecycleAction } from './lifecycle-action.js';
import { type FailureOf, type PlatformFailure, platformFailure } from './platform/failures.js';
import { type Grant, requireGrant } from './policy/grant.js';
import { recordedStop, type StopReason, toRequest } from './stop-reason.js';
import { type WorkspaceRef, workspaceKey } from './workspace.js';

export interface LifecycleRequest {
  workspace: WorkspaceRef;
  action: LifecycleAction;
  experimentId: number;
  /** Sent as the stop's body; none at all when undefined. */
  stop?: StopReason | undefined;
  actorId: string;
  /** Where it was asked from (recorded with the action). */
  channelId?: string | undefined;
  /**
   * What the access decision allowed: whose token acts (the requester's, after an approval) and
   * whether only their own may. Required: nothing runs without having asked.
   */
  grant: Grant;
  /**
   * Set for a click on a message: the status that message was built for (null: built without one).
   * When the app has learnt another status since, the click is stale and is not sent blindly.
   */
  expectedStatus?: string | null | undefined;
  /** Set when a scheduled action runs (core/schedule): its alerts say who scheduled it. */
  scheduledBy?: string | undefined;
  /** How it was asked, when more than typed or clicked now: its results say so. */
  asked?: AskedHow | undefined;
  /** The intent written when the request was acknowledged (a slash command), which sending supersedes. */
  receipt?: string | undefined;
  /** The stored request this runs (approved, or due): its intent names it, so a sweep ends it. */
  storedRequest?: { scope: string; id: string } | undefined;
}

/** How a request came to run: approved by someone, due at a time it was scheduled for, from a workflow. */
export interface AskedHow {
  approvedBy?: string | undefined;
  /** ISO: the time it was scheduled for, and the zone it was typed in. */
  runAt?: string | undefined;
  timeZone?: string | undefined;
  viaWorkflow?: boolean | undefined;
}

/**
 * `intent`: the intent written before the platform call, still in the store. The caller ends it
 * (IntentLog.end) once the outcome has been told: a process that dies between the platform's answer
 * and the reply leaves it, and the sweep reports the action as outcome unknown.
 */
export type LifecycleOutcome =
  | {
      kind: 'done';
      intent?: string | undefined;
      request: LifecycleRequest;
      tokenExpiresAt: Date | undefined;
      scope: string;
      /** Whose token acted (recorded in the audit trail; never the token). */
      identity: Identity;
      view: ExperimentView;
      readVia?: Connected | undefined;
      /**
       * Settles once the record of the action is written (never rejects: a failure is logged). The
       * outcome is told from `view` meanwhile; whoever ends the request waits for it.
       */
      recorded?: Promise<void> | undefined;
    }
  | {
      kind: 'conflict';
      intent?: string | undefined;
      request: LifecycleRequest;
      error: FailureOf<'status_conflict'>;
      identity: Identity;
      view: ExperimentView;
      readVia?: Connected | undefined;
    }
  /** The click was made on a message built for another state; nothing was sent. */
  | { kind: 'stale'; request: LifecycleRequest; view: ExperimentView }
  | { kind: 'not-connected'; request: LifecycleRequest }
  /** The app's store failed before anything was sent: nothing was done. */
  | { kind: 'unavailable'; request: LifecycleRequest }
  /** The policy asks for the actor's own token (`/exp login`) and they have none; nothing was sent. */
  | { kind: 'personal-required'; request: LifecycleRequest }
  | {
      kind: 'connection-invalid';
      request: LifecycleRequest;
      reason: string | undefined;
      identity: Identity;
      /** No configured key opens the stored token: it must be connected again. */
      unreadable: boolean;
    }
  | {
      kind: 'failed';
      request: LifecycleRequest;
      error: PlatformFailure;
      identity: Identity;
      intent?: string | undefined;
    };

export interface LifecycleDeps {
  connections: ConnectionResolver;
  knowledge: ExperimentKnowledge;
  logger: Logger;
  /** Written before the platform call, ended by the caller once told: a killed process leaves it to be reported. */
  intents?: IntentLog | undefined;
}

/** Told as the action goes; the caller's intent handling (core/lifecycle/told-intent.ts). */
export interface LifecycleHooks {
  /** The platform has answered the action sent under `intent`: done, or refused / failed. */
  answered?: (intent: string | undefined, outcome: 'done' | 'not-done') => void;
}

type Connected = Extract<ConnectionLookup, { kind: 'connected' }>;

/**
 * `readVia` on an outcome: the connection the action used when it is the team's (the channel's, the
 * workspace's or the default), i.e. the one a look-up for the channel would return; telling the
 * outcome reads the card's dictionary names through it instead of looking it up again. Absent when a
 * person's own token acted: what the channel is shown is read through the team's connection.
 */
const teamsOwn = (connection: Connected): Connected | undefined =>
  connection.identity === 'personal' ? undefined : connection;
type DoneOutcome = Extract<LifecycleOutcome, { kind: 'done' }>;

/** What the action is run with once the app's knowledge and the connection have been read. */
interface Attempt {
  deps: LifecycleDeps;
  request: LifecycleRequest;
  scope: string;
  before: ExperimentRecord | undefined;
  connection: Connected;
  log: Logger;
}

/**
 * Runs one lifecycle action and classifies the result; what the platform said is recorded (the
 * status a conflict names, the status a success leads to per the transition table, a 404). Never
 * throws for platform failures: the caller renders each outcome; only programming errors propagate.
 */
export async function runLifecycleAction(
  deps: LifecycleDeps,
  request: LifecycleRequest,
  hooks: LifecycleHooks = {},
): Promise<LifecycleOutcome> {
  const scope = workspaceKey(request.workspace);
  const { action, experimentId } = request;
  requireGrant(request.grant, scope, action);
  const known = await readBeforeSending(deps, request, scope);
  if ('kind' in known) return known;
  const { before, connection } = known;
  const log = deps.logger.child({
    action,
    experimentId,
    workspace: connection.scope,
    actor: request.actorId,
  });
  const attempt: Attempt = { deps, request, scope, before, connection, log };
  let intent: string | undefined;
  try {
    intent = await deps.intents?.begin({
      workspace: request.workspace,
      action,
      experimentId,
      actorId: request.actorId,
      channelId: request.channelId,
      receipt: request.receipt,
      request: request.storedRequest,
    });
  } catch (error) {
    log.error('lifecycle action not attempted: its intent could not be recorded', { error });
    return { kind: 'unavailable', request };
  }
  try {
    await connection.api.runAction(
      action,
      experimentId,
      request.stop === undefined ? undefined : toRequest(request.stop),
    );
  } catch (error) {
    if (platformFailure(error)) hooks.answered?.(intent, 'not-done');
    return await refused(attempt, error, intent);
  }
  log.info('lifecycle action done');
  hooks.answered?.(intent, 'done');
  return await recordDone(attempt, intent);
}

/**
 * Nothing is sent until what the app knows (record, connection) has been read: a store failure
 * here means nothing was done, and says so. A click on a message built for another status than the
 * one the app now knows is stale.
 */
async function readBeforeSending(
  deps: LifecycleDeps,
  request: LifecycleRequest,
  scope: string,
): Promise<{ before: ExperimentRecord | undefined; connection: Connected } | LifecycleOutcome> {
  const { knowledge: k } = deps;
  const { action, experimentId } = request;
  let before: ExperimentRecord | undefined;
  let connection: ConnectionLookup;
  try {
    // Read together (one wait, not two); a stale click wastes the connection's read, which is rare.
    [before, connection] = await Promise.all([
      k.records.get(scope, experimentId),
      deps.connections.lookup(request.workspace, {
        userId: request.grant.actingAs.userId,
        channelId: request.channelId,
        personalRequired: request.grant.actingAs.personalRequired,
      }),
    ]);
    if (
      request.expectedStatus !== undefined &&
      before?.status &&
      before.status.value !== request.expectedStatus
    ) {
      const learnt = await k.records.learnt(scope);
      return { kind: 'stale', request, view: { record: before, offered: offeredFrom(k, learnt, before) } };
    }
  } catch (error) {
    deps.logger.error('lifecycle action not attempted: the store failed first', {
      action,
      experimentId,
      error,
    });
    return { kind: 'unavailable', request };
  }
  if (connection.kind === 'not-connected') return { kind: 'not-connected', request };
  if (connection.kind === 'personal-required') return { kind: 'personal-required', request };
  if (connection.kind === 'invalid')
    return {
      kind: 'connection-invalid',
      request,
      reason: connection.reason,
      identity: connection.identity,
      unreadable: connection.state === 'unreadable',
    };
  return { before, connection };
}

/** The platform did it: the record learns the action and the status it leads to. */
async function recordDone(attempt: Attempt, intent: string | undefined): Promise<DoneOutcome> {
  const { deps, request, before, connection, log } = attempt;
  const { knowledge: k } = deps;
  const { action, experimentId } = request;
  const done = {
    kind: 'done' as const,
    request,
    tokenExpiresAt: connection.expiresAt,
    scope: connection.scope,
    intent,
    identity: connection.identity,
    readVia: teamsOwn(connection),
  };
  const status = statusAfter(k.transitions, before?.status?.value, action);
  try {
    const acted = {
      status,
      action: {
        action,
        actorId: request.actorId,
        at: k.now().toISOString(),
        source: 'slack' as const,
        channelId: request.channelId,
        ...recordedStop(request.stop),
      },
    };
    const observed = await recordWithName(attempt, { update: acted, source: 'app-action' });
    const { record: known, learnt } = observed;
    // Told from the merged record while it is written: the reply does not wait for the write.
    const recorded = observed.written.catch((error: unknown) => notRecorded(log, error));
    const view = { record: known, offered: offeredFrom(k, learnt, known) };
    return { ...done, view, recorded };
  } catch (recordError) {
    notRecorded(log, recordError);
    const record = before ?? emptyRecord(experimentId, k.now().toISOString());
    const shown = status
      ? { ...record, status: { value: status, source: 'app-action' as const, at: k.now().toISOString() } }
      : record;
    return { ...done, view: { record: shown, offered: offeredFrom(k, {}, shown) } };
  }
}

/** The platform did it; only the app's memory of it failed. The person hears it was done. */
function notRecorded(log: Logger, error: unknown): void {
  log.error('lifecycle action done but not recorded', { error });
}

/**
 * The platform did not do it: the outcome is classified and told as the platform gave it. What it
 * taught is recorded; a store failure there is logged and changes nothing of what is told.
 */
async function refused(
  attempt: Attempt,
  error: unknown,
  intent: string | undefined,
): Promise<LifecycleOutcome> {
  const { request, connection, log } = attempt;
  const failure = platformFailure(error);
  if (failure === undefined) throw error;
  if (failure.kind === 'status_conflict') return await conflicted(attempt, failure, intent);
  await recordFailure(attempt, failure);
  log.warn('lifecycle action failed', { error: failure.kind, status: failure.status });
  return { kind: 'failed', request, error: failure, identity: connection.identity, intent };
}

/** Refused in the experiment's current status: the record learns that status and the refusal. */
async function conflicted(
  attempt: Attempt,
  error: FailureOf<'status_conflict'>,
  intent: string | undefined,
): Promise<LifecycleOutcome> {
  const { deps, request, connection, log } = attempt;
  const { knowledge: k } = deps;
  log.info('lifecycle action refused by status', { currentStatus: error.currentStatus });
  const status = error.currentStatus;
  const observed = await recordWithName(attempt, { update: { status }, source: 'platform-conflict' });
  await observed.written.catch((storeError: unknown) => answerNotRecorded(log, storeError));
  const { record } = observed;
  // The platform just proved the action is not allowed from that status: stop offering it.
  const learnt = status ? await refusalsLearnt(attempt, status, observed.learnt) : observed.learnt;
  return {
    kind: 'conflict',
    request,
    error,
    intent,
    identity: connection.identity,
    view: { record, offered: offeredFrom(k, learnt, record) },
    readVia: teamsOwn(connection),
  };
}

/** The refusals learnt with this one; when the store does not take it, those known here with it. */
async function refusalsLearnt(
  attempt: Attempt,
  status: string,
  known: LearntRefusals,
): Promise<LearntRefusals> {
  const { deps, scope, request, log } = attempt;
  try {
    return await deps.knowledge.records.learn(scope, status, request.action);
  } catch (error) {
    answerNotRecorded(log, error);
    return learnRefusal(known, status, request.action);
  }
}

/**
 * What a failure taught: a 404 that the experiment is not there (kept by the record store when the
 * store does not take it), a 403 that the stored token is refused. The token's mark is not kept for
 * later: written late it could refuse a token connected again meanwhile, and the refused one is
 * refused again, and marked then, the next time it is used.
 */
async function recordFailure(attempt: Attempt, error: PlatformFailure): Promise<void> {
  const { deps, scope, request, connection, log } = attempt;
  try {
    if (error.kind === 'not_found')
      await deps.knowledge.records.update(scope, request.experimentId, { notFound: true }, 'platform-read');
    if (error.kind === 'invalid_token')
      await deps.connections.markInvalid(connection.owner, 'platform answered 403 Invalid api key provided');
  } catch (storeError) {
    answerNotRecorded(log, storeError);
  }
}

/** The platform answered; only the app's memory of the answer failed. The outcome is told as it is. */
function answerNotRecorded(log: Logger, error: unknown): void {
  log.error('lifecycle action answered but its answer not recorded', { error });
}

/** A reply should name the experiment: the first time the app meets one, it asks the platform. */
const NAME_READ_BUDGET_MS = 1_500;

/**
 * Records what the action taught; for an experiment the app has no name for, what the platform's
 * read says is asked first and merged into the same write (one record write, not two). The learnt
 * refusals come with the record's read: what the outcome offers next needs both. A store failure
 * does not reject: the record store keeps what it did not take, and `written` rejects.
 */
async function recordWithName(
  attempt: Attempt,
  learnt: Observation,
): Promise<{ record: ExperimentRecord; learnt: LearntRefusals; written: Promise<void> }> {
  const { deps, scope, before, connection, request } = attempt;
  const { knowledge: k } = deps;
  const observations = [learnt];
  if (!before?.name) {
    const asked = await askPlatform(k, connection, scope, request.experimentId, NAME_READ_BUDGET_MS);
    if (asked.kind === 'read' || asked.kind === 'not-found') observations.push(asked.observation);
  }
  // When the store cannot be read now, the reply is built from what was read before sending.
  const known = before ?? emptyRecord(request.experimentId, k.now().toISOString());
  return k.records.observeWithLearnt(scope, request.experimentId, observations, { known });
}
