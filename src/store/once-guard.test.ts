import { afterAll, describe, expect, it, vi } from 'vitest';
import { backendFixture, eventually, uniqueName } from './backends.test-helper.js';
import { createMemoryOnceGuard, SEEN_REQUEST_PREFIX } from './memory-once-guard.js';

// Expiry is tested without betting on the wall clock: a 1 ms claim, then polling until the key can
// be claimed again, for a minute this time, so that the claim right after is refused whatever the
// machine's load. That a live claim is refused is checked with 60 s TTLs throughout.

describe.each(['memory', 'sqlite', 'redis', 'postgres'] as const)('OnceGuard on %s', (kind) => {
  const fixture = backendFixture(kind);
  const prefix = uniqueName('once');
  afterAll(() => fixture.dispose(prefix));

  it('grants exactly one of 20 concurrent claims of the same key', async () => {
    const store = await fixture.open();
    const key = `${prefix}:click-1`;
    const results = await Promise.all(Array.from({ length: 20 }, () => store.locks.claim(key, 60_000)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await store.locks.claim(key, 60_000)).toBe(false);
  });

  it('keeps keys independent', async () => {
    const store = await fixture.open();
    expect(await store.locks.claim(`${prefix}:a`, 60_000)).toBe(true);
    expect(await store.locks.claim(`${prefix}:b`, 60_000)).toBe(true);
    expect(await store.locks.claim(`${prefix}:a`, 60_000)).toBe(false);
  });

  it('allows a new claim once the TTL has passed', async () => {
    const store = await fixture.open();
    const key = `${prefix}:ttl`;
    expect(await store.locks.claim(key, 1)).toBe(true);
    await eventually(() => store.locks.claim(key, 60_000));
    expect(await store.locks.claim(key, 60_000)).toBe(false);
  });

  it('reports the requests it remembers in the process: the in-process guards count them, the servers keep them', async () => {
    const store = await fixture.open();
    const before = store.requestsRemembered();
    expect(await store.locks.claim(`${SEEN_REQUEST_PREFIX}${prefix}-r1`, 60_000)).toBe(true);
    expect(await store.locks.claim(`${SEEN_REQUEST_PREFIX}${prefix}-r1`, 60_000)).toBe(false);
    expect(await store.locks.claim(`${prefix}:not-a-request`, 60_000)).toBe(true);
    const inProcess = kind === 'memory' || kind === 'sqlite';
    expect(store.requestsRemembered()).toBe(inProcess ? before + 1 : 0);
  });

  it('rejects a TTL that is not a positive integer', async () => {
    const store = await fixture.open();
    await expect(store.locks.claim(`${prefix}:bad`, 0)).rejects.toThrow(RangeError);
    await expect(store.locks.claim(`${prefix}:bad`, 1.5)).rejects.toThrow(RangeError);
  });
});

/** The namespace's stored texts by the key Keyv was given. */
async function rowsById(
  fixture: ReturnType<typeof backendFixture>,
  store: Parameters<ReturnType<typeof backendFixture>['rawRows']>[0],
  namespace: string,
): Promise<Map<string, string>> {
  const rows = await fixture.rawRows(store, namespace);
  return new Map(rows.map((row) => [row.key.slice(row.key.lastIndexOf(':') + 1), row.value]));
}

describe.each(['redis', 'postgres'] as const)(
  'OnceGuard.claimWith on %s: a value written with the claim, only if it takes',
  (kind) => {
    const fixture = backendFixture(kind);
    const prefix = uniqueName('with');
    afterAll(() => fixture.dispose(prefix));

    it('writes the value as Keyv writes it, readable through the namespace', async () => {
      const store = await fixture.open();
      const value = { v: 1, id: 'r1', text: ':a colon first', n: [1, 2] };
      const claimWith = store.locks.claimWith;
      expect(claimWith).toBeDefined();
      expect(await claimWith?.(`${prefix}:c1`, 60_000, { namespace: prefix, key: 'r1', value })).toBe(true);
      expect(await store.keyv(prefix).get('r1')).toEqual(value);
      // The same stored text as keyv.set's.
      await store.keyv(prefix).set('r2', value);
      const rows = await rowsById(fixture, store, prefix);
      expect(rows.get('r1')).toBe(rows.get('r2'));
    });

    it('writes nothing for a key claimed before, and counts as a claim for claim()', async () => {
      const [replicaA, replicaB] = await Promise.all([fixture.open(), fixture.open()]);
      const key = `${prefix}:c2`;
      const write = (id: string) => ({ namespace: prefix, key: id, value: { id } });
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 === 0 ? replicaA : replicaB).locks.claimWith?.(key, 60_000, write(`w${i}`)),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const rows = await rowsById(fixture, replicaA, prefix);
      const written = [...rows.keys()].filter((id) => id.startsWith('w'));
      expect(written).toEqual([`w${results.indexOf(true)}`]);
      expect(await replicaB.locks.claim(key, 60_000)).toBe(false);
      expect(await replicaA.locks.claimWith?.(`${prefix}:c3`, 60_000, write('x'))).toBe(true);
      expect(await replicaB.locks.claim(`${prefix}:c3`, 60_000)).toBe(false);
    });

    it('refuses a namespace the store would refuse, and a TTL that is not a positive integer', async () => {
      const store = await fixture.open();
      const write = { namespace: prefix, key: 'bad', value: 1 };
      await expect(
        store.locks.claimWith?.(`${prefix}:c4`, 60_000, { ...write, namespace: 'no:colons' }),
      ).rejects.toThrow(/namespace/);
      await expect(store.locks.claimWith?.(`${prefix}:c4`, 0, write)).rejects.toThrow(RangeError);
      expect(await store.keyv(prefix).get('bad')).toBeUndefined();
    });
  },
);

describe.each(['redis', 'postgres'] as const)(
  'OnceGuard holders on %s: a claim asked again, a claim refused',
  (kind) => {
    const fixture = backendFixture(kind);
    const prefix = uniqueName('holder');
    afterAll(() => fixture.dispose(prefix));

    it('answers true to its holder asking again (a lost answer), false to anyone else', async () => {
      const [replicaA, replicaB] = await Promise.all([fixture.open(), fixture.open()]);
      const key = `${prefix}:h1`;
      expect(await replicaA.locks.claim(key, 60_000, 'holder-a')).toBe(true);
      expect(await replicaA.locks.claim(key, 60_000, 'holder-a')).toBe(true);
      expect(await replicaB.locks.claim(key, 60_000, 'holder-b')).toBe(false);
      expect(await replicaB.locks.claim(key, 60_000)).toBe(false);
    });

    it('lets exactly one of many take a refused claim, and the refusal of another holder changes nothing', async () => {
      const [replicaA, replicaB] = await Promise.all([fixture.open(), fixture.open()]);
      const key = `${prefix}:h2`;
      expect(await replicaA.locks.claim(key, 60_000, 'holder-a')).toBe(true);
      await replicaB.locks.refuse?.(key, 'holder-b');
      expect(await replicaB.locks.claim(key, 60_000, 'holder-b')).toBe(false);
      await replicaA.locks.refuse?.(key, 'holder-a');
      // Refused: no longer the first holder's, and the next claim takes it, once.
      const takers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 === 0 ? replicaA : replicaB).locks.claim(key, 60_000, `taker-${i}`),
        ),
      );
      expect(takers.filter(Boolean)).toHaveLength(1);
      expect(await replicaA.locks.claim(key, 60_000, 'holder-a')).toBe(false);
    });

    it("writes claimWith's value for a refused claim taken over, and not for one held", async () => {
      const store = await fixture.open();
      const key = `${prefix}:h3`;
      const write = (id: string) => ({ namespace: prefix, key: id, value: { id } });
      expect(await store.locks.claimWith?.(key, 60_000, write('first'), 'holder-a')).toBe(true);
      expect(await store.locks.claimWith?.(key, 60_000, write('again'), 'holder-a')).toBe(true);
      expect(await store.locks.claimWith?.(key, 60_000, write('other'), 'holder-b')).toBe(false);
      await store.locks.refuse?.(key, 'holder-a');
      expect(await store.locks.claimWith?.(key, 60_000, write('taken'), 'holder-b')).toBe(true);
      const rows = await rowsById(fixture, store, prefix);
      expect([...rows.keys()].sort()).toEqual(['again', 'first', 'taken']);
    });
  },
);

describe.each(['memory', 'sqlite'] as const)('OnceGuard on %s', (kind) => {
  const fixture = backendFixture(kind);
  afterAll(() => fixture.dispose(uniqueName('none')));

  it('has no claimWith: its callers write after the claim, as before', async () => {
    const store = await fixture.open();
    expect(store.locks.claimWith).toBeUndefined();
  });
});

// Two Store instances on one server stand for two replicas behind a load balancer.
describe.each(['redis', 'postgres'] as const)('OnceGuard across two %s stores', (kind) => {
  const fixture = backendFixture(kind);
  const prefix = uniqueName('replicas');
  afterAll(() => fixture.dispose(prefix));

  it('grants exactly one claim in total', async () => {
    const [replicaA, replicaB] = await Promise.all([fixture.open(), fixture.open()]);
    const key = `${prefix}:click`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? replicaA : replicaB).locks.claim(key, 60_000)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await replicaA.locks.claim(key, 60_000)).toBe(false);
    expect(await replicaB.locks.claim(key, 60_000)).toBe(false);
  });

  it('lets the other replica claim after expiry', async () => {
    const [replicaA, replicaB] = await Promise.all([fixture.open(), fixture.open()]);
    const key = `${prefix}:expiring`;
    expect(await replicaA.locks.claim(key, 1)).toBe(true);
    await eventually(() => replicaB.locks.claim(key, 60_000));
    expect(await replicaA.locks.claim(key, 60_000)).toBe(false);
  });
});

describe('the in-process guard of requests seen (sqlite and memory)', () => {
  const seenKey = (n: number) => `${SEEN_REQUEST_PREFIX}${String(n).padStart(22, '0')}`;

  it('remembers at most its bound of requests, forgetting the oldest first', async () => {
    const guard = createMemoryOnceGuard({ seenMax: 3 });
    for (let n = 1; n <= 4; n++) expect(await guard.claim(seenKey(n), 60_000)).toBe(true);
    expect(guard.seenCount()).toBe(3);
    expect(await guard.claim(seenKey(4), 60_000)).toBe(false);
    expect(await guard.claim(seenKey(2), 60_000)).toBe(false);
    // The first was forgotten to make room for the fourth.
    expect(await guard.claim(seenKey(1), 60_000)).toBe(true);
  });

  it('forgets expired requests as new ones come, without waiting for the sweep', async () => {
    const guard = createMemoryOnceGuard();
    for (let n = 1; n <= 5; n++) await guard.claim(seenKey(n), 1);
    // Stored in whole seconds, rounded up: expired within two.
    await eventually(async () => {
      await guard.claim(seenKey(100), 60_000);
      return guard.seenCount() === 1;
    });
    expect(await guard.claim(seenKey(100), 60_000)).toBe(false);
  });

  it('forgets a request claimed again after it expired by its latest claim, not its first', async () => {
    // Under a fake clock, so the first claim of A has expired exactly when this test says.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const guard = createMemoryOnceGuard({ seenMax: 4 });
      const [a, b, c, d, e, f] = [seenKey(1), seenKey(2), seenKey(3), seenKey(4), seenKey(5), seenKey(6)];
      await guard.claim(b, 60_000);
      await guard.claim(a, 1_000);
      vi.setSystemTime(Date.now() + 2_000);
      await guard.claim(c, 60_000);
      expect(await guard.claim(a, 60_000)).toBe(true);
      for (const key of [d, e, f]) await guard.claim(key, 60_000);
      // Room was made for e and f by forgetting b and c, the oldest; A's second claim is younger.
      expect(guard.seenCount()).toBe(4);
      expect(await guard.claim(a, 60_000)).toBe(false);
      expect(await guard.claim(c, 60_000)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never forgets a lock for want of room', async () => {
    const guard = createMemoryOnceGuard({ seenMax: 2 });
    expect(await guard.claim('jobs:run:1', 60_000)).toBe(true);
    for (let n = 1; n <= 10; n++) await guard.claim(seenKey(n), 60_000);
    expect(await guard.claim('jobs:run:1', 60_000)).toBe(false);
  });
});
