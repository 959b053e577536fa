import { describe, expectTypeOf, it } from 'vitest';
import type { ConsoleApi } from '../types.js';
import type { DictionaryFetcher } from './cache.js';

describe('createDictionaryCache', () => {
  it('accepts the ConsoleApi as a fetcher', () => {
    expectTypeOf<ConsoleApi>().toExtend<DictionaryFetcher>();
  });
});
