import { randomBytes, randomUUID } from 'node:crypto';
import type { Keyv } from 'keyv';
import * as z from 'zod';
import { createKeptWrites } from './kept-writes.js';
import { LIFECYCLE_ACTIONS } from './lifecycle-action.js';
import type { WorkspaceRef } from './workspace.js';

// What the app is about to send, written before the platform call and removed once its outcome is
// known. A process killed in between leaves the intent behind; a sweep (at start and every minute,
// on any replica) reports each one left too long as "outcome unknown", once across replicas.

export const Intent = z.object({
  v: z.literal(1),
  id: z.string().regex(/^[0-9a-f]{24}$/),
  teamId: z.string(),
  enterpriseId: z.string().optional(),
  action: z.enum(LIFECYCLE_ACTIONS),
  experimentId: z.int().positive(),
  actorId: z.string().max(64),
  channelId: z.string().max(64).optional(),
  at: z.string(),
  /** After this no process can still be waiting for the platform's answer (one attempt's timeout). */
  deadline: z.string(),
  /**
   * received: acknowledged to the person, nothing sent yet (written before the ack); sending: the
   * platform call is about to be made; telling: the platform answered and the app is telling it
   * (a message can be posted and the process killed before the intent is cleared: no Slack call
   * is idempotent, so the sweep then repeats the known outcome instead of calling it unknown).
   * Older records have no phase: sending.
   */
  phase: z.enum(['received', 'sending', 'telling']).default('sending'),
  /** On a telling intent: the platform's answer, known before the app began to tell it. */
  outcome: z.enum(['done', 'not-done']).optional(),
  /**
   * On a sending intent written by an earlier version: the received one of the same request, which
   * it superseded (a sending intent now takes its receipt's id instead, so the sweep still reads it).
   */
  receipt: z
    .string()
    .regex(/^[0-9a-f]{24}$/)
    .optional(),
  /**
   * The stored request it is about. On a received intent: the one its command stored to wait (for
   * approval or its time), named before it was stored; the sweep takes it back if it still waits
   * (nothing was sent), else leaves it to its own end. On a sending or telling intent: the one being
   * run; the sweep ends it with what the intent knows, unless it was ended already (and told then).
   */
  request: z.object({ scope: z.string().max(200), id: z.string().max(64) }).optional(),
  /** The process that wrote it; while that process's lease is alive the intent is not orphaned. */
  owner: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
});
export type Intent = z.infer<typeof Intent>;

type IntentInput = Omit<
  Intent,
  'v' | 'id' | 'at' | 'deadline' | 'teamId' | 'enterpriseId' | 'phase' | 'owner' | 'outcome'
> & {
  workspace: WorkspaceRef;
};

export interface IntentLog {
  /**
   * Before the acknowledgement of an acting command: if the process dies before it sends anything,
   * the sweep tells the person nothing was sent (instead of silence). Its id is known at once, before
   * the store has it: a request acked while its receipt is still being written keeps that receipt
   * (`end` deletes it only once written). `written` rejects when the store fails.
   */
  receive(input: IntentInput): { id: string; written: Promise<void> };
  /**
   * Throws when the store cannot take it: the caller then sends nothing. With `receipt` (the intent
   * `receive` wrote for the same request), that intent is advanced to sending under the same id:
   * one write, where a second intent and the receipt's delete were two.
   */
  begin(input: IntentInput): Promise<string>;
  /**
   * The request a received intent's command is about to store (its receipt names it before it is
   * stored). Throws when the store cannot take it: the caller then stores nothing. A receipt that
   * was never written is left so.
   */
  noteRequest(id: string, request: NonNullable<Intent['request']>): Promise<void>;
  /**
   * The platform answered: written before telling it. Never throws: when the store fails, the intent
   * stays "sending" and a crash before the end is reported as unknown.
   */
  telling(id: string, outcome: NonNullable<Intent['outcome']>): Promise<void>;
  /**
   * Never throws: the outcome is known and told. An end the store does not take is kept and tried
   * again (`writeKept`), so the intent cannot outlive this process to be reported as unknown.
   */
  end(id: string): Promise<void>;
  /**
   * The request that wrote this receipt is finished. When an action advanced it (`begin`), the
   * action ends it, once told, and this leaves it alone: the intent of an action still at work is
   * never deleted by the command that started it. Otherwise as `end`.
   */
  endReceipt(id: string): Promise<void>;
  /**
   * Intents past their deadline whose process is gone: no lease of its owner is alive. An intent of
   * this process is never one (it is still at work on it, however slow Slack or the store are).
   */
  orphans(): Promise<Intent[]>;
  /**
   * orphans(), and when another process's intent could become one soonest (its deadline, or its
   * owner's lease running out): a sweep then looks again at that moment rather than a minute later,
   * so a crash is reported as soon as the dead process's lease has expired.
   */
  scanOrphans(): Promise<OrphanScan>;
  /** Renews this process's lease; call it every LEASE_MS / 3. Throws when the store fails. */
  renewLease(): Promise<void>;
  /**
   * Ends the intents whose end the store did not take (a restart), kept in this process; stops at
   * the first failure. Resolves with how many are still kept; never rejects. Called periodically.
   */
  writeKept(): Promise<number>;
}

interface OrphanScan {
  orphans: Intent[];
  /** Epoch ms when an intent skipped now may have become an orphan; undefined when none was skipped. */
  recheckAt: number | undefined;
}

/**
 * A live process renews its lease well within this. A deadline alone is not enough: a process
 * still telling (Slack slow, 429s, a loaded machine) would be reported by another replica as
 * "outcome unknown" and then tell "done" too (test/durability.test.ts under a full suite).
 */
export const LEASE_MS = 10_000;
/** The store namespace of the intent log's Keyv (src/compose/domain-services.ts). */
export const INTENT_NAMESPACE = 'intents';
const LEASE_PREFIX = 'lease:';

/** A received request may wait this much longer than a platform call before it is sent (access checks, reads). */
const RECEIVED_EXTRA_MS = 5_000;

interface IntentLogOptions {
  keyv: Keyv;
  now: () => Date;
  /** The longest a lifecycle call can take (one attempt: the console timeout), plus a margin. */
  inFlightMs: number;
  onError: (error: unknown) => void;
  /** This process's id in its intents and lease (random per process by default). */
  owner?: string;
}

/**
 * How many of this process's own intents it keeps in memory between `begin` and `end` (an action
 * that threw past its intent is never ended here: past the bound the oldest are forgotten, and
 * `telling` reads the store for them), and how many of its recently ended ids it remembers.
 */
const REMEMBERED_INTENTS = 4_096;

export function createIntentLog(options: IntentLogOptions): IntentLog {
  const owner = options.owner ?? randomBytes(8).toString('hex');
  const own = ownIntents();
  const store = async (intent: Intent) => {
    if ((await options.keyv.set(intent.id, intent)) === false)
      throw new Error('the store did not take the intent');
  };
  const ender = intentEnder(options, own);
  const scanOrphans = () => scanForOrphans(options, owner);

  return {
    receive(input) {
      const intent = buildIntent(options, owner, input, 'received', RECEIVED_EXTRA_MS);
      const written = store(intent);
      ender.receiving(intent.id, written);
      return { id: intent.id, written };
    },
    async begin(input) {
      const { receipt, ...rest } = input;
      // The receipt's own write first: landing after this one, it would turn the intent back.
      if (receipt !== undefined) await ender.written(receipt);
      const intent = {
        ...buildIntent(options, owner, rest, 'sending', 0),
        ...(receipt ? { id: receipt } : {}),
      };
      await store(intent);
      own.keep(intent);
      return intent.id;
    },
    async noteRequest(id, request) {
      await ender.written(id).catch(() => undefined);
      const intent = await readIntent(options.keyv, id);
      if (intent === undefined) return;
      await store({ ...intent, request });
    },
    async telling(id, outcome) {
      try {
        const intent = own.get(id) ?? (await readIntent(options.keyv, id));
        if (intent === undefined) return;
        const next: Intent = { ...intent, phase: 'telling', outcome };
        await store(next);
        own.keep(next);
      } catch (error) {
        options.onError(error);
      }
    },
    end: (id) => ender.end(id),
    async endReceipt(id) {
      // Only `begin` and `telling` keep an intent here: one kept under this id is an action's.
      if (own.get(id) === undefined) await ender.end(id);
    },
    async orphans() {
      return (await scanOrphans()).orphans;
    },
    scanOrphans,
    writeKept: () => ender.writeKept(),
    async renewLease() {
      const lease = { v: 1, at: options.now().toISOString() };
      const ok = await options.keyv.set(`${LEASE_PREFIX}${owner}`, lease, LEASE_MS);
      if (ok === false) throw new Error('the store did not take the lease');
    },
  };
}

/**
 * This process's intents as it last wrote them, from `begin` to `end`, so that `telling` writes the
 * next phase without reading the intent back. Safe with several replicas: an intent is written only
 * by the process that owns it; another replica's sweep may delete it once this process's lease has
 * lapsed (it was reported as unknown then), and a `telling` written after that is ended right away.
 * Also the ids this process ended, so that a second `end` of the same id (an intent is ended by its
 * action and again when the command that received it finishes) costs no delete: nothing writes an
 * id again once its owner ended it.
 */
function ownIntents() {
  const live = new Map<string, Intent>();
  const ended = new Set<string>();
  const bounded = (set: { size: number; keys(): IterableIterator<string>; delete(key: string): boolean }) => {
    if (set.size <= REMEMBERED_INTENTS) return;
    const oldest = set.keys().next().value;
    if (oldest !== undefined) set.delete(oldest);
  };
  return {
    get: (id: string) => live.get(id),
    keep(intent: Intent) {
      live.delete(intent.id);
      live.set(intent.id, intent);
      bounded(live);
    },
    /** Forgets the intent; true when this process already ended it (the delete is not needed). */
    ending(id: string): boolean {
      live.delete(id);
      return ended.delete(id);
    },
    ended(id: string) {
      ended.add(id);
      bounded(ended);
    },
  };
}

type OwnIntents = ReturnType<typeof ownIntents>;

/**
 * Deletes ended intents: after a receipt's write, once. An end the store did not take is kept, up to
 * REMEMBERED_INTENTS, for `writeKept`: ended within a round of the store's return, so another
 * replica's sweep never finds it once this process is gone. Past the bound the one kept longest is
 * given up (logged through onError): if this process then dies before the store loses it, the sweep
 * reports that action again (its known outcome, or unknown if its telling mark was not written).
 */
function intentEnder(options: Pick<IntentLogOptions, 'keyv' | 'onError'>, own: OwnIntents) {
  const { keyv } = options;
  // Receipts still being written, by id: ended once written, or a delete could land before the write.
  const receiving = new Map<string, Promise<void>>();
  const unended = createKeptWrites<true>({
    max: REMEMBERED_INTENTS,
    merge: (kept) => kept,
    dropped: (id) =>
      options.onError(new Error(`intent ${id} left in the store: too many ends kept unwritten`)),
  });
  const remove = async (id: string) => {
    try {
      await keyv.delete(id);
      own.ended(id);
    } catch (error) {
      unended.keep(id, true);
      throw error;
    }
  };
  const end = async (id: string): Promise<void> => {
    const pending = receiving.get(id);
    // Not waited for: the action goes on (the platform call follows); the delete follows the write.
    if (pending) {
      void pending.then(() => end(id));
      return;
    }
    if (own.ending(id)) return;
    try {
      await remove(id);
    } catch (error) {
      options.onError(error);
    }
  };
  return {
    end,
    writeKept: () => unended.writeAll((id) => remove(id)),
    /** Settles once a receipt being written is written (or failed); at once for any other id. */
    written: async (id: string): Promise<void> => {
      await receiving.get(id);
    },
    receiving(id: string, written: Promise<void>) {
      const settled = () => void receiving.delete(id);
      receiving.set(id, written.then(settled, settled));
    },
  };
}

function buildIntent(
  options: Pick<IntentLogOptions, 'now' | 'inFlightMs'>,
  owner: string,
  input: IntentInput,
  phase: Intent['phase'],
  extraMs: number,
): Intent {
  const at = options.now();
  return {
    v: 1,
    id: newIntentId(),
    teamId: input.workspace.teamId,
    ...(input.workspace.enterpriseId ? { enterpriseId: input.workspace.enterpriseId } : {}),
    action: input.action,
    experimentId: input.experimentId,
    actorId: input.actorId,
    ...(input.channelId ? { channelId: input.channelId } : {}),
    ...(input.request ? { request: input.request } : {}),
    at: at.toISOString(),
    deadline: new Date(at.getTime() + options.inFlightMs + extraMs).toISOString(),
    phase,
    owner,
  };
}

async function readIntent(keyv: Keyv, id: string): Promise<Intent | undefined> {
  const parsed = Intent.safeParse(await keyv.get(id));
  return parsed.success ? parsed.data : undefined;
}

/** Every intent past its deadline whose owner's lease is gone (at most 200), and when to look again. */
async function scanForOrphans(
  options: Pick<IntentLogOptions, 'keyv' | 'now'>,
  owner: string,
): Promise<OrphanScan> {
  const { keyv } = options;
  if (!keyv.iterator) return { orphans: [], recheckAt: undefined };
  const now = options.now().getTime();
  const leaseEnd = leaseEnds(keyv, owner, now);
  const found: Intent[] = [];
  let recheckAt: number | undefined;
  for await (const [, value] of keyv.iterator(keyv.namespace)) {
    const parsed = Intent.safeParse(value);
    if (!parsed.success) continue;
    const deadline = new Date(parsed.data.deadline).getTime();
    // Records written before leases have no owner: the deadline alone decides for them.
    const alive = parsed.data.owner === undefined ? undefined : await leaseEnd(parsed.data.owner);
    if (deadline >= now || alive !== undefined) {
      const at = Math.max(deadline, alive ?? 0);
      if (Number.isFinite(at)) recheckAt = Math.min(recheckAt ?? at, at);
      continue;
    }
    found.push(parsed.data);
    // Bounded: a sweep reports at most this many; the next sweep takes the rest.
    if (found.length >= 200) break;
  }
  return { orphans: found, recheckAt };
}

/** Owner id -> when its lease runs out (undefined: none alive), read once per scan. This process's never does. */
function leaseEnds(keyv: Keyv, owner: string, now: number) {
  const leases = new Map<string, number | undefined>([[owner, Number.POSITIVE_INFINITY]]);
  return async (id: string) => {
    if (!leases.has(id)) {
      const lease = (await keyv.get(`${LEASE_PREFIX}${id}`)) as { at?: string } | undefined;
      leases.set(
        id,
        lease === undefined ? undefined : Date.parse(lease.at ?? '') + LEASE_MS || now + LEASE_MS,
      );
    }
    return leases.get(id);
  };
}

/**
 * 24 hex digits (90 random bits) from randomUUID, which draws from a pool Node refills 128 ids at a
 * time, rather than asking the OS's generator on every action as randomBytes does.
 */
function newIntentId(): string {
  const uuid = randomUUID();
  return uuid.slice(0, 8) + uuid.slice(9, 13) + uuid.slice(14, 18) + uuid.slice(19, 23) + uuid.slice(24, 28);
}
