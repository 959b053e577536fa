import { type ExperimentKnowledge, type ExperimentView, offeredFrom } from '../experiments/knowledge.js';
import type { ExperimentRecord } from '../experiments/record.js';
import { statusAfter } from '../experiments/transitions.js';
import { recordedStop, stopReasonOfEvent } from '../stop-reason.js';
import type { LifecycleEventBody } from './event.js';
import type { EventClaims } from './event-claims.js';

export interface AcceptEventDeps {
  knowledge: ExperimentKnowledge;
  /** Event ids taken once across replicas, given back when the event could not be recorded. */
  claims: EventClaims;
  /** Queues the event's alerts; must throw when they could not be queued (the sender then retries). */
  alert: (view: ExperimentView) => Promise<void>;
  /** Told when a claim could not be given back: that event's retries are taken for duplicates. */
  onReleaseFailed: (error: unknown) => void;
}

export type AcceptOutcome = { kind: 'accepted'; view: ExperimentView } | { kind: 'duplicate' };

/**
 * An inbound event becomes facts of the experiment's record (source `event`, with the sender's actor
 * text) and queued alerts exactly once per event id, across replicas. The id counts as taken only
 * once both are written: when either write fails the claim is given back and the error thrown, so
 * the sender's retry (after a 503) is processed instead of being called a duplicate.
 */
export async function acceptLifecycleEvent(
  deps: AcceptEventDeps,
  scope: string,
  event: LifecycleEventBody,
): Promise<AcceptOutcome> {
  const claim = await deps.claims.take(scope, event.id);
  if (!claim) return { kind: 'duplicate' };
  let recorded = claim.recorded;
  try {
    const k = deps.knowledge;
    // A retry after a failed alert write finds the record already updated: applied once, not twice.
    const earlier = recorded ? await k.records.get(scope, event.experimentId) : undefined;
    const record = earlier ?? (await recordEvent(k, scope, event));
    recorded = true;
    const view = { record, offered: offeredFrom(k, await k.records.learnt(scope), record) };
    await deps.alert(view);
    return { kind: 'accepted', view };
  } catch (error) {
    await claim.release({ recorded }).catch(deps.onReleaseFailed);
    throw error;
  }
}

/** The status is the event's own when it names one, else what the transition table says the action leads to. */
async function recordEvent(
  k: ExperimentKnowledge,
  scope: string,
  event: LifecycleEventBody,
): Promise<ExperimentRecord> {
  const before = await k.records.get(scope, event.experimentId);
  const lifecycle =
    event.action === 'start' ||
    event.action === 'stop' ||
    event.action === 'archive' ||
    event.action === 'unarchive'
      ? event.action
      : undefined;
  const status =
    event.status ?? (lifecycle ? statusAfter(k.transitions, before?.status?.value, lifecycle) : undefined);
  return k.records.update(
    scope,
    event.experimentId,
    {
      name: event.name,
      team: event.team,
      type: event.type,
      status,
      action:
        event.action === 'status'
          ? undefined
          : {
              action: event.action,
              actor: event.actor,
              at: event.occurredAt ?? k.now().toISOString(),
              source: 'event',
              ...recordedStop(stopReasonOfEvent(event)),
            },
    },
    'event',
    // The sender retries an event answered 503: a write kept to retry here would apply it twice.
    { keep: false },
  );
}
