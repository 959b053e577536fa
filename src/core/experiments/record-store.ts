import type { Keyv } from 'keyv';
import * as z from 'zod';
import type { Logger } from '../../observability/logger.js';
import { LIFECYCLE_ACTIONS } from '../lifecycle-action.js';
import { StopComment } from '../stop-reason.js';
import type { RecentLists, StoredValues } from '../stored-values.js';
import { createHeldWrites } from './held-writes.js';
import { createPendingWrites } from './pending-writes.js';
import {
  applyUpdate,
  type ExperimentRecord,
  emptyRecord,
  type FactSource,
  MAX_RECORDED_ACTIONS,
  MAX_THREADS,
  type RecordUpdate,
} from './record.js';
import { indexKey, listedIds, MAX_INDEXED, withEarlierIndex } from './record-index.js';
import { type LearntRefusals, learnRefusal } from './transitions.js';

/** One thing learnt about an experiment, and where it was learnt. */
export interface Observation {
  update: RecordUpdate;
  source: FactSource;
}

/** Per-workspace experiment records, the index that lists them, and the refusals the platform taught. */
export interface ExperimentRecords {
  get(scope: string, experimentId: number): Promise<ExperimentRecord | undefined>;
  /** Merges one observation (see applyUpdate) and returns the record as stored. */
  update(
    scope: string,
    experimentId: number,
    update: RecordUpdate,
    source: FactSource,
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
       * Hold the write until `release()` (at most RECORD_HOLD_MS): the next update of the record in
       * this process goes into it (the thread an action's card starts: one write, not two).
       */
      hold?: boolean;
    },
  ): Promise<{ record: ExperimentRecord; learnt: LearntRefusals; written: Promise<void>; release(): void }>;
  /** Every record of the workspace, most recently touched first (bounded by record-index's MAX_INDEXED). */
  all(scope: string): Promise<ExperimentRecord[]>;
  learnt(scope: string): Promise<LearntRefusals>;
  learn(scope: string, status: string, action: (typeof LIFECYCLE_ACTIONS)[number]): Promise<LearntRefusals>;
  /** Forgets the workspace's records (app uninstalled); returns how many there were. */
  clear(scope: string): Promise<number>;
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

/**
 * How long an action's record write may wait for the thread its card starts (the post's time; Slack
 * answers in milliseconds). Beyond it the status is written alone and the thread after it.
 */
const RECORD_HOLD_MS = 1_000;

const noop = () => {};

function applyAll(record: ExperimentRecord, observations: readonly Observation[], at: string) {
  let next = record;
  for (const { update, source } of observations) next = applyUpdate(next, update, source, at);
  return next;
}

/** This process's writes of records, held or under way, and what a read of one waits for. */
function createRecordWrites() {
  const pending = createPendingWrites();
  const held = createHeldWrites<ExperimentRecord>(RECORD_HOLD_MS);
  return {
    absorb: held.absorb,
    /** Before a read of `key`: its held write started, and any under way waited for. */
    settled(key: string): Promise<void> | undefined {
      held.release(key);
      return pending.settled(key);
    },
    settledUnder(prefix: string): Promise<unknown> {
      held.releaseUnder(prefix);
      return pending.settledUnder(prefix);
    },
    start(
      key: string,
      next: ExperimentRecord,
      write: (record: ExperimentRecord) => Promise<void>,
      hold: boolean,
    ) {
      if (!hold) return { written: pending.track(key, write(next)), release: noop };
      const holding = held.hold(key, next, write);
      return { written: pending.track(key, holding.written), release: holding.release };
    },
  };
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
function createRecordWriter(keyv: Keyv, recent: RecentLists, now: () => Date, logger?: Logger) {
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
 * at once can at worst drop the older of two observations made within the same instant (within the
 * hold of an action's write, a second at most, for an update merged into it). The list takes
 * every replica's touches without a read (store/recent-lists.ts); the learnt refusals are written
 * by compare-and-set, so no concurrent addition is lost.
 */
export function createExperimentRecords(
  { keyv, update, recent }: StoredValues & { recent: RecentLists },
  options: ExperimentRecordsOptions = {},
): ExperimentRecords {
  const { logger } = options;
  const now = options.now ?? (() => new Date());
  const recordWriter = createRecordWriter(keyv, recent, now, logger);
  const recordKey = (scope: string, id: number) => `record:${scope}:${id}`;
  const learntKey = (scope: string) => `learnt:${scope}`;

  const parseRecord = (scope: string, id: number, raw: unknown) => storedRecord(logger, scope, id, raw);

  const writes = createRecordWrites();
  const writtenUnder = (scope: string) => writes.settledUnder(recordKey(scope, 0).slice(0, -1));

  const read = async (scope: string, id: number) => {
    const key = recordKey(scope, id);
    await writes.settled(key);
    return parseRecord(scope, id, await keyv.get(key));
  };

  const readIndex = (scope: string) => readListed(keyv, recent, scope);

  /**
   * Reads the record (and `extra` keys) in one read, merges, and starts writing the
   * record: answered before the write, which `written` is.
   */
  async function observeReading(
    scope: string,
    id: number,
    observations: readonly Observation[],
    extra: readonly string[],
    hold = false,
  ): Promise<{ record: ExperimentRecord; extras: unknown[]; written: Promise<void>; release(): void }> {
    const key = recordKey(scope, id);
    const merge = (record: ExperimentRecord) => applyAll(record, observations, now().toISOString());
    // Into a write held here, which holds the newest this process knows: no read of its own.
    const absorbed = extra.length === 0 ? writes.absorb(key, merge) : undefined;
    if (absorbed) return { record: absorbed.value, extras: [], written: absorbed.written, release: noop };
    await writes.settled(key);
    // One read (one round trip on Redis: MGET).
    const [raw, ...extras] = await keyv.getMany([key, ...extra]);
    const next = merge(parseRecord(scope, id, raw) ?? emptyRecord(id, now().toISOString()));
    const write = (record: ExperimentRecord) => recordWriter.write(key, scope, record);
    return { record: next, extras, ...writes.start(key, next, write, hold) };
  }

  const observe = async (scope: string, id: number, observations: readonly Observation[]) => {
    const { record, written } = await observeReading(scope, id, observations, []);
    await written;
    return record;
  };

  return {
    get: (scope, id) => read(scope, id),
    update: (scope, id, update, source) => observe(scope, id, [{ update, source }]),
    observe,
    async observeWithLearnt(scope, id, observations, options = {}) {
      const extra = [learntKey(scope)];
      const observed = await observeReading(scope, id, observations, extra, options.hold);
      const { record, extras, written, release } = observed;
      return { record, learnt: parseLearnt(extras[0]), written, release };
    },
    async all(scope) {
      await writtenUnder(scope);
      const ids = await readIndex(scope);
      if (ids.length === 0) return [];
      const raws = await keyv.getMany(ids.map((id) => recordKey(scope, id)));
      // An id whose record is gone (or unreadable) is skipped, silently: the index is only a listing.
      const records = raws.flatMap((raw, i) => storedRecord(undefined, scope, ids[i] ?? 0, raw) ?? []);
      return records.sort((a, b) => (a.touchedAt < b.touchedAt ? 1 : a.touchedAt > b.touchedAt ? -1 : 0));
    },
    learnt: async (scope) => parseLearnt(await keyv.get(learntKey(scope))),
    learn: (scope, status, action) =>
      update(learntKey(scope), (stored) => {
        const parsed = StoredLearnt.safeParse(stored);
        const before = parsed.success ? parsed.data.refusals : {};
        const after = learnRefusal(before, status, action);
        return { next: after === before ? stored : { v: 1, refusals: after }, result: after };
      }),
    async clear(scope) {
      // A write still under way would put a record back after its delete.
      await writtenUnder(scope);
      const ids = await readIndex(scope);
      await Promise.all(ids.map((id) => keyv.delete(recordKey(scope, id))));
      await recent.drop(indexKey(scope));
      recordWriter.forget(recordKey(scope, 0).slice(0, -1));
      await keyv.delete(indexKey(scope));
      await keyv.delete(learntKey(scope));
      return ids.length;
    },
  };
}
