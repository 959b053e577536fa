import { createHash } from 'node:crypto';
import { type ExperimentKnowledge, type ExperimentView, offeredFrom } from '../experiments/knowledge.js';
import { statusAfter } from '../experiments/transitions.js';
import type { LifecycleEventBody } from './event.js';

/** How long an event id is remembered: a sender retrying for longer would alert again. */
export const EVENT_ID_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface AcceptEventDeps {
  knowledge: ExperimentKnowledge;
  /** Claims a key once across replicas (the store's once-guard). */
  claim: (key: string, ttlMs: number) => Promise<boolean>;
}

export type AcceptOutcome = { kind: 'accepted'; view: ExperimentView } | { kind: 'duplicate' };

/**
 * An inbound event becomes facts of the experiment's record (source `event`, with the sender's actor
 * text) exactly once per event id, across replicas; the caller then alerts like for the app's own
 * actions. The status is the event's own when it names one, else what the transition table says the
 * action leads to.
 */
export async function acceptLifecycleEvent(
  deps: AcceptEventDeps,
  scope: string,
  event: LifecycleEventBody,
): Promise<AcceptOutcome> {
  // Hashed: the id is the sender's free text, the key must stay short and safe.
  const idHash = createHash('sha256').update(event.id).digest('hex').slice(0, 32);
  if (!(await deps.claim(`hook-event:${scope}:${idHash}`, EVENT_ID_TTL_MS))) return { kind: 'duplicate' };
  const k = deps.knowledge;
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
  const record = await k.records.update(
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
              interruptReason: event.interruptReason,
              comment: event.comment,
            },
    },
    'event',
  );
  const learnt = await k.records.learnt(scope);
  return { kind: 'accepted', view: { record, offered: offeredFrom(k, learnt, record) } };
}
