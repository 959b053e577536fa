import type { Identity } from '../connections.js';
import type { PlatformFailure } from '../platform/failures.js';
import type { LifecycleOutcome, LifecycleRequest } from '../run-action.js';
import { workspaceKey } from '../workspace.js';
import { auditEntryOf } from './audit-entry.js';
import { dueExpiryReminder } from './expiry-reminder.js';
import type { PerformActionPorts, PerformedAction, PerformedKind } from './ports.js';
import { type ToldIntent, toldIntent } from './told-intent.js';

type DoneOutcome = Extract<LifecycleOutcome, { kind: 'done' }>;

/**
 * The one path every lifecycle trigger takes (slash command, button, stop modal, approval): take an
 * action slot, run the action, tell its outcome where it was asked from, end its intent, remind of
 * an expiring token, alert the subscribers of a done action; the attempt is audited whatever
 * happened, a refusal for want of a slot and a crash included.
 */
export async function performAction<Told>(
  ports: PerformActionPorts<Told>,
  request: LifecycleRequest,
  /** The caller already took one of the process's action slots for it (given back here); else one is taken here. */
  slotHeld = false,
): Promise<PerformedAction<Told>> {
  let kind: PerformedKind = 'crashed';
  let identity: Identity | undefined;
  const audit = auditOnce(ports, request);
  try {
    const performed = await inSlot(ports, request, slotHeld, audit);
    kind = performed.kind;
    identity = performed.identity;
    return performed;
  } finally {
    await audit(kind, identity);
  }
}

/** Audits the attempt once: as soon as its outcome has been told, or at the end whatever happened. */
type AuditOnce = (kind: PerformedKind, identity: Identity | undefined) => Promise<void>;

function auditOnce<Told>(ports: PerformActionPorts<Told>, request: LifecycleRequest): AuditOnce {
  let audited: Promise<void> | undefined;
  return (kind, identity) => {
    audited ??= ports.audit.record(workspaceKey(request.workspace), auditEntryOf(request, kind, identity));
    return audited;
  };
}

async function inSlot<Told>(
  ports: PerformActionPorts<Told>,
  request: LifecycleRequest,
  slotHeld: boolean,
  audit: AuditOnce,
): Promise<PerformedAction<Told>> {
  // Bounded: with a platform that hangs, acked actions would otherwise pile up without limit.
  const workspace = workspaceKey(request.workspace);
  if (!slotHeld && !ports.slots.tryTake(workspace)) return { kind: 'busy', told: await ports.tell.busy() };
  const held = request.storedRequest !== undefined;
  const intent = toldIntent(ports.intents, held);
  try {
    const performed = await runAndTell(ports, request, { intent, audit });
    return held ? { ...performed, releaseIntent: intent.release } : performed;
  } finally {
    // Telling failed or threw before the end: the outcome is known here, so the intent goes anyway
    // (and whatever the telling left running is waited for: the request ends with its work).
    await Promise.all([intent.end(), ports.tell.settled()]);
    ports.slots.give(workspace);
  }
}

/** What follows telling: the intent's end and the audit record, written together. */
interface AfterTelling {
  intent: ToldIntent;
  audit: AuditOnce;
}

async function runAndTell<Told>(
  ports: PerformActionPorts<Told>,
  request: LifecycleRequest,
  after: AfterTelling,
): Promise<PerformedAction<Told>> {
  const { action, experimentId } = request;
  const { intent } = after;
  let counted = 'crashed';
  let answered = false;
  try {
    const outcome = await ports.run(request, { answered: intent.answered });
    answered = true;
    counted = outcome.kind;
    await intent.telling(outcome);
    if (outcome.kind === 'done') return await tellDone(ports, outcome, after);
    const told = await ports.tell.outcome(outcome);
    const identity = 'identity' in outcome ? outcome.identity : undefined;
    await Promise.all([intent.end(), after.audit(outcome.kind, identity), ports.tell.settled()]);
    if (outcome.kind !== 'failed') return { kind: outcome.kind, told, identity };
    const unknown = mayHaveApplied(outcome.error);
    if (unknown) await notifyUnknown(ports, request);
    return { kind: 'failed', told, identity, why: outcome.error.kind, unknown };
  } catch (error) {
    ports.logger.error('lifecycle flow failed', { error, action, experimentId });
    // The flow threw somewhere between asking and telling: the action may have been sent.
    const told = await ports.tell.crashed(error);
    // Only when the run itself broke: a known outcome whose telling failed was alerted as it was.
    if (!answered) await notifyUnknown(ports, request);
    return { kind: 'crashed', told, unknown: true };
  } finally {
    ports.metrics.inc('exp_lifecycle_total', { action, outcome: counted });
  }
}

/**
 * The experiment's subscribers hear of an action whose outcome is unknown as they would of a done
 * one (never held in quiet hours): the experiment may have changed course. Never throws.
 */
async function notifyUnknown<Told>(
  ports: PerformActionPorts<Told>,
  request: LifecycleRequest,
): Promise<void> {
  const { action, experimentId, actorId, stop } = request;
  await ports
    .notifySubscribers({ action, experimentId, actorId, stop, unknown: true }, undefined)
    .catch((error: unknown) => ports.logger.error('outcome-unknown alert not queued', { error }));
}

/** A lifecycle POST that failed after it may have reached the platform (as the replies word it). */
function mayHaveApplied(error: PlatformFailure): boolean {
  if (error.kind === 'server') return true;
  if (error.kind === 'timeout' || error.kind === 'connection') return error.outcomeUnknown;
  return false;
}

async function tellDone<Told>(
  ports: PerformActionPorts<Told>,
  outcome: DoneOutcome,
  { intent, audit }: AfterTelling,
): Promise<PerformedAction<Told>> {
  const { request } = outcome;
  try {
    const told = await ports.tell.outcome(outcome);
    // Independent writes once told, issued together (one commit on SQLite, one round trip on Redis).
    const [, , , days] = await Promise.all([
      intent.end(),
      audit('done', outcome.identity),
      ports.tell.settled(),
      reminderDue(ports, outcome),
    ]);
    if (days !== undefined) await ports.tell.expiringSoon(days);
    return { kind: 'done', told, identity: outcome.identity };
  } finally {
    // The action happened whatever became of the replies: subscribers hear of it regardless. The
    // request ends with the record's write, which went on while the outcome was told.
    await Promise.all([
      outcome.recorded,
      ports.notifySubscribers(
        {
          action: request.action,
          experimentId: request.experimentId,
          actorId: request.actorId,
          stop: request.stop,
        },
        outcome.view,
      ),
    ]);
  }
}

/**
 * The reminder's claim is in the store: when the store fails, the reminder waits for a later action
 * and the action stays told as done.
 */
async function reminderDue<Told>(
  ports: PerformActionPorts<Told>,
  outcome: DoneOutcome,
): Promise<number | undefined> {
  try {
    return await dueExpiryReminder(ports.expiry, outcome.scope, outcome.tokenExpiresAt);
  } catch (error) {
    ports.logger.error('token expiry reminder skipped: its claim failed', { error });
    return undefined;
  }
}
