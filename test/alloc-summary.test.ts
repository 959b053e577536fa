import { describe, expect, it } from 'vitest';
import { type HeapProfile, summariseAllocations } from '../bench/alloc-summary.js';

// bench/alloc-profile.ts prints V8's sampling heap profile through this summary: its figures must be
// per command, and what a library allocated must count under the app's function that called it.

const frame = (
  functionName: string,
  url: string,
  selfSize: number,
  children: HeapProfile['head'][] = [],
) => ({
  callFrame: { functionName, url, lineNumber: 9 },
  selfSize,
  children,
});

const PROFILE: HeapProfile = {
  head: frame('(root)', '', 0, [
    frame('publishCard', 'file:///app/dist/slack/experiment/publish.js', 1024, [
      frame('apiCall', 'file:///app/node_modules/@slack/web-api/dist/WebClient.js', 4096, [
        frame('encodeStr', 'node:internal/querystring', 2048),
      ]),
    ]),
    frame('promiseInitHook', 'node:internal/async_hooks', 3072),
  ]),
};

describe('the allocation summary', () => {
  it('reads per command, by place, by function, and under the app function that called', () => {
    const text = summariseAllocations(PROFILE, 2);
    expect(text).toContain('allocated: 5.0 kB a command');
    expect(text).toMatch(/2\.0 kB {2}@slack\/web-api\n/);
    expect(text).toMatch(/1\.5 kB {2}node: internal\/async_hooks\n/);
    expect(text).toMatch(/1\.0 kB {2}encodeStr node: internal\/querystring:10\n/);
    // The card's publishing caused its own 1 kB, the client's 4 kB and the encoder's 2 kB: 3.5 a
    // command; the promise hook ran under no function of the app's, so it is in no row of that table.
    const underApp = (text.split('\n\n').at(-1) ?? '').split('\n').slice(1);
    expect(underApp).toEqual(['     3.5 kB  publishCard slack/experiment/publish.js:10']);
  });
});
