import type { Logger } from '../../observability/logger.js';
import { createKeptWrites, type KeptWrites } from '../kept-writes.js';
import type { LifecycleAction } from '../lifecycle-action.js';
import type { StampedObservation } from './record-writes.js';
import { type LearntRefusals, learnRefusal } from './transitions.js';

/**
 * Records with observations the store did not take, kept for a later write: the most a long outage
 * can hold in memory. Past it the record kept longest loses what was kept for it (logged): the app's
 * memory of it is then what the store has, until the platform tells it again (the next action's
 * answer, a read, a poll).
 */
export const MAX_KEPT_RECORDS = 1_000;
/** Observations kept for one record; past it the earliest kept go (logged), later facts win anyway. */
const MAX_KEPT_PER_RECORD = 50;
/** Workspaces with refusals kept for a later write; past it as for records. */
const MAX_KEPT_WORKSPACES = 1_000;

/** What the store did not take of one record: written, merged into what it then holds, once it can. */
export interface KeptObservations {
  scope: string;
  experimentId: number;
  observed: StampedObservation[];
}

/** Refusals the platform taught that the store did not take. */
export interface KeptRefusals {
  scope: string;
  refusals: { status: string; action: LifecycleAction }[];
}

/** Observations the store did not take, by record key. */
export function createKeptObservations(logger: Logger | undefined): KeptWrites<KeptObservations> {
  return createKeptWrites<KeptObservations>({
    max: MAX_KEPT_RECORDS,
    merge(earlier, later) {
      const observed = [...earlier.observed, ...later.observed];
      const lost = observed.length - MAX_KEPT_PER_RECORD;
      if (lost > 0)
        logger?.error('experiment record observations dropped: kept too many while the store was away', {
          scope: later.scope,
          experimentId: later.experimentId,
          lost,
        });
      return { ...later, observed: lost > 0 ? observed.slice(lost) : observed };
    },
    dropped: (_key, { scope, experimentId, observed }) =>
      logger?.error('experiment record dropped unwritten: too many kept while the store was away', {
        scope,
        experimentId,
        lost: observed.length,
      }),
  });
}

/** Refusals the store did not take, by the workspace's learnt key. */
export function createKeptRefusals(logger: Logger | undefined): KeptWrites<KeptRefusals> {
  return createKeptWrites<KeptRefusals>({
    max: MAX_KEPT_WORKSPACES,
    merge: (earlier, later) => ({ ...later, refusals: [...earlier.refusals, ...later.refusals] }),
    dropped: (_key, { scope, refusals }) =>
      logger?.error('learnt refusals dropped unwritten: too many kept while the store was away', {
        scope,
        lost: refusals.length,
      }),
  });
}

/** The refusals read from the store with those this process learnt and could not write yet. */
export function withKeptRefusals(learnt: LearntRefusals, kept: KeptRefusals | undefined): LearntRefusals {
  let next = learnt;
  for (const { status, action } of kept?.refusals ?? []) next = learnRefusal(next, status, action);
  return next;
}
