import * as z from 'zod';
import type { StoredValues } from '../stored-values.js';
import { type NewScheduledAction, ScheduledAction } from './scheduled-action.js';

/** Each workspace's scheduled actions, until they run or are cancelled. */
export interface ScheduleStore {
  add(entry: NewScheduledAction): Promise<ScheduledAction>;
  get(scope: string, id: string): Promise<ScheduledAction | undefined>;
  /** Sorted by due time, soonest first. */
  list(scope: string): Promise<ScheduledAction[]>;
  /** Records the approval of its request (which itself expires before a far due time). */
  markApproved(scope: string, id: string, by: string): Promise<ScheduledAction | undefined>;
  /**
   * The one decision between running and cancelling, across replicas: the first to claim the entry
   * has it; the other is told it was too late (already running or already cancelled).
   */
  claim(scope: string, id: string): Promise<boolean>;
  /** Forgets the entry (run, cancelled or missed). */
  forget(scope: string, id: string): Promise<void>;
}

const Index = z.object({ v: z.literal(1), ids: z.array(z.string().max(64)).max(10_000) });
/** Claims outlive any entry: a year ahead plus the hour a late run may still take. */
const CLAIM_MS = 400 * 24 * 60 * 60 * 1000;

/**
 * One record per scheduled action and one index per scope listing them. The index is written by
 * compare-and-set (as in subscriptions.ts), so two actions scheduled at once are both listed, and
 * so can be seen and cancelled; an index entry whose record is gone is skipped on read.
 */
export function createScheduleStore(options: {
  /** The schedules' namespace; its compare-and-set writes the index. */
  stored: StoredValues;
  /** Atomic set-if-absent across replicas (the store's locks). */
  claim: (key: string, ttlMs: number) => Promise<boolean>;
  now: () => Date;
}): ScheduleStore {
  const { now } = options;
  const { keyv, update } = options.stored;
  const recordKey = (scope: string, id: string) => `action:${scope}:${id}`;
  const indexKey = (scope: string) => `index:${scope}`;
  const idsOf = (stored: unknown): string[] => {
    const parsed = Index.safeParse(stored);
    return parsed.success ? parsed.data.ids : [];
  };
  const readIndex = async (scope: string): Promise<string[]> => idsOf(await keyv.get(indexKey(scope)));
  // An index the change leaves as it was is not written (as subscriptions.ts does).
  const updateIndex = (scope: string, change: (ids: string[]) => string[]) =>
    update(indexKey(scope), (stored) => {
      const ids = idsOf(stored);
      const next = change(ids);
      const same = next.length === ids.length && next.every((id, i) => id === ids[i]);
      return { next: same ? stored : { v: 1, ids: next }, result: undefined };
    });
  const read = async (scope: string, id: string) => {
    const parsed = ScheduledAction.safeParse(await keyv.get(recordKey(scope, id)));
    return parsed.success && parsed.data.scope === scope ? parsed.data : undefined;
  };
  const keepMs = (entry: ScheduledAction) =>
    Math.max(Date.parse(entry.runAt) - now().getTime(), 0) + 2 * 24 * 60 * 60 * 1000;
  return {
    async add(input) {
      const entry = ScheduledAction.parse({ ...input, v: 1, createdAt: now().toISOString() });
      await keyv.set(recordKey(entry.scope, entry.id), entry, keepMs(entry));
      await updateIndex(entry.scope, (ids) => [...ids.filter((id) => id !== entry.id), entry.id]);
      return entry;
    },
    get: read,
    async list(scope) {
      const entries = await Promise.all((await readIndex(scope)).map((id) => read(scope, id)));
      return entries
        .filter((e): e is ScheduledAction => e !== undefined)
        .sort((a, b) => Date.parse(a.runAt) - Date.parse(b.runAt));
    },
    async markApproved(scope, id, by) {
      const entry = await read(scope, id);
      if (!entry) return undefined;
      const approved = { ...entry, approvedBy: by };
      await keyv.set(recordKey(scope, id), approved, keepMs(approved));
      return approved;
    },
    claim: (scope, id) => options.claim(`schedule-claim:${scope}:${id}`, CLAIM_MS),
    async forget(scope, id) {
      await keyv.delete(recordKey(scope, id));
      await updateIndex(scope, (ids) => ids.filter((x) => x !== id));
    },
  };
}
