import { describe, expect, it } from 'vitest';
import { acceptKey, decodeFrame, encodeClientFrame, encodeFrame, OPCODE } from './socket-mode-frames.js';

const mask = Buffer.from([0x37, 0xfa, 0x21, 0x3d]);

describe('frames', () => {
  it('computes the accept key of RFC 6455 section 1.3', () => {
    expect(acceptKey('dGhlIHNhbXBsZSBub25jZQ==')).toBe('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
  });

  it('encodes server frames unmasked with 7, 16 and 64-bit lengths', () => {
    expect(encodeFrame(OPCODE.text, Buffer.from('Hello'))).toEqual(
      Buffer.from([0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f]),
    );
    expect(encodeFrame(OPCODE.text, Buffer.alloc(256)).subarray(0, 4)).toEqual(
      Buffer.from([0x81, 0x7e, 0x01, 0x00]),
    );
    const big = encodeFrame(OPCODE.binary, Buffer.alloc(65536));
    expect(big.subarray(0, 2)).toEqual(Buffer.from([0x82, 0x7f]));
    expect(big.readBigUInt64BE(2)).toBe(65536n);
  });

  it('decodes the masked "Hello" of RFC 6455 section 5.7', () => {
    const frame = Buffer.from([0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58]);
    const result = decodeFrame(Buffer.concat([frame, Buffer.from([0x81])]), 1024);
    expect(result).toMatchObject({ kind: 'frame', frame: { fin: true, opcode: OPCODE.text } });
    if (result.kind !== 'frame') throw new Error('expected a frame');
    expect(result.frame.payload.toString()).toBe('Hello');
    expect(result.rest).toEqual(Buffer.from([0x81]));
  });

  it('round-trips long payloads and waits for the rest of a partial frame', () => {
    for (const size of [125, 126, 70_000]) {
      const payload = Buffer.alloc(size, 'x');
      const wire = encodeClientFrame(OPCODE.text, payload, mask);
      expect(decodeFrame(wire.subarray(0, wire.length - 1), 100_000)).toEqual({ kind: 'incomplete' });
      const result = decodeFrame(wire, 100_000);
      expect(result.kind === 'frame' && result.frame.payload.equals(payload)).toBe(true);
    }
  });

  it('refuses unmasked, oversized and fragmented control frames', () => {
    expect(decodeFrame(encodeFrame(OPCODE.text, Buffer.from('x')), 10)).toMatchObject({
      kind: 'invalid',
      code: 1002,
    });
    expect(decodeFrame(encodeClientFrame(OPCODE.text, Buffer.alloc(11), mask), 10)).toMatchObject({
      kind: 'invalid',
      code: 1009,
    });
    expect(decodeFrame(encodeClientFrame(OPCODE.ping, Buffer.alloc(1), mask, false), 10)).toMatchObject({
      kind: 'invalid',
      code: 1002,
    });
  });
});
