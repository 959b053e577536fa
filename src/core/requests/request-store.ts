import { randomUUID } from 'node:crypto';
import { createKeptWrites } from '../kept-writes.js';
import type { StoredValues } from '../stored-values.js';
import { ActionRequest, isTerminal, type RequestDraft } from './action-request.js';
import {
  type DueEntry,
  dropDueEntry,
  dueAtOf,
  dueEntriesOf,
  dueIndexChange,
  RUNNING_STALE_MS,
} from './due-index.js';
import { type RequestEvent, type TransitionResult, transition } from './transitions.js';
import { waitingChange, waitingEntriesOf } from './waiting-index.js';

/** Kept this long after it ended, so a late click or a look at it finds what became of it. */
const KEEP_ENDED_MS = 7 * 24 * 60 * 60 * 1000;
/** A waiting request is kept this long past the last moment it could still run. */
const KEEP_WAITING_MS = 2 * 24 * 60 * 60 * 1000;
const DUE_KEY = 'due';
/** Ends of runs one process keeps while its store is away. */
const KEPT_ENDS = 4_096;
/** How long a request whose creation failed part-way is tried to be taken back before the take-back is kept. */
const TAKE_BACK_MS = 15_000;
const TAKE_BACK_RETRY_MS = 250;
/** How long a move whose answer was lost waits for the store to say whether it landed. */
const LOST_ANSWER_MS = 10_000;

export type CreateOutcome =
  | { kind: 'created'; request: ActionRequest }
  /** The same action on the same experiment at the same time already waits: nothing was created. */
  | { kind: 'duplicate'; existing: ActionRequest }
  /** The workspace (or the app) holds as many waiting requests as it keeps. */
  | { kind: 'full' };

/** A request as it is stored: its draft, where, and how it waits. */
export type NewRequest = RequestDraft & {
  /** Named before it is stored (a command's receipt names it first); else a new one. */
  id?: string | undefined;
  scope: string;
  state: 'pending-approval' | 'scheduled';
  approval?: ActionRequest['approval'];
};

export interface RequestStore {
  /** Stores a request that waits (for approval or its time), unless the same one already waits. */
  create(request: NewRequest): Promise<CreateOutcome>;
  get(scope: string, id: string): Promise<ActionRequest | undefined>;
  /**
   * One transition by compare-and-set; the indexes follow. Undefined when the request is unknown.
   * A run's end (finish, refuse), or any event with `keep`, that the store does not take is kept and
   * written later (writeKept) as well as rejected: the app's own ends are not lost to an outage.
   */
  apply(
    scope: string,
    id: string,
    event: RequestEvent,
    options?: { keep?: boolean },
  ): Promise<TransitionResult | undefined>;
  /** Remembers the request's message in the channel (which can land while it is decided). */
  attachMessage(scope: string, id: string, messageTs: string): Promise<void>;
  /** The workspace's waiting requests (for approval or their time), soonest first. */
  waiting(scope: string): Promise<ActionRequest[]>;
  /** Requests that need looking at by `now` (due, lapsed, stuck running), across workspaces, soonest first. */
  due(now: Date, limit: number): Promise<DueEntry[]>;
  /** When the next request falls due, if any. */
  nextDueAt(): Promise<number | undefined>;
  /** Drops a due entry whose request is no longer stored. */
  forgetDue(scope: string, id: string): Promise<void>;
  /** When the request next needs looking at without anyone asking (due-index.ts dueAtOf). */
  dueAtOf(request: ActionRequest): number | undefined;
  /** A run still going this long after it started belongs to a process that died. */
  readonly runningStaleMs: number;
  /** Lists the request in both indexes as its record says (an index write that failed, mended). */
  resync(request: ActionRequest): Promise<void>;
  /**
   * Writes the ends of runs the store did not take when they were known (an outage), kept in this
   * process; resolves with how many are still kept, never rejects. Called periodically.
   */
  writeKept(): Promise<number>;
  /**
   * Stores a request made elsewhere (one an earlier version kept) under its own id, unless a
   * request of that id is stored already; false then. Listed as any other.
   */
  adopt(request: ActionRequest): Promise<boolean>;
}

/** The records and their two indexes, as the operations below share them. */
interface Records {
  stored: StoredValues;
  now: () => Date;
  onIndexError: (error: unknown) => void;
  key(scope: string, id: string): string;
  read(scope: string, id: string): Promise<ActionRequest | undefined>;
  parse(scope: string, raw: unknown): ActionRequest | undefined;
  keepMs(request: ActionRequest): number;
  runningStaleMs: number;
}

export function createRequestStore(options: {
  stored: StoredValues;
  now: () => Date;
  /** An index write failed after its record moved (the due pass mends it). */
  onIndexError?: (error: unknown) => void;
  /** Default RUNNING_STALE_MS. */
  runningStaleMs?: number;
}): RequestStore {
  const { stored, now } = options;
  const runningStaleMs = options.runningStaleMs ?? RUNNING_STALE_MS;
  const waitingKey = (scope: string) => `waiting:${scope}`;
  const parse = (scope: string, raw: unknown) => {
    const parsed = ActionRequest.safeParse(raw);
    return parsed.success && parsed.data.scope === scope ? parsed.data : undefined;
  };
  const records: Records = {
    stored,
    now,
    onIndexError: options.onIndexError ?? (() => undefined),
    key: (scope, id) => `request:${scope}:${id}`,
    parse,
    read: async (scope, id) => parse(scope, await stored.keyv.get(`request:${scope}:${id}`)),
    keepMs: (request) => keepMsOf(request, now()),
    runningStaleMs,
  };
  // A run's end the store did not take: kept here and written once it takes writes again, or the
  // request would stay running until the due pass calls it unknown, though its people were told.
  const unended = createKeptWrites<{ scope: string; id: string; event: RequestEvent }>({
    max: KEPT_ENDS,
    merge: (_earlier, later) => later,
    dropped: (key) => records.onIndexError(new Error(`the end of request ${key} was not kept: too many`)),
  });
  const apply = async (scope: string, id: string, event: RequestEvent, options: { keep?: boolean } = {}) => {
    try {
      return await applyEvent(records, scope, id, event);
    } catch (error) {
      if (options.keep || event.kind === 'finish' || event.kind === 'refuse')
        unended.keep(`${scope} ${id}`, { scope, id, event });
      throw error;
    }
  };
  return {
    create: (input) =>
      createRecord(records, input, (request) =>
        takeBackCreated(records, request, (event) =>
          unended.keep(`${request.scope} ${request.id}`, { scope: request.scope, id: request.id, event }),
        ),
      ),
    get: records.read,
    apply,
    writeKept: () =>
      unended.writeAll(
        async (_key, { scope, id, event }) => void (await apply(scope, id, event, { keep: true })),
      ),
    attachMessage: (scope, id, messageTs) => attachMessage(records, scope, id, messageTs),
    async waiting(scope) {
      const entries = waitingEntriesOf(await stored.keyv.get(waitingKey(scope)));
      const requests = await Promise.all(entries.map((e) => records.read(scope, e.id)));
      return requests
        .filter((r): r is ActionRequest => r?.state === 'pending-approval' || r?.state === 'scheduled')
        .sort((a, b) => soonest(a) - soonest(b));
    },
    async due(at, limit) {
      return dueEntriesOf(await stored.keyv.get(DUE_KEY))
        .filter((e) => e.dueAt <= at.getTime())
        .slice(0, limit);
    },
    async nextDueAt() {
      return dueEntriesOf(await stored.keyv.get(DUE_KEY))[0]?.dueAt;
    },
    dueAtOf: (request) => dueAtOf(request, runningStaleMs),
    runningStaleMs,
    resync: (request) => follow(records, request),
    adopt: (request) => adoptRecord(records, request),
    async forgetDue(scope, id) {
      await stored.update(DUE_KEY, dropDueEntry(scope, id));
    },
  };
}

function keepMsOf(request: ActionRequest, now: Date): number {
  if (isTerminal(request.state)) return KEEP_ENDED_MS;
  const lastChance = Math.max(
    Date.parse(request.runAt ?? request.createdAt),
    Date.parse(request.approval?.validUntil ?? request.createdAt),
  );
  return Math.max(lastChance - now.getTime(), 0) + KEEP_WAITING_MS;
}

const waitingKeyOf = (request: Pick<ActionRequest, 'scope'>) => `waiting:${request.scope}`;

/** Takes a reserved entry back when the request could not be stored after all. */
const unreserve = (records: Records, request: ActionRequest) =>
  records.stored
    .update(waitingKeyOf(request), waitingChange({ ...request, state: 'cancelled' }))
    .catch(() => undefined);

/**
 * Writes the request, then reserves its place among the workspace's waiting ones (where a duplicate
 * is seen) and lists it as due; refused or failed on the way, the record and reservation are taken
 * back. Written before it is listed, so a listed entry whose record is missing has outlived it.
 */
async function createRecord(
  records: Records,
  input: NewRequest,
  takeBack: (request: ActionRequest) => Promise<ActionRequest | undefined>,
): Promise<CreateOutcome> {
  const { stored } = records;
  const created = records.now().toISOString();
  const request = ActionRequest.parse({
    ...input,
    v: 1,
    id: input.id ?? randomUUID(),
    createdAt: created,
    history: [{ state: input.state, at: created, by: input.requestedBy }],
  });
  const key = records.key(request.scope, request.id);
  try {
    await stored.keyv.set(key, request, records.keepMs(request));
    const outcome = await listRecord(records, request);
    if (outcome.kind !== 'created') await stored.keyv.delete(key);
    return outcome;
  } catch (error) {
    // Stored part-way, or in full with the store's answer lost: taken back before anyone is told
    // nothing was done, or made after all if a replica ran it meanwhile.
    const madeAfterAll = await takeBack(request);
    if (madeAfterAll) return { kind: 'created', request: madeAfterAll };
    throw error;
  }
}

/**
 * Takes back a request whose creation failed part-way, once the store answers: cancelled (its
 * indexes follow), or its reservations dropped when its record never landed. While the store stays
 * away nobody can run it; past TAKE_BACK_MS the cancel is kept (`keep`) and written once it is
 * back. Answers the request when it had run (or was running) by then: it was made after all.
 */
async function takeBackCreated(
  records: Records,
  request: ActionRequest,
  keep: (event: RequestEvent) => void,
): Promise<ActionRequest | undefined> {
  // Quiet: the person is answered in place that nothing was done; no one else knew of it.
  const cancel: RequestEvent = { kind: 'cancel', by: request.requestedBy, quiet: true };
  const giveUpAt = Date.now() + TAKE_BACK_MS;
  for (;;) {
    try {
      const moved = await applyEvent(records, request.scope, request.id, cancel);
      if (moved === undefined) {
        await unreserve(records, request);
        await records.stored.update(DUE_KEY, dropDueEntry(request.scope, request.id));
        return undefined;
      }
      // Not cancelled: a replica ran it first (or it was already cancelled, rejected, expired).
      const ranFirst =
        !moved.ok && ['running', 'done', 'failed', 'outcome-unknown'].includes(moved.request.state);
      return ranFirst ? moved.request : undefined;
    } catch {
      if (Date.now() >= giveUpAt) {
        keep(cancel);
        return undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, TAKE_BACK_RETRY_MS));
    }
  }
}

async function listRecord(records: Records, request: ActionRequest): Promise<CreateOutcome> {
  const { stored } = records;
  const reserved = await stored.update(waitingKeyOf(request), waitingChange(request, { reserve: true }));
  if (reserved.kind === 'full') return { kind: 'full' };
  if (reserved.kind === 'duplicate') {
    const existing = await records.read(request.scope, reserved.id);
    if (existing && !isTerminal(existing.state) && existing.state !== 'running')
      return { kind: 'duplicate', existing };
    // The entry outlived its record (it expired from the store): dropped, then asked again.
    await stored.update(
      waitingKeyOf(request),
      waitingChange({ ...request, id: reserved.id, state: 'cancelled' }),
    );
    return listRecord(records, request);
  }
  const reserve = { reserve: true, runningStaleMs: records.runningStaleMs };
  if ((await stored.update(DUE_KEY, dueIndexChange(request, reserve))) === 'full') {
    await unreserve(records, request);
    return { kind: 'full' };
  }
  return { kind: 'created', request };
}

/**
 * One transition by compare-and-set, written with the lifetime of the state it moves to (an ended
 * request is kept a week, not until its old due time): the transition is pure, so applied to what
 * was read first it tells which. The indexes follow the record.
 */
async function applyEvent(
  records: Records,
  scope: string,
  id: string,
  event: RequestEvent,
): Promise<TransitionResult | undefined> {
  const { stored, now } = records;
  const before = await records.read(scope, id);
  if (!before) return undefined;
  const predicted = transition(before, event, now());
  if (!predicted.ok) return predicted;
  // Listed at its stale time before it runs: a process that dies after the move leaves a request
  // the due pass finds and ends as outcome unknown, not one listed only at its approval's lapse.
  // So is an ending at the time it is to be told by the due pass if its process has not.
  // An entry left early by a move that did not happen is mended by the due pass (resync).
  if (predicted.request.state === 'running' || predicted.request.tellOwed)
    await stored.update(
      DUE_KEY,
      dueIndexChange(predicted.request, { runningStaleMs: records.runningStaleMs }),
    );
  // What this call last tried to write: found in the store after a lost answer, the move happened.
  let attempted: ActionRequest | undefined;
  let result: TransitionResult | undefined;
  try {
    result = await stored.update(
      records.key(scope, id),
      (raw) => {
        const current = records.parse(scope, raw);
        if (!current) return { next: raw, result: undefined };
        const moved = transition(current, event, now());
        attempted = moved.ok ? moved.request : undefined;
        return { next: moved.ok ? moved.request : raw, result: moved };
      },
      { ttlMs: records.keepMs(predicted.request) },
    );
  } catch (error) {
    result = await afterLostAnswer(records, scope, id, attempted, error);
  }
  // The record moved whatever its indexes do: an index left behind is mended by the due pass
  // (resync), so its failure is reported, not thrown as if the move had not happened.
  if (result?.ok) await follow(records, result.request).catch(records.onIndexError);
  return result;
}

/**
 * A move whose answer was lost (the connection dropped, the store restarted): it may have landed.
 * Once the store answers again (within LOST_ANSWER_MS), the record tells: what this call wrote is
 * there (the move happened, and is answered as made), or it is not (the error stands: nothing
 * moved here, and the caller says so). Else the error stands.
 */
async function afterLostAnswer(
  records: Records,
  scope: string,
  id: string,
  attempted: ActionRequest | undefined,
  error: unknown,
): Promise<TransitionResult> {
  if (attempted === undefined) throw error;
  const giveUpAt = Date.now() + LOST_ANSWER_MS;
  for (;;) {
    try {
      const current = await records.read(scope, id);
      if (current && sameStep(current, attempted)) return { ok: true, request: current };
      throw error;
    } catch (readError) {
      if (readError === error || Date.now() >= giveUpAt) throw error;
      await new Promise((resolve) => setTimeout(resolve, TAKE_BACK_RETRY_MS));
    }
  }
}

/** The record is in the state `attempted` moved it to, by that very step (its time and who). */
function sameStep(current: ActionRequest, attempted: ActionRequest): boolean {
  const [a, b] = [current.history.at(-1), attempted.history.at(-1)];
  return (
    current.state === attempted.state &&
    current.tellOwed === attempted.tellOwed &&
    a?.state === b?.state &&
    a?.at === b?.at &&
    a?.by === b?.by
  );
}

async function attachMessage(records: Records, scope: string, id: string, messageTs: string): Promise<void> {
  const before = await records.read(scope, id);
  if (!before) return;
  await records.stored.update(
    records.key(scope, id),
    (raw) => {
      const current = records.parse(scope, raw);
      if (!current?.approval) return { next: raw, result: undefined };
      return { next: { ...current, approval: { ...current.approval, messageTs } }, result: undefined };
    },
    { ttlMs: records.keepMs(before) },
  );
}

async function adoptRecord(records: Records, request: ActionRequest): Promise<boolean> {
  const parsed = ActionRequest.parse(request);
  const stored = await records.stored.update(
    records.key(parsed.scope, parsed.id),
    (raw) => (raw === undefined ? { next: parsed, result: true } : { next: raw, result: false }),
    { ttlMs: records.keepMs(parsed) },
  );
  if (stored) await follow(records, parsed);
  return stored;
}

/** Both indexes follow the record: listed while it waits, due while something must happen to it. */
async function follow(records: Records, request: ActionRequest): Promise<void> {
  await records.stored.update(waitingKeyOf(request), waitingChange(request));
  await records.stored.update(DUE_KEY, dueIndexChange(request, { runningStaleMs: records.runningStaleMs }));
}

const soonest = (r: ActionRequest) => Date.parse(r.runAt ?? r.approval?.validUntil ?? r.createdAt);
