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
  },
);

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
