import type { Keyv } from 'keyv';
import type { Logger } from '../../observability/logger.js';
import type { RecentLists } from '../stored-values.js';
import { applyUpdate, type ExperimentRecord, type FactSource, type RecordUpdate } from './record.js';
import { indexKey, MAX_INDEXED } from './record-index.js';

/** One thing learnt about an experiment, and where it was learnt. */
export interface Observation {
  update: RecordUpdate;
  source: FactSource;
}

/** An observation with the time it was made: merged at that time whenever it is written. */
export interface StampedObservation extends Observation {
  at: string;
}

/**
 * Merges observations in the order they were made (a thread's parent is whichever came last, so an
 * observation kept through an outage cannot undo a later one); those of one instant in turn.
 */
export function applyObservations(
  record: ExperimentRecord,
  observations: readonly StampedObservation[],
): ExperimentRecord {
  const inOrder = [...observations].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  let next = record;
  for (const { update, source, at } of inOrder) next = applyUpdate(next, update, source, at);
  return next;
}

/**
 * A record written again this soon after this process listed it is not touched again: `/exp list`
 * refreshes every record it shows, and events and alerts write the same records again and again.
 * So the list is the most recently written to within this long (on each replica).
 */
export const RELIST_AFTER_MS = 10 * 60_000;
/** How many listed records a process remembers (the least recently listed forgotten first). */
const REMEMBERED_LISTINGS = 2_000;

/** Writes a record, and lists it at the head of its workspace's list at the same time. */
export function createRecordWriter(keyv: Keyv, recent: RecentLists, now: () => Date, logger?: Logger) {
  const listedAt = new Map<string, number>();
  /** The list is a listing: a failure to touch it is logged (and not remembered), the record stays saved. */
  async function list(key: string, scope: string, id: number) {
    const at = now().getTime();
    const last = listedAt.get(key);
    if (last !== undefined && at - last >= 0 && at - last < RELIST_AFTER_MS) return;
    try {
      await recent.touch(indexKey(scope), String(id), { at, keep: MAX_INDEXED });
      listedAt.delete(key);
      listedAt.set(key, at);
      if (listedAt.size > REMEMBERED_LISTINGS) listedAt.delete(listedAt.keys().next().value ?? '');
    } catch (error) {
      logger?.warn('could not list the experiment in its workspace index; its next update will', {
        scope,
        experimentId: id,
        error: (error as Error).message,
      });
    }
  }
  // A touch writes a few bytes whatever the list's length: no read first of what it lists, and a
  // record that fell off (a workspace past MAX_INDEXED) is listed again when next written. A crash
  // between the two leaves the record unlisted until its next write (the restarted process
  // remembers nothing); `all` skips an id whose record is gone.
  return {
    write: async (key: string, scope: string, next: ExperimentRecord) => {
      await Promise.all([keyv.set(key, { v: 1, ...next }), list(key, scope, next.experimentId)]);
    },
    /** The list was dropped (the workspace cleared): its records are listed again when next written. */
    forget(keyPrefix: string) {
      for (const key of listedAt.keys()) if (key.startsWith(keyPrefix)) listedAt.delete(key);
    },
  };
}
