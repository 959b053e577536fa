import type { Keyv } from 'keyv';
import type { Logger } from '../../observability/logger.js';
import type { RecentLists } from '../stored-values.js';
import { createKeptObservations, type KeptObservations } from './kept-records.js';
import { createPendingWrites } from './pending-writes.js';
import { type ExperimentRecord, emptyRecord } from './record.js';
import {
  applyObservations,
  createRecordWriter,
  type Observation,
  type StampedObservation,
} from './record-writes.js';

export const recordKey = (scope: string, id: number): string => `record:${scope}:${id}`;
/** The prefix of every record key of a workspace. */
const recordsUnder = (scope: string): string => `record:${scope}:`;

/** What an observation answers: the merged record, the extra keys read with it, its write. */
export interface Observed {
  record: ExperimentRecord;
  extras: unknown[];
  written: Promise<void>;
}

export interface ObserveOptions {
  /**
   * False: what the store did not take is not kept to write later, only thrown. For a caller with
   * a retry of its own (an inbound event answered 503 is sent again), which a kept write would
   * apply a second time.
   */
  keep?: boolean | undefined;
  /** What the caller read of the record a moment ago: answered from when the store cannot be read. */
  known?: ExperimentRecord | undefined;
}

const noop = () => {};

/** A write that failed before it began, settled as failed for whoever awaits it (and no one else). */
function failedWrite(error: unknown): Promise<void> {
  const failed = Promise.reject(error);
  failed.catch(noop);
  return failed;
}

/** The stored record (undefined: none) with what this process kept of it, unwritten, merged in. */
function withKept(
  record: ExperimentRecord | undefined,
  kept: KeptObservations | undefined,
  id: number,
): ExperimentRecord | undefined {
  const first = kept?.observed[0];
  if (!kept || !first) return record;
  return applyObservations(record ?? emptyRecord(id, first.at), kept.observed);
}

interface RecordObserverDeps {
  keyv: Keyv;
  recent: RecentLists;
  now: () => Date;
  logger: Logger | undefined;
  parse(scope: string, id: number, raw: unknown): ExperimentRecord | undefined;
}

/**
 * Reads and read-merge-writes of records, with what the store failed to take kept (kept-records.ts)
 * and merged into this process's next read and write of the same record.
 */
export function createRecordObserver(deps: RecordObserverDeps) {
  const { keyv, now, logger } = deps;
  const writer = createRecordWriter(keyv, deps.recent, now, logger);
  const kept = createKeptObservations(logger);
  const writes = createPendingWrites();
  const keep = (key: string, unwritten: KeptObservations, error: unknown) => {
    if (unwritten.observed.length === 0) return;
    kept.keep(key, unwritten);
    logger?.warn('experiment record not written: kept to write once the store takes it', {
      scope: unwritten.scope,
      experimentId: unwritten.experimentId,
      error: (error as Error).message,
    });
  };

  /**
   * Reads the record (and `extra` keys) in one read, merges what is kept of it and `fresh`, and
   * starts writing the record: answered before the write, which `written` is. A failure of either
   * keeps what it was to write; with `known`, a failed read answers from it.
   */
  async function observe(
    scope: string,
    id: number,
    fresh: StampedObservation[],
    extra: readonly string[],
    options: ObserveOptions = {},
  ): Promise<Observed> {
    const key = recordKey(scope, id);
    await writes.settled(key);
    const observed = [...(kept.take(key)?.observed ?? []), ...fresh];
    let read: unknown[];
    try {
      // One read (one round trip on Redis: MGET).
      read = await keyv.getMany([key, ...extra]);
    } catch (error) {
      if (options.keep !== false) keep(key, { scope, experimentId: id, observed }, error);
      if (!options.known) throw error;
      return { record: applyObservations(options.known, observed), extras: [], written: failedWrite(error) };
    }
    const [raw, ...extras] = read;
    const base = deps.parse(scope, id, raw) ?? emptyRecord(id, now().toISOString());
    const record = applyObservations(base, observed);
    const write = async () => {
      try {
        await writer.write(key, scope, record);
      } catch (error) {
        if (options.keep !== false) keep(key, { scope, experimentId: id, observed }, error);
        throw error;
      }
    };
    return { record, extras, written: writes.track(key, write()) };
  }

  return {
    observe,
    stamp(observations: readonly Observation[]): StampedObservation[] {
      const at = now().toISOString();
      return observations.map((o) => ({ ...o, at }));
    },
    async read(scope: string, id: number): Promise<ExperimentRecord | undefined> {
      const key = recordKey(scope, id);
      await writes.settled(key);
      return withKept(deps.parse(scope, id, await keyv.get(key)), kept.peek(key), id);
    },
    /** Settles once every write of the workspace's records under way has. */
    settledUnder: (scope: string) => writes.settledUnder(recordsUnder(scope)),
    /** The workspace's records were deleted: nothing kept of them is written back, and they are listed anew. */
    forget(scope: string) {
      kept.forgetUnder(recordsUnder(scope));
      writer.forget(recordsUnder(scope));
    },
    /** Writes the kept observations, each merged into what the store then holds; how many records are left. */
    writeKept: () =>
      kept.writeAll(async (_key, { scope, experimentId, observed }) => {
        await (await observe(scope, experimentId, observed, [])).written;
      }),
    get kept() {
      return kept.size;
    },
  };
}
