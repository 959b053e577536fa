import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import KeyvSqlite from '@keyv/sqlite';
import { Keyv } from 'keyv';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../../observability/logger.js';
import type { ConsoleExperimentContextPredicatesRequest } from '../schemas.js';
import type { DictionaryName } from '../types.js';
import { createDictionaryCache, DictionaryBudgetExceededError, type DictionaryFetcher } from './cache.js';

interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Answers from a queue of results; a 'defer' entry waits until the test settles it. */
function fakeFetcher(...answers: (unknown | 'defer' | Error)[]) {
  const calls: { name: DictionaryName; body: ConsoleExperimentContextPredicatesRequest | undefined }[] = [];
  const pending: Deferred[] = [];
  const fetcher: DictionaryFetcher = {
    getDictionary(name, body) {
      calls.push({ name, body });
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      if (answer === 'defer') return new Promise((resolve, reject) => pending.push({ resolve, reject }));
      if (answer instanceof Error) return Promise.reject(answer);
      return Promise.resolve(structuredClone(answer));
    },
  };
  return { fetcher, calls, pending };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const stores: [string, () => { keyv: Keyv; close: () => Promise<void> }][] = [
  ['in-memory Keyv', () => ({ keyv: new Keyv(), close: async () => {} })],
  [
    '@keyv/sqlite on a temp file',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'dict-cache-'));
      const store = new KeyvSqlite(`sqlite://${join(dir, 'cache.sqlite')}`);
      return {
        keyv: new Keyv({ store }),
        close: async () => {
          await store.disconnect();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
];

describe.each(stores)('dictionary cache on %s', (_label, open) => {
  let keyv: Keyv;
  let close: () => Promise<void>;
  let storeErrors: unknown[];

  beforeEach(() => {
    ({ keyv, close } = open());
    storeErrors = [];
    keyv.on('error', (error: unknown) => storeErrors.push(error));
  });

  afterEach(async () => {
    expect(storeErrors).toEqual([]);
    await close();
  });

  it('fetches once, then serves the normalised dictionary from the cache with exact values', async () => {
    const cache = createDictionaryCache({ keyv, ttlMs: 60_000 });
    const { fetcher, calls } = fakeFetcher({ items: [12, '12', ':colon', { id: 0, title: 'zero' }] });
    const first = await cache.get('T1', 'layers', fetcher);
    const second = await cache.get('T1', 'layers', fetcher);
    expect(calls).toEqual([{ name: 'layers', body: undefined }]);
    expect(second.items.map((item) => item.value)).toStrictEqual([12, '12', ':colon', 0]);
    expect(second.items[3]?.label).toBe('zero');
    expect(second).toEqual(first);
    expect(new Date(second.fetchedAt).toISOString()).toBe(second.fetchedAt);
  });

  it('stores the raw JSON under the documented generation key layout', async () => {
    const cache = createDictionaryCache({ keyv, ttlMs: 60_000, now: () => Date.UTC(2030, 0, 1) });
    const raw = { data: [{ id: 1, name: 'a' }] };
    await cache.get('E1:T1', 'tags', fakeFetcher(raw).fetcher);
    expect(await keyv.get('dict:E1:T1:0:tags:-')).toMatchObject({
      json: raw,
      fetchedAt: '2030-01-01T00:00:00.000Z',
    });
    await cache.drop('E1:T1');
    expect(await keyv.get('dict:gen:E1:T1')).toBe(1);
    await cache.get('E1:T1', 'tags', fakeFetcher(raw).fetcher);
    expect(await keyv.get('dict:E1:T1:1:tags:-')).toMatchObject({ json: raw });
  });

  it('peek answers from the cache only and never fetches', async () => {
    const cache = createDictionaryCache({ keyv, ttlMs: 60_000 });
    const { fetcher, calls } = fakeFetcher(['a']);
    expect(await cache.peek('T1', 'tags')).toBeUndefined();
    await cache.get('T1', 'tags', fetcher);
    expect((await cache.peek('T1', 'tags'))?.items.map((item) => item.value)).toEqual(['a']);
    expect(calls).toHaveLength(1);
  });

  it('expires entries after the TTL', async () => {
    const cache = createDictionaryCache({ keyv, ttlMs: 50 });
    const { fetcher, calls } = fakeFetcher(['old'], ['new']);
    await cache.get('T1', 'tags', fetcher);
    await sleep(120);
    expect(await cache.peek('T1', 'tags')).toBeUndefined();
    const again = await cache.get('T1', 'tags', fetcher);
    expect(again.items.map((item) => item.value)).toEqual(['new']);
    expect(calls).toHaveLength(2);
  });

  it('expires entries by the injected clock as well', async () => {
    let clock = 1_000_000;
    const cache = createDictionaryCache({ keyv, ttlMs: 60_000, now: () => clock });
    await cache.get('T1', 'tags', fakeFetcher(['a']).fetcher);
    expect(await cache.peek('T1', 'tags')).toBeDefined();
    clock += 60_001;
    expect(await cache.peek('T1', 'tags')).toBeUndefined();
  });

  it('normalises an entry once per process: the same object for every read, a new one after a refresh', async () => {
    const cache = createDictionaryCache({ keyv, ttlMs: 60_000 });
    const { fetcher } = fakeFetcher(['v1', 'v2'], ['v3']);
    const first = await cache.get('T1', 'layers', fetcher);
    const again = await cache.get('T1', 'layers', fetcher);
    const peeked = await cache.peek('T1', 'layers');
    // Not normalised again: the very object the first read built (a fresh one would not be ===).
    expect(again).toBe(first);
    expect(peeked).toBe(first);
    expect(Object.isFrozen(first.items)).toBe(true);
    const refreshed = await cache.get('T1', 'layers', fetcher, { refresh: true });
    expect(refreshed).not.toBe(first);
    expect(refreshed.items.map((item) => item.value)).toEqual(['v3']);
    // Another process (a second cache on the same store) normalises for itself, with the same result.
    const other = createDictionaryCache({ keyv, ttlMs: 60_000 });
    const elsewhere = await other.get('T1', 'layers', fetcher);
    expect(elsewhere).not.toBe(refreshed);
    expect(elsewhere.items).toEqual(refreshed.items);
  });

  it('refresh bypasses the cached entry and replaces it', async () => {
    const cache = createDictionaryCache({ keyv, ttlMs: 60_000 });
    const { fetcher, calls } = fakeFetcher(['v1'], ['v2']);
    await cache.get('T1', 'layers', fetcher);
    const refreshed = await cache.get('T1', 'layers', fetcher, { refresh: true });
    expect(refreshed.items.map((item) => item.value)).toEqual(['v2']);
    expect((await cache.peek('T1', 'layers'))?.items.map((item) => item.value)).toEqual(['v2']);
    expect(calls).toHaveLength(2);
  });

  it('drop removes every dictionary of one scope and keeps the others', async () => {
    const cache = createDictionaryCache({ keyv, ttlMs: 60_000 });
    const { fetcher, calls } = fakeFetcher(['x']);
    await cache.get('A', 'layers', fetcher);
    await cache.get('A', 'tags', fetcher);
    await cache.get('B', 'layers', fetcher);
    await cache.drop('A');
    expect(await cache.peek('A', 'layers')).toBeUndefined();
    expect(await cache.peek('A', 'tags')).toBeUndefined();
    expect(await cache.peek('B', 'layers')).toBeDefined();
    await cache.get('B', 'layers', fetcher);
    expect(calls).toHaveLength(3);
    await cache.get('A', 'layers', fetcher);
    expect(calls).toHaveLength(4);
    await cache.drop('never-used');
    expect(await cache.peek('B', 'layers')).toBeDefined();
  });

  it('keys context-param-predicates by request body', async () => {
    const cache = createDictionaryCache({ keyv, ttlMs: 60_000 });
    const { fetcher, calls } = fakeFetcher({
      params: [{ id: 1, title: 'p', status: 'active' }],
      predicates: {},
    });
    const name = 'context-param-predicates';
    await cache.get('T1', name, fetcher, { body: { domainId: 1 } });
    await cache.get('T1', name, fetcher, { body: { domainId: 1, experimentId: undefined } });
    await cache.get('T1', name, fetcher, { body: { domainId: 2 } });
    await cache.get('T1', name, fetcher, { body: {} });
    await cache.get('T1', name, fetcher);
    expect(calls.map((call) => call.body)).toEqual([{ domainId: 1 }, { domainId: 2 }, {}]);
    expect(await cache.peek('T1', name, { domainId: 3 })).toBeUndefined();
    expect((await cache.peek('T1', name, { domainId: 2 }))?.extra).toEqual({ predicates: {} });
  });

  it('coalesces concurrent gets of the same dictionary into one fetch', async () => {
    const cache = createDictionaryCache({ keyv, ttlMs: 60_000 });
    const { fetcher, calls, pending } = fakeFetcher('defer');
    const both = Promise.all([cache.get('T1', 'teams', fetcher), cache.get('T1', 'teams', fetcher)]);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending[0]?.resolve([{ id: 1, name: 'Org' }]);
    const [a, b] = await both;
    expect(a.items).toEqual(b.items);
    expect(calls).toHaveLength(1);
  });

  it('reads the generation once for gets of one scope under way together, and again after a drop', async () => {
    const cache = createDictionaryCache({ keyv, ttlMs: 60_000 });
    const { fetcher } = fakeFetcher(['x']);
    const generationReads = () =>
      gets.mock.calls.filter(([key]) => String(key).startsWith('dict:gen:')).length;
    const gets = vi.spyOn(keyv, 'get');
    await Promise.all([
      cache.get('T1', 'layers', fetcher),
      cache.get('T1', 'tags', fetcher),
      cache.get('T1', 'teams', fetcher),
    ]);
    expect(generationReads()).toBe(1);
    // Not kept once settled: the next request reads it again, so another replica's drop is seen.
    await cache.get('T1', 'layers', fetcher);
    expect(generationReads()).toBe(2);
    const before = cache.get('T1', 'tags', fetcher);
    await cache.drop('T1');
    await before;
    const { fetcher: after, calls } = fakeFetcher(['y']);
    expect((await cache.get('T1', 'tags', after)).items.map((item) => item.value)).toEqual(['y']);
    expect(calls).toHaveLength(1);
  });

  it('gives up after the budget, then fills the cache when the slow fetch ends', async () => {
    const cache = createDictionaryCache({ keyv, ttlMs: 60_000 });
    const { fetcher, calls, pending } = fakeFetcher('defer');
    const error = await cache.get('T1', 'holdouts', fetcher, { budgetMs: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DictionaryBudgetExceededError);
    expect(error).toMatchObject({ scope: 'T1', dictionary: 'holdouts', budgetMs: 20 });
    expect(await cache.peek('T1', 'holdouts')).toBeUndefined();
    // The budget also covers the store reads, so the fetch may start only after the error.
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending[0]?.resolve(['h1']);
    await vi.waitFor(async () => expect(await cache.peek('T1', 'holdouts')).toBeDefined());
    expect((await cache.get('T1', 'holdouts', fetcher, { budgetMs: 10_000 })).items[0]?.value).toBe('h1');
    expect(calls).toHaveLength(1);
  });

  it('logs, and never leaves unhandled, a fetch that fails after its budget ran out', async () => {
    const logger = createMemoryLogger();
    const cache = createDictionaryCache({ keyv, ttlMs: 60_000, logger });
    const { fetcher, pending } = fakeFetcher('defer');
    await expect(cache.get('T1', 'domains', fetcher, { budgetMs: 10 })).rejects.toBeInstanceOf(
      DictionaryBudgetExceededError,
    );
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending[0]?.reject(new Error('platform down'));
    await vi.waitFor(() => expect(logger.lines.join('\n')).toContain('failed after its budget'));
    expect(await cache.peek('T1', 'domains')).toBeUndefined();
  });

  it('propagates fetch errors and never caches them', async () => {
    const cache = createDictionaryCache({ keyv, ttlMs: 60_000 });
    const failure = new Error('503 from platform');
    const { fetcher, calls, pending } = fakeFetcher(failure, 'defer', ['ok']);
    await expect(cache.get('T1', 'tags', fetcher)).rejects.toBe(failure);
    expect(await cache.peek('T1', 'tags')).toBeUndefined();
    const concurrent = Promise.allSettled([
      cache.get('T1', 'tags', fetcher),
      cache.get('T1', 'tags', fetcher),
    ]);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending[0]?.reject(failure);
    expect((await concurrent).map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((await cache.get('T1', 'tags', fetcher)).items.map((item) => item.value)).toEqual(['ok']);
    expect(calls).toHaveLength(3);
  });

  it('normalises a null answer to an empty dictionary and caches it', async () => {
    const cache = createDictionaryCache({ keyv, ttlMs: 60_000 });
    const { fetcher, calls } = fakeFetcher(null);
    expect((await cache.get('T1', 'preset-names', fetcher)).items).toEqual([]);
    expect((await cache.get('T1', 'preset-names', fetcher)).items).toEqual([]);
    expect(calls).toHaveLength(1);
  });
});

describe('createDictionaryCache options', () => {
  it('keeps the generation counter even when the Keyv has a short default ttl', async () => {
    const keyv = new Keyv({ ttl: 30 });
    const cache = createDictionaryCache({ keyv, ttlMs: 60_000 });
    const { fetcher, calls } = fakeFetcher(['a']);
    await cache.get('T1', 'tags', fetcher);
    await cache.drop('T1');
    await sleep(80);
    expect(await keyv.get('dict:gen:T1')).toBe(1);
    await cache.get('T1', 'tags', fetcher);
    expect(calls).toHaveLength(2);
  });

  it.each([0, -1, Number.NaN])('refuses ttlMs %s', (ttlMs) => {
    expect(() => createDictionaryCache({ keyv: new Keyv(), ttlMs })).toThrow(RangeError);
  });
});
