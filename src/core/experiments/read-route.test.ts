import { describe, expect, it } from 'vitest';
import { createReadRouteMemory } from './read-route.js';

const HOUR = 60 * 60 * 1000;

describe('the memory of platforms without the read route', () => {
  it('remembers a missing route per connection for an hour, then lets the route be tried again', async () => {
    let clock = 1_000_000;
    const memory = createReadRouteMemory(() => clock);
    expect(await memory.isMissing('T1:aaaa')).toBe(false);
    await memory.markMissing('T1:aaaa');
    expect(await memory.isMissing('T1:aaaa')).toBe(true);
    expect(await memory.isMissing('T1:bbbb')).toBe(false);
    clock += HOUR - 1;
    expect(await memory.isMissing('T1:aaaa')).toBe(true);
    clock += 1;
    expect(await memory.isMissing('T1:aaaa')).toBe(false);
    // Marked again once re-checked: another hour.
    await memory.markMissing('T1:aaaa');
    clock += HOUR - 1;
    expect(await memory.isMissing('T1:aaaa')).toBe(true);
  });

  it('stays bounded, forgetting the connection remembered longest ago first', async () => {
    const memory = createReadRouteMemory(() => 0);
    for (let i = 0; i <= 10_000; i++) await memory.markMissing(`T${i}:host`);
    expect(await memory.isMissing('T0:host')).toBe(false);
    expect(await memory.isMissing('T1:host')).toBe(true);
    expect(await memory.isMissing('T10000:host')).toBe(true);
  });
});
