import type { Keyv } from 'keyv';
import * as z from 'zod';
import type { Logger } from '../observability/logger.js';
import type { StoredValues, UpdateStored } from './stored-values.js';
import {
  type AlertSelector,
  type AlertSubject,
  selectorId,
  selectorMatches,
} from './subscription-selector.js';

/** What a channel can subscribe to: the lifecycle actions, create and edit, and bare status changes. */
export const ALERT_ACTIONS = ['start', 'stop', 'archive', 'unarchive', 'create', 'edit', 'status'] as const;
export type AlertAction = (typeof ALERT_ACTIONS)[number];
/**
 * `all` also covers actions added in later versions; `recommended` the few a channel reads every
 * one of (RECOMMENDED_ACTIONS); a list means exactly those actions.
 */
export type AlertFilter = 'all' | 'recommended' | readonly AlertAction[];

/**
 * What `events:recommended`, the default of a new subscription, sends: what changes an
 * experiment's course, in Slack or outside it (a status the platform reports, by event or poll).
 */
export const RECOMMENDED_ACTIONS: readonly AlertAction[] = ['start', 'stop', 'archive', 'status'];

/** The actions a filter takes. */
export const actionsOf = (filter: AlertFilter): readonly AlertAction[] =>
  filter === 'all' ? ALERT_ACTIONS : filter === 'recommended' ? RECOMMENDED_ACTIONS : filter;

/** More than this many in one channel is refused: each alert is matched against all of them. */
export const SUBSCRIPTIONS_PER_CHANNEL = 20;

export interface Subscription {
  /** Stable for the channel and selector (see selectorId): what a Remove button names. */
  id: string;
  channelId: string;
  selector: AlertSelector;
  actions: AlertFilter;
  updatedBy: string | undefined;
  updatedAt: string;
}

interface SubscribeInput {
  selector?: AlertSelector | undefined;
  actions: AlertFilter;
}

interface SubscribeResult {
  subscription: Subscription;
  /** The channel's subscription with the same selector before (undefined: new), so a caller can undo. */
  previous: Subscription | undefined;
}

interface UnsubscribeInput {
  /** Only the subscription with this selector; undefined: every subscription of the channel. */
  selector?: AlertSelector | undefined;
  /** Only these actions; undefined: the whole subscription(s). */
  actions?: readonly AlertAction[] | undefined;
}

export type UnsubscribeResult =
  | { kind: 'removed'; removed: Subscription[] }
  /** Some actions turned off; subscriptions left with none were removed. */
  | { kind: 'narrowed'; changed: Subscription[]; removed: readonly AlertAction[]; dropped: Subscription[] }
  /** None of the actions named were in the filters. */
  | { kind: 'unchanged'; current: Subscription[] }
  /** The channel has no subscription (with that selector). */
  | { kind: 'not-subscribed'; others: Subscription[] };

interface ChannelMatch {
  channelId: string;
  /** The subscriptions of the channel that matched (one alert per channel however many match). */
  subscriptionIds: string[];
  /** Who set up the first matching subscription: told when the channel cannot be posted in. */
  subscribedBy: string | undefined;
}

export interface SubscriptionStore {
  /** Adds a subscription, or changes the actions of the channel's one with the same selector. */
  subscribe(
    scope: string,
    channelId: string,
    input: SubscribeInput,
    options?: { by?: string | undefined },
  ): Promise<SubscribeResult>;
  unsubscribe(scope: string, channelId: string, input?: UnsubscribeInput): Promise<UnsubscribeResult>;
  /** Removes one subscription by id (a Remove button); undefined when it is already gone. */
  remove(scope: string, channelId: string, id: string): Promise<Subscription | undefined>;
  list(scope: string): Promise<Subscription[]>;
  listChannel(scope: string, channelId: string): Promise<Subscription[]>;
  /** Channels with a subscription matching the action and subject, each once. */
  matching(scope: string, action: AlertAction, subject: AlertSubject): Promise<ChannelMatch[]>;
  /** Forgets every subscription of the scope (app uninstalled); returns how many channels had some. */
  clear(scope: string): Promise<number>;
  /** Every scope with subscriptions (the poller's round); needs a store that can list its records. */
  scopes(): AsyncIterable<string>;
}

/** The channel already has SUBSCRIPTIONS_PER_CHANNEL subscriptions; nothing was written. */
export class SubscriptionLimitError extends Error {
  constructor(readonly channelId: string) {
    super(`Channel ${channelId} has ${SUBSCRIPTIONS_PER_CHANNEL} subscriptions already`);
    this.name = 'SubscriptionLimitError';
  }
}

/** A scope, channel id or filter the store refuses to key or store; nothing was written. */
export class SubscriptionInputError extends Error {
  constructor(
    readonly field: 'scope' | 'channelId' | 'actions',
    readonly value: string,
  ) {
    super(`Invalid subscription ${field}: ${JSON.stringify(value)}`);
    this.name = 'SubscriptionInputError';
  }
}

// Slack ids are upper-case letters and digits; no ':' keeps the keys below unambiguous.
const CHANNEL_ID = /^[A-Z][A-Z0-9]{1,63}$/;
const SCOPE = /^[^\s]{1,200}$/;
const ACTIONS = z.union([z.literal('all'), z.literal('recommended'), z.array(z.enum(ALERT_ACTIONS)).min(1)]);

/** Version 1 held one filter per channel and no selector: read as one subscription to everything. */
const StoredV1 = z.object({
  v: z.literal(1),
  channelId: z.string().regex(CHANNEL_ID),
  actions: ACTIONS,
  updatedBy: z.string().optional(),
  updatedAt: z.string(),
});
const StoredSelector = z.object({
  team: z.object({ value: z.string().min(1).max(200), label: z.string().max(200) }).optional(),
  type: z.string().min(1).max(200).optional(),
  experimentId: z.number().int().positive().optional(),
  ops: z.literal(true).optional(),
});
const StoredV2 = z.object({
  v: z.literal(2),
  channelId: z.string().regex(CHANNEL_ID),
  subscriptions: z
    .array(
      z.object({
        selector: StoredSelector,
        actions: ACTIONS,
        updatedBy: z.string().optional(),
        updatedAt: z.string(),
      }),
    )
    .max(SUBSCRIPTIONS_PER_CHANNEL),
});
const StoredIndex = z.object({ v: z.literal(1), channels: z.array(z.string().regex(CHANNEL_ID)) });

export interface SubscriptionStoreOptions {
  logger?: Logger;
  now?: () => Date;
}

type Entry = Omit<Subscription, 'id' | 'channelId'>;

/**
 * Layout: one record per (scope, channel) holds that channel's subscriptions, and one small index
 * per scope lists the channels. Two channels edited at once never overwrite each other. Both the
 * record and the index are updated by compare-and-set (store/conditional-update.ts): a write lands
 * only over the value it was computed from, else it is computed again from what another replica
 * wrote, so no concurrent change is lost. Index entries whose record is gone are skipped on read.
 */
export function createSubscriptionStore(
  { keyv, update }: StoredValues,
  options: SubscriptionStoreOptions = {},
): SubscriptionStore {
  const io: RecordIo = { keyv, update, logger: options.logger };
  const now = options.now ?? (() => new Date());
  const list = (scope: string) => listScope(io, scope);

  return {
    async subscribe(scope, channelId, input, opts = {}) {
      checkScope(scope);
      checkChannel(channelId);
      const subscription = toSubscription(channelId, {
        selector: cleanSelector(input.selector ?? {}),
        actions: normaliseFilter(input.actions),
        updatedBy: opts.by,
        updatedAt: now().toISOString(),
      });
      return updateRecord(io, scope, channelId, (current) => {
        const previous = current.find((s) => s.id === subscription.id);
        if (!previous && current.length >= SUBSCRIPTIONS_PER_CHANNEL)
          throw new SubscriptionLimitError(channelId);
        const next = previous
          ? current.map((s) => (s.id === subscription.id ? subscription : s))
          : [...current, subscription];
        return { next, result: { subscription, previous } };
      });
    },
    async unsubscribe(scope, channelId, input = {}) {
      checkScope(scope);
      checkChannel(channelId);
      const targetId = input.selector ? selectorId(cleanSelector(input.selector)) : undefined;
      return updateRecord(io, scope, channelId, (current) =>
        unsubscribeChange(current, targetId, input.actions, now),
      );
    },
    async remove(scope, channelId, id) {
      checkScope(scope);
      checkChannel(channelId);
      return updateRecord(io, scope, channelId, (current) => ({
        next: current.filter((s) => s.id !== id),
        result: current.find((s) => s.id === id),
      }));
    },
    list,
    async listChannel(scope, channelId) {
      checkScope(scope);
      checkChannel(channelId);
      return readRecord(io, scope, channelId);
    },
    matching: async (scope, action, subject) => channelMatches(await list(scope), action, subject),
    async *scopes() {
      if (!keyv.iterator) return;
      for await (const [key] of keyv.iterator(keyv.namespace) as AsyncIterable<[unknown, unknown]>) {
        if (typeof key === 'string' && key.startsWith('index:')) yield key.slice('index:'.length);
      }
    },
    async clear(scope) {
      checkScope(scope);
      const channels = await readIndex(io, scope);
      await Promise.all(channels.map((channelId) => keyv.delete(recordKey(scope, channelId))));
      await keyv.delete(indexKey(scope));
      return channels.length;
    },
  };
}

interface RecordIo {
  keyv: Keyv;
  update: UpdateStored;
  logger: Logger | undefined;
}

const recordKey = (scope: string, channelId: string) => `channel:${scope}:${channelId}`;
const indexKey = (scope: string) => `index:${scope}`;

const toSubscription = (channelId: string, entry: Entry): Subscription => ({
  id: selectorId(entry.selector),
  channelId,
  selector: entry.selector,
  actions: entry.actions,
  updatedBy: entry.updatedBy,
  updatedAt: entry.updatedAt,
});

async function readRecord(io: RecordIo, scope: string, channelId: string): Promise<Subscription[]> {
  return parseRecord(io, scope, channelId, await io.keyv.get(recordKey(scope, channelId)));
}

function parseRecord(io: RecordIo, scope: string, channelId: string, raw: unknown): Subscription[] {
  if (raw === undefined || raw === null) return [];
  const v2 = StoredV2.safeParse(raw);
  if (v2.success && v2.data.channelId === channelId) {
    return v2.data.subscriptions.map((e) =>
      toSubscription(channelId, {
        selector: cleanSelector(e.selector),
        actions: e.actions,
        updatedBy: e.updatedBy,
        updatedAt: e.updatedAt,
      }),
    );
  }
  const v1 = StoredV1.safeParse(raw);
  if (v1.success && v1.data.channelId === channelId) {
    const { actions, updatedBy, updatedAt } = v1.data;
    return [toSubscription(channelId, { selector: {}, actions, updatedBy, updatedAt })];
  }
  io.logger?.warn('stored subscription has an unexpected shape; ignoring it', { scope, channelId });
  return [];
}

async function readIndex(io: RecordIo, scope: string): Promise<string[]> {
  return parseIndex(io, scope, await io.keyv.get(indexKey(scope)));
}

function parseIndex(io: RecordIo, scope: string, raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  const parsed = StoredIndex.safeParse(raw);
  if (parsed.success) return parsed.data.channels;
  io.logger?.warn('stored subscription index has an unexpected shape; treating it as empty', { scope });
  return [];
}

const fingerprint = (subs: readonly Subscription[]) =>
  JSON.stringify(subs.map((s) => [s.id, s.actions, s.updatedAt]));

/** The stored (v2) form of a channel's subscriptions. */
const storedRecord = (channelId: string, subs: readonly Subscription[]) => ({
  v: 2,
  channelId,
  subscriptions: subs.map(({ selector, actions, updatedBy, updatedAt }) => ({
    selector,
    actions,
    ...(updatedBy === undefined ? {} : { updatedBy }),
    updatedAt,
  })),
});

/**
 * Applies change to the channel's subscriptions and writes the result over the record it was
 * computed from (computed again if another replica wrote the record meanwhile). The channel is
 * listed in the index before a record that keeps subscriptions is written, and unlisted after one
 * is emptied: a failure between the two leaves at most a listed channel without a record, which
 * reads skip, so a failed change changed nothing anyone sees, and a done one is never unlisted.
 */
async function updateRecord<T>(
  io: RecordIo,
  scope: string,
  channelId: string,
  change: (current: Subscription[]) => { next: Subscription[]; result: T },
): Promise<T> {
  // Listed first, so that a record write that fails leaves nothing anyone sees.
  if (change(await readRecord(io, scope, channelId)).next.length > 0) {
    await updateIndex(io, scope, channelId, true);
  }
  const { result, changed, present } = await io.update(recordKey(scope, channelId), (stored) => {
    const current = parseRecord(io, scope, channelId, stored);
    const { next, result } = change(current);
    if (fingerprint(next) === fingerprint(current)) {
      return { next: stored, result: { result, changed: false, present: current.length > 0 } };
    }
    return {
      next: next.length === 0 ? undefined : storedRecord(channelId, next),
      result: { result, changed: true, present: next.length > 0 },
    };
  });
  if (changed) await settleIndex(io, scope, channelId, present);
  return result;
}

/**
 * The index after a record was written, best effort since the change is done either way: a record
 * that keeps subscriptions is listed (again, if another replica emptied and unlisted the channel
 * between our listing and our write), and an emptied one unlisted, then listed again if another
 * replica wrote a new record for it meanwhile. Each order of two such writers ends listed.
 */
async function settleIndex(io: RecordIo, scope: string, channelId: string, present: boolean): Promise<void> {
  try {
    await updateIndex(io, scope, channelId, present);
    if (!present && (await readRecord(io, scope, channelId)).length > 0) {
      await updateIndex(io, scope, channelId, true);
    }
  } catch (error) {
    io.logger?.warn('subscription index not brought up to date; reads skip a channel without a record', {
      scope,
      channelId,
      error: error instanceof Error ? error.name : 'unknown',
    });
  }
}

/** Lists or unlists the channel in the scope's index, by compare-and-set. */
async function updateIndex(io: RecordIo, scope: string, channelId: string, present: boolean): Promise<void> {
  await io.update(indexKey(scope), (stored) => {
    const channels = parseIndex(io, scope, stored);
    if (channels.includes(channelId) === present) return { next: stored, result: undefined };
    const next = present ? [...channels, channelId] : channels.filter((c) => c !== channelId);
    return { next: next.length === 0 ? undefined : { v: 1, channels: next }, result: undefined };
  });
}

async function listScope(io: RecordIo, scope: string): Promise<Subscription[]> {
  checkScope(scope);
  const channels = await readIndex(io, scope);
  const records = await Promise.all(channels.map((channelId) => readRecord(io, scope, channelId)));
  return records.flat();
}

/**
 * The change an unsubscribe makes: whole subscriptions removed when no actions are named, else
 * those actions taken out of each target (a subscription left with none is dropped).
 */
function unsubscribeChange(
  current: Subscription[],
  targetId: string | undefined,
  actions: readonly AlertAction[] | undefined,
  now: () => Date,
): { next: Subscription[]; result: UnsubscribeResult } {
  const targets = current.filter((s) => targetId === undefined || s.id === targetId);
  const others = current.filter((s) => !targets.includes(s));
  if (targets.length === 0) return { next: current, result: { kind: 'not-subscribed', others } };
  if (actions === undefined || actions.length === 0) {
    return { next: others, result: { kind: 'removed', removed: targets } };
  }
  const removedActions = new Set<AlertAction>();
  const changed: Subscription[] = [];
  const dropped: Subscription[] = [];
  const at = now().toISOString();
  const next = current.flatMap((s) => {
    if (!targets.includes(s)) return [s];
    const had = actionsOf(s.actions);
    const removed = had.filter((a) => actions.includes(a));
    if (removed.length === 0) return [s];
    for (const a of removed) removedActions.add(a);
    const left = had.filter((a) => !actions.includes(a));
    if (left.length === 0) {
      dropped.push(s);
      return [];
    }
    const narrowed: Subscription = { ...s, actions: left, updatedAt: at };
    changed.push(narrowed);
    return [narrowed];
  });
  if (removedActions.size === 0) return { next: current, result: { kind: 'unchanged', current: targets } };
  const removed = ALERT_ACTIONS.filter((a) => removedActions.has(a));
  return { next, result: { kind: 'narrowed', changed, removed, dropped } };
}

/** The channels whose subscriptions take this action on this subject, each listed once. */
function channelMatches(
  subscriptions: readonly Subscription[],
  action: AlertAction,
  subject: AlertSubject,
): ChannelMatch[] {
  const byChannel = new Map<string, ChannelMatch>();
  for (const s of subscriptions) {
    if (!actionsOf(s.actions).includes(action)) continue;
    if (!selectorMatches(s.selector, subject)) continue;
    const match = byChannel.get(s.channelId);
    if (match) match.subscriptionIds.push(s.id);
    else
      byChannel.set(s.channelId, {
        channelId: s.channelId,
        subscriptionIds: [s.id],
        subscribedBy: s.updatedBy,
      });
  }
  return [...byChannel.values()];
}

/** Only the fields that narrow: a stored `{team: undefined}` and `{}` are the same selector. */
function cleanSelector(selector: AlertSelector): AlertSelector {
  return {
    ...(selector.team ? { team: { value: selector.team.value, label: selector.team.label } } : {}),
    ...(selector.type ? { type: selector.type } : {}),
    ...(selector.experimentId ? { experimentId: selector.experimentId } : {}),
    ...(selector.ops ? { ops: true as const } : {}),
  };
}

/** Duplicates dropped, in the canonical order; an empty list is refused (that is an unsubscribe). */
function normaliseFilter(actions: AlertFilter): AlertFilter {
  if (actions === 'all' || actions === 'recommended') return actions;
  const known = new Set<string>(ALERT_ACTIONS);
  for (const action of actions) {
    if (!known.has(action)) throw new SubscriptionInputError('actions', String(action));
  }
  if (actions.length === 0) throw new SubscriptionInputError('actions', '');
  return ALERT_ACTIONS.filter((a) => actions.includes(a));
}

function checkScope(scope: string): void {
  if (!SCOPE.test(scope)) throw new SubscriptionInputError('scope', scope);
}

function checkChannel(channelId: string): void {
  if (!CHANNEL_ID.test(channelId)) throw new SubscriptionInputError('channelId', channelId);
}
