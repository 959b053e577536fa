import { defaultDeserialize, defaultSerialize } from '@keyv/serialize';
import { describe, expect, it } from 'vitest';
import { deserialize, serialize } from './keyv-json.js';

// The app's serializer must write exactly what Keyv's writes and read what Keyv's reads: stores
// written by earlier versions (and replicas still running one) hold that format.
const values: Array<[string, unknown]> = [
  ['a record', { v: 1, name: 'Checkout', status: { value: 'running' }, tags: ['a', 'b'], n: 3.5 }],
  ['strings starting with colons', { a: ':x', b: '::y', c: [':z', 'plain'], d: ':base64:notreally' }],
  ['keys starting with colons', { ':k': 1, '::k': ':v' }],
  ['a buffer', { token: Buffer.from([0, 1, 2, 250, 255]) }],
  ['undefined and functions dropped', { a: undefined, b: () => 1, c: [undefined, 1] }],
  ['a date', { at: new Date('2026-11-25T06:00:00.000Z') }],
  ['a top-level string', ':colon'],
  ['null', null],
  ['unicode and quotes', { text: 'he said "hi" ☃ \\ \n', quote: '"::' }],
  ['keyv wrapper', { value: { deep: [{ deeper: ':x' }] }, expires: 1_790_000_000_000 }],
];

describe('the Keyv serializer', () => {
  it.each(values)('writes what @keyv/serialize writes: %s', (_name, value) => {
    expect(serialize(value)).toBe(defaultSerialize(value));
  });

  it.each(values)('reads what @keyv/serialize reads: %s', (_name, value) => {
    const text = defaultSerialize(value);
    expect(deserialize(text)).toEqual(defaultDeserialize(text));
  });

  it('round-trips colon strings and buffers', () => {
    const value = { a: ':x', b: Buffer.from('hello'), c: 'plain' };
    const back = deserialize<{ a: string; b: Buffer; c: string }>(serialize(value));
    expect(back.a).toBe(':x');
    expect(Buffer.isBuffer(back.b) && back.b.toString()).toBe('hello');
    expect(back.c).toBe('plain');
  });
});

describe('the Keyv serializer without a replacer', () => {
  const escaped: Array<[string, unknown]> = [
    ['a colon string deep in arrays', { value: { ids: [1, 2, [3, [':deep']]] }, expires: null }],
    ['a buffer in an array', [1, Buffer.from('x')]],
    ['a colon string past the walk', JSON.parse(`${'['.repeat(40)}":x"${']'.repeat(40)}`)],
    ['a large index', { value: { v: 1, ids: Array.from({ length: 1000 }, (_, i) => i + 1) }, expires: null }],
  ];
  it.each(escaped)('still writes what @keyv/serialize writes: %s', (_name, value) => {
    expect(serialize(value)).toBe(defaultSerialize(value));
  });

  it("leaves an object's own toJSON to the replacer, which escapes what it gives", () => {
    expect(serialize({ a: { toJSON: () => ':made' }, b: { toJSON: () => 'plain' } })).toBe(
      '{"a":"::made","b":"plain"}',
    );
  });
});
