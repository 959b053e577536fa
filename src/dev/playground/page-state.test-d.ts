import { describe, expectTypeOf, it } from 'vitest';
import type { PageState } from './client/page-state.js';
import type { PlaygroundState } from './state.js';

describe('the state stream', () => {
  it('sends the page at least what the page reads', () => {
    expectTypeOf<PlaygroundState>().toExtend<PageState>();
  });
});
