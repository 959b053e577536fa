import type { Keyv } from 'keyv';
import { z } from 'zod';
import type { Logger } from '../../observability/logger.js';
import { LIFECYCLE_ACTIONS } from '../lifecycle-action.js';
import {
  applyUpdate,
  type ExperimentRecord,
  emptyRecord,
  type FactSource,
  MAX_RECORDED_ACTIONS,
  MAX_THREADS,
  type RecordUpdate,
} from './record.js';
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
  /** Every record of the workspace, most recently touched first (bounded by MAX_INDEXED). */
  all(scope: string): Promise<ExperimentRecord[]>;
  learnt(scope: string): Promise<LearntRefusals>;
  learn(scope: string, status: string, action: (typeof LIFECYCLE_ACTIONS)[number]): Promise<LearntRefusals>;
  /** Forgets the workspace's records (app uninstalled); returns how many there were. */
  clear(scope: string): Promise<number>;
}

/** How many experiments a workspace's index keeps; the least recently touched fall off. */
export const MAX_INDEXED = 1000;
const INDEX_WRITES = 4;

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
        comment: z.string().max(3000).optional(),
        fields: z.array(z.string().max(100)).max(50).optional(),
      }),
    )
    .max(MAX_RECORDED_ACTIONS),
  threads: z
    .array(z.object({ channelId: z.string().max(64), parentTs: z.string().max(64), at: z.string() }))
    .max(MAX_THREADS),
  touchedAt: z.string(),
});
/**
 * The index's ids, or undefined when the stored value is not an index. Checked by hand rather than
 * by a schema: every record update reads the index (up to MAX_INDEXED ids), and a schema walks each
 * id through its checks at many times the cost of this loop.
 */
function indexIds(stored: unknown): number[] | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { v, ids } = stored as { v?: unknown; ids?: unknown };
  if (v !== 1 || !Array.isArray(ids) || ids.length > MAX_INDEXED) return undefined;
  for (const id of ids) if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  return ids as number[];
}
const StoredLearnt = z.object({
  v: z.literal(1),
  refusals: z.record(z.string().max(64), z.array(z.enum(LIFECYCLE_ACTIONS))),
});

export interface ExperimentRecordsOptions {
  logger?: Logger;
  now?: () => Date;
}

/**
 * One record per (workspace, experiment) and one small index per workspace. A record update is a
 * read-merge-write: facts are newest-wins by their time, so two replicas writing the same record
 * at once can at worst drop the older of two observations made within the same instant; the index
 * is read back after writing and redone if another replica's write replaced it (as subscriptions do).
 */
export function createExperimentRecords(
  keyv: Keyv,
  options: ExperimentRecordsOptions = {},
): ExperimentRecords {
  const { logger } = options;
  const now = options.now ?? (() => new Date());
  const recordKey = (scope: string, id: number) => `record:${scope}:${id}`;
  const indexKey = (scope: string) => `index:${scope}`;
  const learntKey = (scope: string) => `learnt:${scope}`;

  function parseRecord(scope: string, id: number, raw: unknown): ExperimentRecord | undefined {
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

  const read = async (scope: string, id: number) =>
    parseRecord(scope, id, await keyv.get(recordKey(scope, id)));

  const readIndex = async (scope: string): Promise<number[]> =>
    indexIds(await keyv.get(indexKey(scope))) ?? [];

  const indexed = (id: number, ids: readonly number[]) => ({ v: 1, ids: [id, ...ids].slice(0, MAX_INDEXED) });

  /** Adds the id at the front of the index unless `ids` (the index as just read) holds it. */
  async function index(scope: string, id: number, ids: number[]): Promise<void> {
    for (let writes = 0, current = ids; !current.includes(id); writes++) {
      if (writes === INDEX_WRITES) {
        logger?.warn('experiment index kept changing under concurrent writes', { scope, experimentId: id });
        return;
      }
      await keyv.set(indexKey(scope), indexed(id, current));
      current = await readIndex(scope);
    }
  }

  async function observe(scope: string, id: number, observations: readonly Observation[]) {
    // The record and the index in one read (one round trip on Redis: MGET).
    const [raw, storedIndex] = await keyv.getMany([recordKey(scope, id), indexKey(scope)]);
    const at = now().toISOString();
    let next = parseRecord(scope, id, raw) ?? emptyRecord(id, at);
    for (const { update, source } of observations) next = applyUpdate(next, update, source, at);
    const record = { key: recordKey(scope, id), value: { v: 1, ...next } };
    const ids = indexIds(storedIndex) ?? [];
    if (ids.includes(id)) {
      await keyv.set(record.key, record.value);
      return next;
    }
    // A new id: the record and the index in one write (one MULTI on Redis, one transaction on
    // SQLite), then the index read back, as another replica may have replaced it meanwhile.
    await keyv.setMany([record, { key: indexKey(scope), value: indexed(id, ids) }]);
    await index(scope, id, await readIndex(scope));
    return next;
  }

  return {
    get: (scope, id) => read(scope, id),
    update: (scope, id, update, source) => observe(scope, id, [{ update, source }]),
    observe,
    async all(scope) {
      const ids = await readIndex(scope);
      if (ids.length === 0) return [];
      const raws = await keyv.getMany(ids.map((id) => recordKey(scope, id)));
      const records: ExperimentRecord[] = [];
      raws.forEach((raw, i) => {
        const parsed = StoredRecord.safeParse(raw);
        if (parsed.success && parsed.data.experimentId === ids[i]) {
          const { v: _v, ...record } = parsed.data;
          records.push(record as ExperimentRecord);
        }
      });
      return records.sort((a, b) => (a.touchedAt < b.touchedAt ? 1 : a.touchedAt > b.touchedAt ? -1 : 0));
    },
    async learnt(scope) {
      const parsed = StoredLearnt.safeParse(await keyv.get(learntKey(scope)));
      return parsed.success ? parsed.data.refusals : {};
    },
    async learn(scope, status, action) {
      const before = await this.learnt(scope);
      const after = learnRefusal(before, status, action);
      if (after !== before) await keyv.set(learntKey(scope), { v: 1, refusals: after });
      return after;
    },
    async clear(scope) {
      const ids = await readIndex(scope);
      await Promise.all(ids.map((id) => keyv.delete(recordKey(scope, id))));
      await keyv.delete(indexKey(scope));
      await keyv.delete(learntKey(scope));
      return ids.length;
    },
  };
}
