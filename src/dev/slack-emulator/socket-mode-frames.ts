import { createHash } from 'node:crypto';

// The server half of RFC 6455 framing, just enough for Socket Mode: @slack/socket-mode v3 connects with
// undici's WebSocket client, and no WebSocket server package is installed (`ws` is not a dependency of
// anything here), so the emulator speaks the wire format itself.

export const OPCODE = {
  continuation: 0x0,
  text: 0x1,
  binary: 0x2,
  close: 0x8,
  ping: 0x9,
  pong: 0xa,
} as const;

/** Close codes the emulator sends (RFC 6455 section 7.4.1). */
export const CLOSE_CODE = {
  normal: 1000,
  goingAway: 1001,
  protocolError: 1002,
  invalidPayload: 1007,
  tooBig: 1009,
} as const;

interface Frame {
  fin: boolean;
  opcode: number;
  payload: Buffer;
}

export type DecodeResult =
  | { kind: 'frame'; frame: Frame; rest: Buffer }
  | { kind: 'incomplete' }
  | { kind: 'invalid'; code: number; reason: string };

const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** Sec-WebSocket-Accept for a client's Sec-WebSocket-Key (RFC 6455 section 4.2.2). */
export function acceptKey(secWebSocketKey: string): string {
  return createHash('sha1').update(`${secWebSocketKey}${WEBSOCKET_GUID}`).digest('base64');
}

/** A server frame: never masked, always final (the emulator does not fragment). */
export function encodeFrame(opcode: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const length = payload.length;
  const header = length < 126 ? Buffer.alloc(2) : length < 0x10000 ? Buffer.alloc(4) : Buffer.alloc(10);
  header.writeUInt8(0x80 | opcode, 0);
  if (length < 126) header.writeUInt8(length, 1);
  else if (length < 0x10000) {
    header.writeUInt8(126, 1);
    header.writeUInt16BE(length, 2);
  } else {
    header.writeUInt8(127, 1);
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([header, payload]);
}

export function encodeClose(code: number, reason = ''): Buffer {
  const payload = Buffer.alloc(2 + Buffer.byteLength(reason));
  payload.writeUInt16BE(code, 0);
  payload.write(reason, 2);
  return encodeFrame(OPCODE.close, payload);
}

/** The first whole frame in buffer, if there is one. Client frames must be masked (RFC 6455 5.1). */
export function decodeFrame(buffer: Buffer, maxPayload: number): DecodeResult {
  if (buffer.length < 2) return { kind: 'incomplete' };
  const first = buffer.readUInt8(0);
  const second = buffer.readUInt8(1);
  const fin = (first & 0x80) !== 0;
  const opcode = first & 0x0f;
  // No extension was negotiated (the handshake answers none), so the reserved bits must be clear.
  if ((first & 0x70) !== 0) return invalid(CLOSE_CODE.protocolError, 'reserved bits set');
  if ((second & 0x80) === 0) return invalid(CLOSE_CODE.protocolError, 'client frame not masked');
  let length = second & 0x7f;
  let offset = 2;
  if (length === 126) {
    if (buffer.length < 4) return { kind: 'incomplete' };
    length = buffer.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    if (buffer.length < 10) return { kind: 'incomplete' };
    const big = buffer.readBigUInt64BE(2);
    if (big > BigInt(maxPayload)) return invalid(CLOSE_CODE.tooBig, 'frame too large');
    length = Number(big);
    offset = 10;
  }
  if (opcode >= 0x8 && (!fin || length > 125)) return invalid(CLOSE_CODE.protocolError, 'bad control frame');
  if (length > maxPayload) return invalid(CLOSE_CODE.tooBig, 'frame too large');
  const end = offset + 4 + length;
  if (buffer.length < end) return { kind: 'incomplete' };
  const mask = buffer.subarray(offset, offset + 4);
  const payload = Buffer.from(buffer.subarray(offset + 4, end));
  for (let i = 0; i < payload.length; i += 1) {
    payload.writeUInt8(payload.readUInt8(i) ^ mask.readUInt8(i % 4), i);
  }
  return { kind: 'frame', frame: { fin, opcode, payload }, rest: buffer.subarray(end) };
}

/** Masks a frame the way a client must; for tests that speak the raw protocol. */
export function encodeClientFrame(opcode: number, payload: Buffer, mask: Buffer, fin = true): Buffer {
  const unmasked = encodeFrame(opcode, payload);
  const headerLength = unmasked.length - payload.length;
  const header = Buffer.from(unmasked.subarray(0, headerLength));
  header.writeUInt8((fin ? 0x80 : 0) | opcode, 0);
  header.writeUInt8(header.readUInt8(1) | 0x80, 1);
  const body = Buffer.from(payload);
  for (let i = 0; i < body.length; i += 1) body.writeUInt8(body.readUInt8(i) ^ mask.readUInt8(i % 4), i);
  return Buffer.concat([header, mask, body]);
}

function invalid(code: number, reason: string): DecodeResult {
  return { kind: 'invalid', code, reason };
}
