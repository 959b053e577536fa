import type { SocketEnvelopeType } from './types.js';

/** socket.send found no live Socket Mode connection to deliver the envelope on. */
export class SocketModeNotConnectedError extends Error {
  override readonly name = 'SocketModeNotConnectedError';
  constructor(readonly envelopeType: SocketEnvelopeType) {
    super(`no live Socket Mode connection to send a ${envelopeType} envelope on`);
  }
}

/** The app did not ack an envelope in time. */
export class SocketModeAckTimeoutError extends Error {
  override readonly name = 'SocketModeAckTimeoutError';
  constructor(
    readonly envelopeId: string,
    readonly envelopeType: SocketEnvelopeType,
    readonly timeoutMs: number,
  ) {
    super(`no ack for ${envelopeType} envelope ${envelopeId} within ${timeoutMs} ms`);
  }
}

/** The connection an envelope went out on closed before its ack arrived. */
export class SocketModeConnectionClosedError extends Error {
  override readonly name = 'SocketModeConnectionClosedError';
  constructor(
    readonly envelopeId: string,
    readonly envelopeType: SocketEnvelopeType,
  ) {
    super(`the connection closed before ${envelopeType} envelope ${envelopeId} was acked`);
  }
}
