import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import KeyvSqlite from '@keyv/sqlite';
import { Keyv } from 'keyv';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../observability/logger.js';
import {
  ALERT_ACTIONS,
  createSubscriptionStore,
  SubscriptionInputError,
  type SubscriptionStore,
} from './subscriptions.js';

const stores: [string, () => { keyv: Keyv; close: () => Promise<void> }][] = [
  ['in-memory Keyv', () => ({ keyv: new Keyv(), close: async () => {} })],
  [
    '@keyv/sqlite on a temp file',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'subscriptions-'));
      const store = new KeyvSqlite(`sqlite://${join(dir, 'store.sqlite')}`);
      return {
        keyv: new Keyv({ store, namespace: 'subscriptions' }),
        close: async () => {
          await store.disconnect();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
];

const AT = new Date('2026-01-31T12:00:00Z');

describe.each(stores)('subscription store on %s', (_label, open) => {
  let keyv: Keyv;
  let close: () => Promise<void>;
  let logger: ReturnType<typeof createMemoryLogger>;
  let store: SubscriptionStore;

  beforeEach(() => {
    ({ keyv, close } = open());
    logger = createMemoryLogger();
    store = createSubscriptionStore(keyv, { logger, now: () => AT });
  });
  afterEach(async () => {
    await close();
  });

  it('subscribes channels with their filters and routes each action to the right ones', async () => {
    const first = await store.subscribe('T1', 'C0ALL', 'all', { by: 'U1' });
    expect(first).toEqual({
      subscription: { channelId: 'C0ALL', actions: 'all', updatedBy: 'U1', updatedAt: AT.toISOString() },
      previous: undefined,
    });
    await store.subscribe('T1', 'C0STOPS', ['stop', 'archive', 'stop']);
    expect(await store.list('T1')).toEqual([
      { channelId: 'C0ALL', actions: 'all', updatedBy: 'U1', updatedAt: AT.toISOString() },
      {
        channelId: 'C0STOPS',
        actions: ['stop', 'archive'],
        updatedBy: undefined,
        updatedAt: AT.toISOString(),
      },
    ]);
    expect(await store.channelsFor('T1', 'start')).toEqual(['C0ALL']);
    expect(await store.channelsFor('T1', 'stop')).toEqual(['C0ALL', 'C0STOPS']);
    expect(await store.channelsFor('T1', 'create')).toEqual(['C0ALL']);
  });

  it('replaces the filter on a second subscribe and reports what was there', async () => {
    await store.subscribe('T1', 'C1', 'all', { by: 'U1' });
    const again = await store.subscribe('T1', 'C1', ['edit', 'create'], { by: 'U2' });
    expect(again.previous?.actions).toBe('all');
    expect(again.subscription.actions).toEqual(['create', 'edit']);
    expect(await store.list('T1')).toHaveLength(1);
    expect(await store.channelsFor('T1', 'start')).toEqual([]);
  });

  it('unsubscribes a whole channel, or narrows its filter until nothing is left', async () => {
    await store.subscribe('T1', 'C1', 'all');
    await store.subscribe('T1', 'C2', ['stop']);

    const narrowed = await store.unsubscribe('T1', 'C1', ['start', 'create']);
    expect(narrowed).toMatchObject({ kind: 'narrowed', removed: ['start', 'create'] });
    expect((await store.list('T1'))[0]?.actions).toEqual(['stop', 'archive', 'unarchive', 'edit']);

    expect(await store.unsubscribe('T1', 'C2', ['start'])).toMatchObject({ kind: 'unchanged' });
    expect(await store.unsubscribe('T1', 'C2', ['stop'])).toMatchObject({ kind: 'removed' });
    expect(await store.unsubscribe('T1', 'C1')).toMatchObject({ kind: 'removed' });
    expect(await store.unsubscribe('T1', 'C1')).toEqual({ kind: 'not-subscribed' });
    expect(await store.list('T1')).toEqual([]);
  });

  it('keeps workspaces apart, enterprise scopes included', async () => {
    await store.subscribe('T1', 'C1', 'all');
    await store.subscribe('E1:T1', 'C1', ['stop']);
    await store.subscribe('T2', 'C2', 'all');
    expect(await store.channelsFor('T1', 'start')).toEqual(['C1']);
    expect(await store.channelsFor('E1:T1', 'start')).toEqual([]);
    expect(await store.clear('T1')).toBe(1);
    expect(await store.list('T1')).toEqual([]);
    expect(await store.list('E1:T1')).toHaveLength(1);
    expect(await store.list('T2')).toHaveLength(1);
  });

  it('refuses ids and filters it cannot key or store, storing nothing', async () => {
    for (const channel of ['', 'general', 'C1:C2', 'C 1', 'c0lower']) {
      await expect(store.subscribe('T1', channel, 'all')).rejects.toBeInstanceOf(SubscriptionInputError);
    }
    await expect(store.subscribe('T1', 'C1', [])).rejects.toMatchObject({ field: 'actions' });
    await expect(store.subscribe('T1', 'C1', ['delete' as 'stop'])).rejects.toMatchObject({
      field: 'actions',
    });
    await expect(store.subscribe('', 'C1', 'all')).rejects.toMatchObject({ field: 'scope' });
    expect(await store.list('T1')).toEqual([]);
  });

  it('validates records on read: a malformed record or index is ignored and reported', async () => {
    await store.subscribe('T1', 'C1', 'all');
    await store.subscribe('T1', 'C2', 'all');
    await keyv.set('channel:T1:C1', { v: 1, channelId: 'C1', actions: ['launch'], updatedAt: 'x' });
    expect((await store.list('T1')).map((s) => s.channelId)).toEqual(['C2']);
    expect(logger.lines.join('\n')).toContain('unexpected shape');

    // A record stored under another channel's key is not believed either.
    await keyv.set('channel:T1:C2', { v: 1, channelId: 'C9', actions: 'all', updatedAt: 'x' });
    expect(await store.list('T1')).toEqual([]);

    await keyv.set('index:T1', { v: 1, channels: 'C1' });
    expect(await store.channelsFor('T1', 'stop')).toEqual([]);
    // Subscribing again repairs the index.
    await store.subscribe('T1', 'C3', 'all');
    expect(await store.channelsFor('T1', 'stop')).toEqual(['C3']);
  });

  it('skips index entries whose record is gone', async () => {
    await store.subscribe('T1', 'C1', 'all');
    await store.subscribe('T1', 'C2', 'all');
    await keyv.delete('channel:T1:C1');
    expect(await store.channelsFor('T1', 'start')).toEqual(['C2']);
    expect(await store.unsubscribe('T1', 'C1')).toEqual({ kind: 'not-subscribed' });
    expect(await keyv.get('index:T1')).toEqual({ v: 1, channels: ['C2'] });
  });

  it('keeps both channels when two replicas subscribe different channels at the same time', async () => {
    const replicaA = createSubscriptionStore(keyv);
    const replicaB = createSubscriptionStore(keyv);
    await Promise.all([replicaA.subscribe('T1', 'C0A', 'all'), replicaB.subscribe('T1', 'C0B', ['stop'])]);
    expect((await store.list('T1')).map((s) => s.channelId).sort()).toEqual(['C0A', 'C0B']);
    await Promise.all([replicaA.unsubscribe('T1', 'C0A'), replicaB.subscribe('T1', 'C0C', 'all')]);
    expect((await store.list('T1')).map((s) => s.channelId).sort()).toEqual(['C0B', 'C0C']);
  });
});

describe('alert actions', () => {
  it('are the four lifecycle actions plus create and edit', () => {
    expect(ALERT_ACTIONS).toEqual(['start', 'stop', 'archive', 'unarchive', 'create', 'edit']);
  });
});
