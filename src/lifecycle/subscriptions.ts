import type { Keyv } from 'keyv';
import { z } from 'zod';
import type { Logger } from '../observability/logger.js';

/** What a channel can subscribe to: the four lifecycle actions plus create and edit. */
export const ALERT_ACTIONS = ['start', 'stop', 'archive', 'unarchive', 'create', 'edit'] as const;
export type AlertAction = (typeof ALERT_ACTIONS)[number];
/** `all` also covers actions added in later versions; a list means exactly those actions. */
export type AlertFilter = 'all' | readonly AlertAction[];

export interface Subscription {
  channelId: string;
  actions: AlertFilter;
  updatedBy: string | undefined;
  updatedAt: string;
}

export interface SubscribeResult {
  subscription: Subscription;
  /** What the channel had before (undefined: it was not subscribed), so a caller can undo. */
  previous: Subscription | undefined;
}

export type UnsubscribeResult =
  | { kind: 'removed'; previous: Subscription }
  | { kind: 'narrowed'; subscription: Subscription; removed: readonly AlertAction[] }
  /** None of the actions named were in the channel's filter. */
  | { kind: 'unchanged'; subscription: Subscription }
  | { kind: 'not-subscribed' };

export interface SubscriptionStore {
  /** Replaces the channel's filter (re-subscribing is how a filter is changed). */
  subscribe(
    scope: string,
    channelId: string,
    actions: AlertFilter,
    options?: { by?: string },
  ): Promise<SubscribeResult>;
  /** Without actions, or when nothing would be left, the channel is removed. */
  unsubscribe(scope: string, channelId: string, actions?: readonly AlertAction[]): Promise<UnsubscribeResult>;
  list(scope: string): Promise<Subscription[]>;
  /** Channels subscribed to the action; a bare status change (`status`) reaches `all` subscriptions only. */
  channelsFor(scope: string, action: AlertAction | 'status'): Promise<string[]>;
  /** Forgets every subscription of the scope (app uninstalled); returns how many there were. */
  clear(scope: string): Promise<number>;
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

/** The Keyv reported that a write did not happen (instead of throwing). */
export class SubscriptionWriteError extends Error {
  constructor(readonly key: string) {
    super(`Could not write subscription record ${key}`);
    this.name = 'SubscriptionWriteError';
  }
}

// Slack ids are upper-case letters and digits; no ':' keeps the keys below unambiguous.
const CHANNEL_ID = /^[A-Z][A-Z0-9]{1,63}$/;
const SCOPE = /^[^\s]{1,200}$/;

const StoredSubscription = z.object({
  v: z.literal(1),
  channelId: z.string().regex(CHANNEL_ID),
  actions: z.union([z.literal('all'), z.array(z.enum(ALERT_ACTIONS)).min(1)]),
  updatedBy: z.string().optional(),
  updatedAt: z.string(),
});
const StoredIndex = z.object({ v: z.literal(1), channels: z.array(z.string().regex(CHANNEL_ID)) });

/** How many times an index write is redone when another replica's write replaced it. */
const INDEX_WRITES = 4;

export interface SubscriptionStoreOptions {
  logger?: Logger;
  now?: () => Date;
}

/**
 * Layout: one record per (scope, channel) holds that channel's filter, and one small index per
 * scope lists the channels. Changing one channel's filter is a single-key write, so two channels
 * edited at once never overwrite each other's filters. Only the index is read-modify-write: each
 * write is read back and redone if another replica's write replaced it, which leaves one narrow
 * race (a concurrent write landing after our read-back) in which an index entry is lost; running
 * `/exp subscribe` again repairs it. Index entries whose record is gone are skipped on read.
 */
export function createSubscriptionStore(
  keyv: Keyv,
  options: SubscriptionStoreOptions = {},
): SubscriptionStore {
  const { logger } = options;
  const now = options.now ?? (() => new Date());
  const recordKey = (scope: string, channelId: string) => `channel:${scope}:${channelId}`;
  const indexKey = (scope: string) => `index:${scope}`;

  async function readRecord(scope: string, channelId: string): Promise<Subscription | undefined> {
    const raw: unknown = await keyv.get(recordKey(scope, channelId));
    if (raw === undefined || raw === null) return undefined;
    const parsed = StoredSubscription.safeParse(raw);
    if (!parsed.success || parsed.data.channelId !== channelId) {
      logger?.warn('stored subscription has an unexpected shape; ignoring it', { scope, channelId });
      return undefined;
    }
    const { channelId: id, actions, updatedBy, updatedAt } = parsed.data;
    return { channelId: id, actions, updatedBy, updatedAt };
  }

  async function readIndex(scope: string): Promise<string[]> {
    const raw: unknown = await keyv.get(indexKey(scope));
    if (raw === undefined || raw === null) return [];
    const parsed = StoredIndex.safeParse(raw);
    if (parsed.success) return parsed.data.channels;
    logger?.warn('stored subscription index has an unexpected shape; treating it as empty', { scope });
    return [];
  }

  async function write(key: string, value: unknown): Promise<void> {
    if ((await keyv.set(key, value)) === false) throw new SubscriptionWriteError(key);
  }

  async function updateIndex(scope: string, channelId: string, present: boolean): Promise<void> {
    for (let writes = 0; ; writes++) {
      // Also the read-back of the previous write: redone when another replica's write replaced it.
      const channels = new Set(await readIndex(scope));
      if (channels.has(channelId) === present) return;
      if (writes === INDEX_WRITES) {
        logger?.warn('subscription index kept changing under concurrent writes', { scope, channelId });
        return;
      }
      if (present) channels.add(channelId);
      else channels.delete(channelId);
      const next = [...channels];
      if (next.length === 0) await keyv.delete(indexKey(scope));
      else await write(indexKey(scope), { v: 1, channels: next });
    }
  }

  async function list(scope: string): Promise<Subscription[]> {
    checkScope(scope);
    const channels = await readIndex(scope);
    const records = await Promise.all(channels.map((channelId) => readRecord(scope, channelId)));
    return records.filter((r): r is Subscription => r !== undefined);
  }

  return {
    async subscribe(scope, channelId, actions, opts = {}) {
      checkScope(scope);
      checkChannel(channelId);
      const filter = normaliseFilter(actions);
      const previous = await readRecord(scope, channelId);
      const subscription: Subscription = {
        channelId,
        actions: filter,
        updatedBy: opts.by,
        updatedAt: now().toISOString(),
      };
      // Record first: an index entry never points at a channel whose filter was not yet written.
      await write(recordKey(scope, channelId), { v: 1, ...subscription });
      await updateIndex(scope, channelId, true);
      return { subscription, previous };
    },
    async unsubscribe(scope, channelId, actions) {
      checkScope(scope);
      checkChannel(channelId);
      const current = await readRecord(scope, channelId);
      if (!current) {
        await updateIndex(scope, channelId, false);
        return { kind: 'not-subscribed' };
      }
      if (actions !== undefined && actions.length > 0) {
        const had = current.actions === 'all' ? ALERT_ACTIONS : current.actions;
        const removed = had.filter((a) => actions.includes(a));
        if (removed.length === 0) return { kind: 'unchanged', subscription: current };
        const left = had.filter((a) => !actions.includes(a));
        if (left.length > 0) {
          const subscription: Subscription = { ...current, actions: left, updatedAt: now().toISOString() };
          await write(recordKey(scope, channelId), { v: 1, ...subscription });
          return { kind: 'narrowed', subscription, removed };
        }
      }
      await keyv.delete(recordKey(scope, channelId));
      await updateIndex(scope, channelId, false);
      return { kind: 'removed', previous: current };
    },
    list,
    async channelsFor(scope, action) {
      const subscriptions = await list(scope);
      return subscriptions
        .filter((s) => s.actions === 'all' || (action !== 'status' && s.actions.includes(action)))
        .map((s) => s.channelId);
    },
    async clear(scope) {
      checkScope(scope);
      const channels = await readIndex(scope);
      await Promise.all(channels.map((channelId) => keyv.delete(recordKey(scope, channelId))));
      await keyv.delete(indexKey(scope));
      return channels.length;
    },
  };
}

/** Duplicates dropped, in the canonical order; an empty list is refused (that is an unsubscribe). */
export function normaliseFilter(actions: AlertFilter): AlertFilter {
  if (actions === 'all') return 'all';
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
