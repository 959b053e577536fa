import type { Keyv } from 'keyv';
import * as z from 'zod';
import type { Logger } from '../../observability/logger.js';
import { LIFECYCLE_ACTIONS } from '../lifecycle-action.js';
import { StopComment } from '../stop-reason.js';
import type { RecentLists, StoredValues } from '../stored-values.js';
import { createKeptRefusals, type KeptRefusals, withKeptRefusals } from './kept-records.js';
import {
  type ExperimentRecord,
  type FactSource,
  MAX_RECORDED_ACTIONS,
  MAX_THREADS,
  type RecordUpdate,
} from './record.js';
import { indexKey, listedIds, MAX_INDEXED, withEarlierIndex } from './record-index.js';
import { createRecordObserver, recordKey } from './record-observer.js';
import type { Observation } from './record-writes.js';
import type { LearntRefusals } from './transitions.js';

export type { Observation } from './record-writes.js';
export { RELIST_AFTER_MS } from './record-writes.js';

/**
 * Per-workspace experiment records, the index that lists them, and the refusals the platform taught.
 *
 * What the store fails to take (an outage, a restart: the read before a merge or the write itself)
 * is kept in this process, bounded (kept-records.ts), and logged; the call still rejects. It is
 * written, merged at the time it was learnt into what the store then holds, by the next write of the
 * same record here or by `writeKept`; meanwhile this process's reads of the record include it.
 */
export interface ExperimentRecords {
  get(scope: string, experimentId: number): Promise<ExperimentRecord | undefined>;
  /** Merges one observation (see applyUpdate) and returns the record as stored. */
  update(
    scope: string,
    experimentId: number,
    update: RecordUpdate,
    source: FactSource,
    /** keep: false for a caller with a retry of its own (see ObserveOptions.keep). */
    options?: { keep?: boolean },
  ): Promise<ExperimentRecord>;
  /**
   * Merges several observations, in order, in one read and one write: the same record as updating
   * with each in turn, for one round trip instead of one per observation.
   */
  observe(
    scope: string,
    experimentId: number,
    observations: readonly Observation[],
  ): Promise<ExperimentRecord>;
  /**
   * `observe`, and the workspace's learnt refusals read in the same read (what an action's outcome
   * offers next needs both): one round trip fewer than `observe` and `learnt` side by side. Answers
   * once the record is merged, before it is written: `written` settles (or rejects) when it is, so
   * a reply built from the record need not wait for the write. This process's later reads and
   * updates of the same record wait for that write first.
   */
  observeWithLearnt(
    scope: string,
    experimentId: number,
    observations: readonly Observation[],
    options?: {
      /**
       * The record as the caller read it a moment ago. When the store cannot be read now, the
       * observations are merged into it (and kept to be written) instead of rejecting: `written`
       * rejects, and the learnt refusals are only those this process knows of.
       */
      known?: ExperimentRecord | undefined;
    },
  ): Promise<{ record: ExperimentRecord; learnt: LearntRefusals; written: Promise<void> }>;
  /** Every record of the workspace, most recently touched first (bounded by record-index's MAX_INDEXED). */
  all(scope: string): Promise<ExperimentRecord[]>;
  learnt(scope: string): Promise<LearntRefusals>;
  learn(scope: string, status: string, action: (typeof LIFECYCLE_ACTIONS)[number]): Promise<LearntRefusals>;
  /** Forgets the workspace's records (app uninstalled), and what was kept of them; returns how many there were. */
  clear(scope: string): Promise<number>;
  /**
   * Writes what the store did not take before, kept in this process; stops at the first failure
   * (the store still away). Resolves with how many records and workspaces are still kept; never
   * rejects. Called periodically on every replica (each keeps its own).
   */
  writeKept(): Promise<number>;
}

const FactSchema = <T extends z.ZodType>(value: T) =>
  z.object({
    value,
    source: z.enum(['platform-read', 'platform-conflict', 'app-action', 'app-form', 'event']),
    at: z.string(),
  });
const Text = z.string().max(300);
const StoredRecord = z.object({
  v: z.literal(1),
  experimentId: z.int().positive(),
  name: FactSchema(Text).optional(),
  type: FactSchema(Text).optional(),
  team: FactSchema(Text).optional(),
  layer: FactSchema(Text).optional(),
  status: FactSchema(Text).optional(),
  notFound: FactSchema(z.literal(true)).optional(),
  actions: z
    .array(
      z.object({
        action: z.enum([...LIFECYCLE_ACTIONS, 'create', 'edit']),
        actorId: z.string().max(64).optional(),
        actor: z.string().max(200).optional(),
        at: z.string(),
        source: z.enum(['slack', 'event']),
        channelId: z.string().max(64).optional(),
        interruptReason: z.string().max(100).optional(),
        comment: StopComment.optional(),
        fields: z.array(z.string().max(100)).max(50).optional(),
      }),
    )
    .max(MAX_RECORDED_ACTIONS),
  threads: z
    .array(z.object({ channelId: z.string().max(64), parentTs: z.string().max(64), at: z.string() }))
    .max(MAX_THREADS),
  touchedAt: z.string(),
});
const StoredLearnt = z.object({
  v: z.literal(1),
  refusals: z.record(z.string().max(64), z.array(z.enum(LIFECYCLE_ACTIONS))),
});

/** The stored record, or undefined (logged) when what is stored is not one, or not this experiment's. */
function storedRecord(
  logger: Logger | undefined,
  scope: string,
  id: number,
  raw: unknown,
): ExperimentRecord | undefined {
  if (raw === undefined || raw === null) return undefined;
  const parsed = StoredRecord.safeParse(raw);
  if (!parsed.success || parsed.data.experimentId !== id) {
    logger?.warn('stored experiment record has an unexpected shape; ignoring it', {
      scope,
      experimentId: id,
    });
    return undefined;
  }
  const { v: _v, ...record } = parsed.data;
  return record as ExperimentRecord;
}

/** The refusals learnt; none when nothing, or something else, is stored. */
function parseLearnt(stored: unknown): LearntRefusals {
  const parsed = StoredLearnt.safeParse(stored);
  return parsed.success ? parsed.data.refusals : {};
}

export interface ExperimentRecordsOptions {
  logger?: Logger;
  now?: () => Date;
}

/** The workspace's list, then what only an earlier version's JSON index lists. */
async function readListed(keyv: Keyv, recent: RecentLists, scope: string): Promise<number[]> {
  const [members, earlier] = await Promise.all([
    recent.read(indexKey(scope), MAX_INDEXED),
    keyv.get(indexKey(scope)),
  ]);
  return withEarlierIndex(listedIds(members), earlier);
}

/**
 * One record per (workspace, experiment) and a recent list per workspace. A record update is a
 * read-merge-write: facts are newest-wins by their time, so two replicas writing the same record
 * at once can at worst drop the older of two observations made within the same instant. The list
 * takes every replica's touches without a read (store/recent-lists.ts); the learnt refusals are
 * written by compare-and-set, so no concurrent addition is lost.
 */
export function createExperimentRecords(
  { keyv, update, recent }: StoredValues & { recent: RecentLists },
  options: ExperimentRecordsOptions = {},
): ExperimentRecords {
  const { logger } = options;
  const now = options.now ?? (() => new Date());
  const learntKey = (scope: string) => `learnt:${scope}`;
  const records = createRecordObserver({
    keyv,
    recent,
    now,
    logger,
    parse: (scope, id, raw) => storedRecord(logger, scope, id, raw),
  });
  const refusals = createLearntRefusals(update, logger);
  const readIndex = (scope: string) => readListed(keyv, recent, scope);

  const observe = async (
    scope: string,
    id: number,
    observations: readonly Observation[],
    options: { keep?: boolean } = {},
  ) => {
    const { record, written } = await records.observe(scope, id, records.stamp(observations), [], options);
    await written;
    return record;
  };

  return {
    get: (scope, id) => records.read(scope, id),
    update: (scope, id, update, source, options) => observe(scope, id, [{ update, source }], options),
    observe: (scope, id, observations) => observe(scope, id, observations),
    async observeWithLearnt(scope, id, observations, options = {}) {
      const extra = [learntKey(scope)];
      const observed = await records.observe(scope, id, records.stamp(observations), extra, options);
      const { record, extras, written } = observed;
      return { record, learnt: refusals.withKept(learntKey(scope), parseLearnt(extras[0])), written };
    },
    async all(scope) {
      await records.settledUnder(scope);
      const ids = await readIndex(scope);
      if (ids.length === 0) return [];
      const raws = await keyv.getMany(ids.map((id) => recordKey(scope, id)));
      // An id whose record is gone (or unreadable) is skipped, silently: the index is only a listing.
      const all = raws.flatMap((raw, i) => storedRecord(undefined, scope, ids[i] ?? 0, raw) ?? []);
      return all.sort((a, b) => (a.touchedAt < b.touchedAt ? 1 : a.touchedAt > b.touchedAt ? -1 : 0));
    },
    learnt: async (scope) =>
      refusals.withKept(learntKey(scope), parseLearnt(await keyv.get(learntKey(scope)))),
    learn: (scope, status, action) => refusals.learn(learntKey(scope), scope, [{ status, action }]),
    async clear(scope) {
      // A write still under way would put a record back after its delete; so would one kept.
      await records.settledUnder(scope);
      const ids = await readIndex(scope);
      await Promise.all(ids.map((id) => keyv.delete(recordKey(scope, id))));
      await recent.drop(indexKey(scope));
      records.forget(scope);
      refusals.forget(learntKey(scope));
      await keyv.delete(indexKey(scope));
      await keyv.delete(learntKey(scope));
      return ids.length;
    },
    async writeKept() {
      const before = records.kept + refusals.kept;
      if (before === 0) return 0;
      const left = (await records.writeKept()) + (await refusals.writeKept());
      if (left < before) logger?.info('kept experiment records written', { written: before - left, left });
      return left;
    },
  };
}

/**
 * A workspace's learnt refusals, added to by compare-and-set together with those kept from earlier
 * failures; what the store does not take is kept again (and logged) and the call rejects.
 */
function createLearntRefusals(update: StoredValues['update'], logger: Logger | undefined) {
  const kept = createKeptRefusals(logger);
  const learn = async (key: string, scope: string, taught: KeptRefusals['refusals']) => {
    const all = [...(kept.take(key)?.refusals ?? []), ...taught];
    try {
      return await update(key, (stored) => {
        const parsed = StoredLearnt.safeParse(stored);
        const before = parsed.success ? parsed.data.refusals : {};
        const after = withKeptRefusals(before, { scope, refusals: all });
        return { next: after === before ? stored : { v: 1, refusals: after }, result: after };
      });
    } catch (error) {
      kept.keep(key, { scope, refusals: all });
      logger?.warn('learnt refusal not written: kept to write once the store takes it', {
        scope,
        error: (error as Error).message,
      });
      throw error;
    }
  };
  return {
    learn,
    /** The refusals read with those this process learnt and could not write yet. */
    withKept: (key: string, learnt: LearntRefusals) => withKeptRefusals(learnt, kept.peek(key)),
    forget: (key: string) => void kept.take(key),
    writeKept: () =>
      kept.writeAll(async (key, { scope, refusals }) => void (await learn(key, scope, refusals))),
    get kept() {
      return kept.size;
    },
  };
}
