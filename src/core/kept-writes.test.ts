import { describe, expect, it } from 'vitest';
import { createKeptWrites } from './kept-writes.js';

function keeper(max = 10) {
  const dropped: [string, string[]][] = [];
  const kept = createKeptWrites<string[]>({
    max,
    merge: (earlier, later) => [...earlier, ...later],
    dropped: (key, value) => void dropped.push([key, value]),
  });
  return { kept, dropped };
}

describe('kept writes', () => {
  it('merge what is kept for one key, in the order it was kept', () => {
    const { kept } = keeper();
    kept.keep('record:T1:4', ['status']);
    kept.keep('record:T1:4', ['thread']);
    expect(kept.peek('record:T1:4')).toEqual(['status', 'thread']);
    expect(kept.take('record:T1:4')).toEqual(['status', 'thread']);
    expect(kept.take('record:T1:4')).toBeUndefined();
    expect(kept.size).toBe(0);
  });

  it('drop the key kept longest past the bound, and say which', () => {
    const { kept, dropped } = keeper(2);
    kept.keep('a', ['1']);
    kept.keep('b', ['2']);
    kept.keep('a', ['3']);
    kept.keep('c', ['4']);
    expect(dropped).toEqual([['a', ['1', '3']]]);
    expect(kept.size).toBe(2);
    expect(kept.peek('b')).toEqual(['2']);
  });

  it('hand each to its write, and end the round at the first failure', async () => {
    const { kept } = keeper();
    for (const key of ['a', 'b', 'c']) kept.keep(key, [key]);
    const wrote: string[] = [];
    const left = await kept.writeAll(async (key, value) => {
      if (key === 'b') {
        // The caller's write keeps again what it could not write.
        kept.keep(key, value);
        throw new Error('the store is away');
      }
      wrote.push(key);
    });
    expect(wrote).toEqual(['a']);
    expect(left).toBe(2);
    expect(kept.peek('b')).toEqual(['b']);
    expect(kept.peek('c')).toEqual(['c']);
    expect(await kept.writeAll(async (key) => void wrote.push(key))).toBe(0);
    expect(wrote.sort()).toEqual(['a', 'b', 'c']);
  });

  it('forget the keys under a prefix', () => {
    const { kept } = keeper();
    kept.keep('record:T1:4', ['x']);
    kept.keep('record:T12:4', ['y']);
    kept.keep('learnt:T1', ['z']);
    kept.forgetUnder('record:T1:');
    expect(kept.peek('record:T1:4')).toBeUndefined();
    expect(kept.size).toBe(2);
  });
});
