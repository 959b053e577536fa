import { describe, expect, it } from 'vitest';
import { createHeldWrites } from './held-writes.js';

const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('held writes', () => {
  it('start when released, with the value as it then is', async () => {
    const held = createHeldWrites<string[]>(10_000);
    const wrote: string[][] = [];
    const { written, release } = held.hold('k', ['status'], async (value) => void wrote.push(value));
    await turns();
    expect(wrote).toEqual([]);
    release();
    await written;
    expect(wrote).toEqual([['status']]);
    release();
    await turns();
    expect(wrote).toHaveLength(1);
  });

  it('take in an update, which starts them: one write for both', async () => {
    const held = createHeldWrites<string[]>(10_000);
    const wrote: string[][] = [];
    const holding = held.hold('k', ['status'], async (value) => void wrote.push(value));
    const absorbed = held.absorb('k', (value) => [...value, 'thread']);
    expect(absorbed?.value).toEqual(['status', 'thread']);
    await absorbed?.written;
    expect(wrote).toEqual([['status', 'thread']]);
    expect(absorbed?.written).toBe(holding.written);
    // Started: nothing more to take in.
    expect(held.absorb('k', (value) => value)).toBeUndefined();
  });

  it('start on their own after the longest hold', async () => {
    const held = createHeldWrites<string>(20);
    const wrote: string[] = [];
    const { written } = held.hold('k', 'status', async (value) => void wrote.push(value));
    await written;
    expect(wrote).toEqual(['status']);
  });

  it("are started by key or by a key's prefix, each once, and an old release leaves a newer hold alone", async () => {
    const held = createHeldWrites<string>(10_000);
    const wrote: string[] = [];
    const write = async (value: string) => void wrote.push(value);
    const first = held.hold('record:T1:1', 'a', write);
    const second = held.hold('record:T1:1', 'b', write);
    await first.written;
    expect(wrote).toEqual(['a']);
    first.release();
    await turns();
    expect(wrote).toEqual(['a']);
    const other = held.hold('record:T2:1', 'c', write);
    held.releaseUnder('record:T1:');
    await second.written;
    await turns();
    expect(wrote).toEqual(['a', 'b']);
    held.release('record:T2:1');
    await other.written;
    expect(wrote).toEqual(['a', 'b', 'c']);
  });
});
