import { Keyv } from 'keyv';
import { createDictionaryCache } from '../src/console/dictionaries/cache.js';
import { normaliseDictionary } from '../src/console/dictionaries/normalise.js';
import { optionsForQuery } from '../src/slack/experiment-form/modal-options.js';
import { objectiveMetaJson } from './fixtures.js';
import { type Comparison, compareAsync } from './measure.js';

// (d) What an external_select's options request costs from a warm cache, type-ahead queries one
// letter more each time. Candidate: the dictionary cache as the app uses it (each entry normalised
// once per process, served without re-reading the store for 30 s) + optionsForQuery. Baseline: the
// path before that memo: the stored raw JSON read back and normalised on every request.

const QUERIES = ['c', 'co', 'con', 'conv', 'conve'];

export async function optionsCacheBenchmarks(rounds: number): Promise<Comparison[]> {
  const rows: Comparison[] = [];
  for (const size of [100, 10_000, 100_000]) {
    const raw = objectiveMetaJson(size);
    const cache = createDictionaryCache({ keyv: new Keyv(), ttlMs: 3_600_000 });
    const fetcher = { getDictionary: async () => JSON.parse(raw) as unknown };
    await cache.get('bench', 'objective-meta', fetcher);
    let i = 0;
    const timed = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    rows.push(
      await compareAsync(
        `options from the cache, ${size.toLocaleString('en')} entries`,
        {
          baseline: () =>
            timed(async () => {
              const items = normaliseDictionary('objective-meta', JSON.parse(raw)).items;
              return optionsForQuery(items, QUERIES[i++ % QUERIES.length] ?? '');
            }),
          candidate: () =>
            timed(async () => {
              const { items } = await cache.get('bench', 'objective-meta', fetcher);
              return optionsForQuery(items, QUERIES[i++ % QUERIES.length] ?? '');
            }),
        },
        {
          warmup: 3,
          rounds: size >= 100_000 ? Math.max(6, Math.floor(rounds / 10)) : rounds,
          note: 'type-ahead queries c, co, con…; baseline = read back + normalise every time',
        },
      ),
    );
  }
  return rows;
}
