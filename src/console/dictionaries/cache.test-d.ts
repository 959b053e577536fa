import { describe, expectTypeOf, it } from 'vitest';
import type { DictionarySource } from '../../core/platform/platform-api.js';
import type { ConsoleApi } from '../types.js';
import type { CachedDictionary, DictionaryCache, DictionaryFetcher } from './cache.js';

describe('createDictionaryCache', () => {
  it('accepts the ConsoleApi as a fetcher', () => {
    expectTypeOf<ConsoleApi>().toExtend<DictionaryFetcher>();
  });

  it("is the domain's dictionary source", () => {
    expectTypeOf<DictionaryCache>().toExtend<DictionarySource<CachedDictionary>>();
  });
});
