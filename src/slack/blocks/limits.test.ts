import { describe, expect, it } from 'vitest';
import { DOCUMENTED_LIMITS } from '../../dev/slack-emulator/block-kit/documented-limits.js';
import { LIMITS } from './limits.js';

describe('the app’s Block Kit limits table', () => {
  it('names every limit Slack documents, and only those', () => {
    expect(Object.keys(LIMITS).sort()).toEqual(Object.keys(DOCUMENTED_LIMITS).sort());
  });

  // The builders truncate to LIMITS: a number above Slack's would let invalid_blocks through.
  it.each(Object.entries(LIMITS))('%s never exceeds Slack’s documented number', (name, value) => {
    expect(value).toBeLessThanOrEqual(DOCUMENTED_LIMITS[name as keyof typeof DOCUMENTED_LIMITS]);
  });
});
