import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import type { Keyv } from 'keyv';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../observability/logger.js';
import { REDIS_URL } from '../store/backends.test-helper.js';
import { storedValues } from '../store/conditional-update.js';
import { createStore } from '../store/create-store.js';
import type { Store } from '../store/store-types.js';
import type { AlertSubject } from './subscription-selector.js';
import {
  ALERT_ACTIONS,
  createSubscriptionStore,
  SUBSCRIPTIONS_PER_CHANNEL,
  SubscriptionInputError,
  SubscriptionLimitError,
  type SubscriptionStore,
} from './subscriptions.js';

// The stores the app opens, on the backends that differ in how a compare-and-set is made: in the
// process (memory), through the file's one writer (SQLite), by a script (Redis).
const stores: [string, () => Promise<{ store: Store; close: () => Promise<void> }>][] = [
  ['memory', async () => open('memory://')],
  [
    'SQLite on a temp file',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'subscriptions-'));
      const opened = await open(`sqlite://${join(dir, 'store.sqlite')}`);
      return {
        store: opened.store,
        close: async () => {
          await opened.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
  [
    'Redis',
    async () => {
      // A database of this file's own, emptied before each test (other files use 9 to 14).
      const redis = createClient({ url: SUBSCRIPTIONS_REDIS_URL });
      await redis.connect();
      await redis.flushDb();
      await redis.close();
      return open(SUBSCRIPTIONS_REDIS_URL);
    },
  ],
];

const SUBSCRIPTIONS_REDIS_URL = `${REDIS_URL}/15`;

async function open(url: string): Promise<{ store: Store; close: () => Promise<void> }> {
  const store = await createStore(url, { logger: createMemoryLogger() });
  return { store, close: () => store.close() };
}

const AT = new Date('2026-01-31T12:00:00Z');
const GROWTH = { value: 'growth', label: 'Growth Analytics' };
const anyExperiment: AlertSubject = { experimentId: 7, team: undefined, type: undefined };

describe.each(stores)('subscription store on %s', (_label, openStore) => {
  let backing: Store;
  let keyv: Keyv;
  let close: () => Promise<void>;
  let logger: ReturnType<typeof createMemoryLogger>;
  let store: SubscriptionStore;

  beforeEach(async () => {
    ({ store: backing, close } = await openStore());
    keyv = backing.keyv('subscriptions');
    logger = createMemoryLogger();
    store = createSubscriptionStore(storedValues(backing, 'subscriptions'), { logger, now: () => AT });
  });
  const channelsFor = async (action: (typeof ALERT_ACTIONS)[number], subject = anyExperiment, scope = 'T1') =>
    (await store.matching(scope, action, subject)).map((m) => m.channelId);
  afterEach(async () => {
    await close();
  });

  it('subscribes channels with their filters and routes each action to the right ones', async () => {
    const first = await store.subscribe('T1', 'C0ALL', { actions: 'all' }, { by: 'U1' });
    expect(first).toEqual({
      subscription: {
        id: expect.stringMatching(/^[0-9a-f]{12}$/),
        channelId: 'C0ALL',
        selector: {},
        actions: 'all',
        updatedBy: 'U1',
        updatedAt: AT.toISOString(),
      },
      previous: undefined,
    });
    await store.subscribe('T1', 'C0STOPS', { actions: ['stop', 'archive', 'stop'] });
    expect((await store.list('T1')).map((s) => [s.channelId, s.actions])).toEqual([
      ['C0ALL', 'all'],
      ['C0STOPS', ['stop', 'archive']],
    ]);
    expect(await channelsFor('start')).toEqual(['C0ALL']);
    expect(await channelsFor('stop')).toEqual(['C0ALL', 'C0STOPS']);
    expect(await channelsFor('create')).toEqual(['C0ALL']);
    expect(await channelsFor('status')).toEqual(['C0ALL']);
  });

  it('keeps several subscriptions per channel, one per filter, and matches on team, type and experiment', async () => {
    await store.subscribe('T1', 'C1', { selector: { team: GROWTH }, actions: ['stop'] });
    await store.subscribe('T1', 'C1', { selector: { experimentId: 42 }, actions: 'all' });
    await store.subscribe('T1', 'C2', { selector: { team: GROWTH, type: 'switchback' }, actions: 'all' });
    await store.subscribe('T1', 'C3', { actions: 'all' });
    expect(await store.listChannel('T1', 'C1')).toHaveLength(2);

    const table: [string, Parameters<SubscriptionStore['matching']>[2], string, string[]][] = [
      ['growth stop', { experimentId: 1, team: 'growth', type: 'regular' }, 'stop', ['C1', 'C3']],
      [
        'team by label, any case',
        { experimentId: 1, team: 'growth analytics', type: undefined },
        'stop',
        ['C1', 'C3'],
      ],
      [
        'growth start (C1 only wants stop)',
        { experimentId: 1, team: 'growth', type: 'regular' },
        'start',
        ['C3'],
      ],
      ['growth switchback', { experimentId: 1, team: 'GROWTH', type: 'switchback' }, 'start', ['C2', 'C3']],
      ['another team', { experimentId: 1, team: 'search', type: 'switchback' }, 'stop', ['C3']],
      [
        'unknown team reaches unfiltered only',
        { experimentId: 1, team: undefined, type: 'switchback' },
        'stop',
        ['C3'],
      ],
      [
        'experiment 42, team unknown',
        { experimentId: 42, team: undefined, type: undefined },
        'start',
        ['C1', 'C3'],
      ],
      [
        'experiment 42 of growth: C1 once',
        { experimentId: 42, team: 'growth', type: undefined },
        'stop',
        ['C1', 'C3'],
      ],
      [
        'a create without id',
        { experimentId: undefined, team: undefined, type: undefined },
        'create',
        ['C3'],
      ],
    ];
    for (const [label, subject, action, channels] of table) {
      expect(await channelsFor(action as 'stop', subject), label).toEqual(channels);
    }
    const both = await store.matching('T1', 'stop', { experimentId: 42, team: 'growth', type: undefined });
    expect(both.find((m) => m.channelId === 'C1')?.subscriptionIds).toHaveLength(2);
  });

  it('changes the actions of the subscription with the same filter and reports what was there', async () => {
    await store.subscribe('T1', 'C1', { actions: 'all' }, { by: 'U1' });
    await store.subscribe('T1', 'C1', { selector: { team: GROWTH }, actions: 'all' }, { by: 'U1' });
    const again = await store.subscribe('T1', 'C1', { actions: ['edit', 'create'] }, { by: 'U2' });
    expect(again.previous?.actions).toBe('all');
    expect(again.subscription.actions).toEqual(['create', 'edit']);
    expect(await store.list('T1')).toHaveLength(2);
    expect(await channelsFor('start')).toEqual([]);
  });

  it('refuses more than the per-channel limit, writing nothing', async () => {
    for (let id = 1; id <= SUBSCRIPTIONS_PER_CHANNEL; id++) {
      await store.subscribe('T1', 'C1', { selector: { experimentId: id }, actions: 'all' });
    }
    await expect(
      store.subscribe('T1', 'C1', { selector: { experimentId: 999 }, actions: 'all' }),
    ).rejects.toBeInstanceOf(SubscriptionLimitError);
    // Changing an existing one is still allowed.
    await store.subscribe('T1', 'C1', { selector: { experimentId: 1 }, actions: ['stop'] });
    expect(await store.listChannel('T1', 'C1')).toHaveLength(SUBSCRIPTIONS_PER_CHANNEL);
  });

  it('unsubscribes a channel, one filter, or some actions until nothing is left', async () => {
    await store.subscribe('T1', 'C1', { actions: 'all' });
    await store.subscribe('T1', 'C1', { selector: { team: GROWTH }, actions: ['stop', 'start'] });
    await store.subscribe('T1', 'C2', { actions: ['stop'] });

    const narrowed = await store.unsubscribe('T1', 'C1', { actions: ['start', 'create'] });
    expect(narrowed).toMatchObject({ kind: 'narrowed', removed: ['start', 'create'], dropped: [] });
    expect((await store.listChannel('T1', 'C1')).map((s) => s.actions)).toEqual([
      ['stop', 'archive', 'unarchive', 'edit', 'status'],
      ['stop'],
    ]);
    expect(await store.unsubscribe('T1', 'C1', { selector: { experimentId: 3 } })).toMatchObject({
      kind: 'not-subscribed',
      others: [expect.objectContaining({ channelId: 'C1' }), expect.objectContaining({ channelId: 'C1' })],
    });
    const one = await store.unsubscribe('T1', 'C1', { selector: { team: GROWTH } });
    expect(one).toMatchObject({ kind: 'removed', removed: [{ selector: { team: GROWTH } }] });
    expect(await store.listChannel('T1', 'C1')).toHaveLength(1);

    expect(await store.unsubscribe('T1', 'C2', { actions: ['start'] })).toMatchObject({ kind: 'unchanged' });
    expect(await store.unsubscribe('T1', 'C2', { actions: ['stop'] })).toMatchObject({
      kind: 'narrowed',
      dropped: [expect.objectContaining({ channelId: 'C2' })],
    });
    expect(await store.unsubscribe('T1', 'C1')).toMatchObject({ kind: 'removed' });
    expect(await store.unsubscribe('T1', 'C1')).toEqual({ kind: 'not-subscribed', others: [] });
    expect(await store.list('T1')).toEqual([]);
    expect(await keyv.get('index:T1')).toBeUndefined();
  });

  it('removes one subscription by id (a Remove button), once', async () => {
    const { subscription } = await store.subscribe('T1', 'C1', {
      selector: { type: 'regular' },
      actions: 'all',
    });
    await store.subscribe('T1', 'C1', { actions: 'all' });
    expect(await store.remove('T1', 'C1', subscription.id)).toMatchObject({ selector: { type: 'regular' } });
    expect(await store.remove('T1', 'C1', subscription.id)).toBeUndefined();
    expect(await store.listChannel('T1', 'C1')).toHaveLength(1);
  });

  it('reads records of the first version as one subscription to every experiment', async () => {
    await keyv.set('channel:T1:C0OLD', { v: 1, channelId: 'C0OLD', actions: ['stop'], updatedAt: 'x' });
    await keyv.set('index:T1', { v: 1, channels: ['C0OLD'] });
    expect(await store.list('T1')).toEqual([
      expect.objectContaining({ channelId: 'C0OLD', selector: {}, actions: ['stop'] }),
    ]);
    await store.subscribe('T1', 'C0OLD', { selector: { experimentId: 5 }, actions: 'all' });
    expect(await store.listChannel('T1', 'C0OLD')).toHaveLength(2);
  });

  it('keeps workspaces apart, enterprise scopes included', async () => {
    await store.subscribe('T1', 'C1', { actions: 'all' });
    await store.subscribe('E1:T1', 'C1', { actions: ['stop'] });
    await store.subscribe('T2', 'C2', { actions: 'all' });
    expect(await channelsFor('start')).toEqual(['C1']);
    expect(await channelsFor('start', anyExperiment, 'E1:T1')).toEqual([]);
    expect(await store.clear('T1')).toBe(1);
    expect(await store.list('T1')).toEqual([]);
    expect(await store.list('E1:T1')).toHaveLength(1);
    expect(await store.list('T2')).toHaveLength(1);
  });

  it('refuses ids and filters it cannot key or store, storing nothing', async () => {
    for (const channel of ['', 'general', 'C1:C2', 'C 1', 'c0lower']) {
      await expect(store.subscribe('T1', channel, { actions: 'all' })).rejects.toBeInstanceOf(
        SubscriptionInputError,
      );
    }
    await expect(store.subscribe('T1', 'C1', { actions: [] })).rejects.toMatchObject({ field: 'actions' });
    await expect(store.subscribe('T1', 'C1', { actions: ['delete' as 'stop'] })).rejects.toMatchObject({
      field: 'actions',
    });
    await expect(store.subscribe('', 'C1', { actions: 'all' })).rejects.toMatchObject({ field: 'scope' });
    expect(await store.list('T1')).toEqual([]);
  });

  it('validates records on read: a malformed record or index is ignored and reported', async () => {
    await store.subscribe('T1', 'C1', { actions: 'all' });
    await store.subscribe('T1', 'C2', { actions: 'all' });
    await keyv.set('channel:T1:C1', { v: 2, channelId: 'C1', subscriptions: [{ actions: ['launch'] }] });
    expect((await store.list('T1')).map((s) => s.channelId)).toEqual(['C2']);
    expect(logger.lines.join('\n')).toContain('unexpected shape');

    // A record stored under another channel's key is not believed either.
    await keyv.set('channel:T1:C2', { v: 1, channelId: 'C9', actions: 'all', updatedAt: 'x' });
    expect(await store.list('T1')).toEqual([]);

    await keyv.set('index:T1', { v: 1, channels: 'C1' });
    expect(await channelsFor('stop')).toEqual([]);
    // Subscribing again repairs the index.
    await store.subscribe('T1', 'C3', { actions: 'all' });
    expect(await channelsFor('stop')).toEqual(['C3']);
  });

  it('skips index entries whose record is gone', async () => {
    await store.subscribe('T1', 'C1', { actions: 'all' });
    await store.subscribe('T1', 'C2', { actions: 'all' });
    await keyv.delete('channel:T1:C1');
    expect(await channelsFor('start')).toEqual(['C2']);
    expect(await store.unsubscribe('T1', 'C1')).toEqual({ kind: 'not-subscribed', others: [] });
  });

  it('keeps both channels when two replicas subscribe different channels at the same time', async () => {
    const replicaA = createSubscriptionStore(storedValues(backing, 'subscriptions'));
    const replicaB = createSubscriptionStore(storedValues(backing, 'subscriptions'));
    await Promise.all([
      replicaA.subscribe('T1', 'C0A', { actions: 'all' }),
      replicaB.subscribe('T1', 'C0B', { actions: ['stop'] }),
    ]);
    expect((await store.list('T1')).map((s) => s.channelId).sort()).toEqual(['C0A', 'C0B']);
    await Promise.all([
      replicaA.unsubscribe('T1', 'C0A'),
      replicaB.subscribe('T1', 'C0C', { actions: 'all' }),
    ]);
    expect((await store.list('T1')).map((s) => s.channelId).sort()).toEqual(['C0B', 'C0C']);
  });
});

describe('a store failure part-way through a change', () => {
  /** The memory store's storage, its compare-and-set failing for keys that start with `failing`. */
  async function storageFailing(failing: string) {
    const { store: backing, close } = await open('memory://');
    const real = storedValues(backing, 'subscriptions');
    const fails = { on: false };
    const storage = {
      keyv: real.keyv,
      update: (async (key, change) => {
        if (fails.on && key.startsWith(failing)) throw new Error('the store is down');
        return real.update(key, change);
      }) as typeof real.update,
    };
    return { storage, fails, close };
  }

  it('leaves nothing anyone sees when the record cannot be written', async () => {
    const { storage, fails, close } = await storageFailing('channel:');
    try {
      const store = createSubscriptionStore(storage);
      fails.on = true;
      await expect(store.subscribe('T1', 'C0NEW', { actions: 'all' })).rejects.toThrow('the store is down');
      // Listed first, the channel has no record: reads skip it.
      expect(await store.list('T1')).toEqual([]);
      expect(await store.listChannel('T1', 'C0NEW')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('changes nothing when the channel cannot be listed before its first subscription', async () => {
    const { storage, fails, close } = await storageFailing('index:');
    try {
      const store = createSubscriptionStore(storage);
      fails.on = true;
      await expect(store.subscribe('T1', 'C0NEW', { actions: 'all' })).rejects.toThrow('the store is down');
      expect(await store.listChannel('T1', 'C0NEW')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('tells an unsubscribe done when only the unlisting fails: the subscription is gone', async () => {
    const { storage, fails, close } = await storageFailing('index:');
    const logger = createMemoryLogger();
    try {
      const store = createSubscriptionStore(storage, { logger });
      await store.subscribe('T1', 'C0OLD', { actions: 'all' });
      fails.on = true;
      expect(await store.unsubscribe('T1', 'C0OLD')).toMatchObject({ kind: 'removed' });
      expect(await store.list('T1')).toEqual([]);
      expect(logger.lines.join('\n')).toMatch(/subscription index not brought up to date/);
    } finally {
      await close();
    }
  });
});

describe('subscriptions on two replicas sharing Redis', () => {
  it('loses no channel and no subscription when many are written at once from both', async () => {
    const { store: first, close: closeFirst } = await (stores[2] as (typeof stores)[number])[1]();
    const { store: second, close: closeSecond } = await open(SUBSCRIPTIONS_REDIS_URL);
    try {
      const replicas = [
        createSubscriptionStore(storedValues(first, 'subscriptions')),
        createSubscriptionStore(storedValues(second, 'subscriptions')),
      ];
      const channels = Array.from({ length: 12 }, (_, i) => `C0${String.fromCharCode(65 + i)}`);
      // Every channel gets two subscriptions, one from each replica, all at the same moment.
      await Promise.all(
        channels.flatMap((channelId, i) => [
          (replicas[i % 2] as SubscriptionStore).subscribe('T9', channelId, { actions: 'all' }),
          (replicas[(i + 1) % 2] as SubscriptionStore).subscribe('T9', channelId, {
            selector: { experimentId: 40 + i },
            actions: ['stop'],
          }),
        ]),
      );
      const listed = await (replicas[0] as SubscriptionStore).list('T9');
      expect(new Set(listed.map((s) => s.channelId))).toEqual(new Set(channels));
      expect(listed).toHaveLength(24);
      // Half the channels emptied while the other half gain one more, at once.
      await Promise.all(
        channels.map((channelId, i) =>
          i < 6
            ? (replicas[i % 2] as SubscriptionStore).unsubscribe('T9', channelId)
            : (replicas[i % 2] as SubscriptionStore).subscribe('T9', channelId, {
                selector: { experimentId: 90 + i },
                actions: ['start'],
              }),
        ),
      );
      const after = await (replicas[1] as SubscriptionStore).list('T9');
      expect(new Set(after.map((s) => s.channelId))).toEqual(new Set(channels.slice(6)));
      expect(after).toHaveLength(18);
    } finally {
      await closeSecond();
      await closeFirst();
    }
  });
});

describe('alert actions', () => {
  it('are the four lifecycle actions, create and edit, and bare status changes', () => {
    expect(ALERT_ACTIONS).toEqual(['start', 'stop', 'archive', 'unarchive', 'create', 'edit', 'status']);
  });
});
