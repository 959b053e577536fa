import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  acceptKey,
  CLOSE_CODE,
  decodeFrame,
  encodeClose,
  encodeFrame,
  OPCODE,
} from './socket-mode-frames.js';

export interface WebSocketPeer {
  /** True until a close frame was sent or received, or the TCP connection ended. */
  readonly isOpen: boolean;
  sendText(text: string): void;
  /** Starts the close handshake; the TCP connection is cut if the client does not answer in time. */
  close(code: number, reason?: string): void;
  destroy(): void;
}

export interface PeerHandlers {
  onText(text: string): void;
  /** Once, when the TCP connection is gone; code is the client's close code if it sent one. */
  onClose(code: number | undefined): void;
}

export interface PeerOptions {
  maxMessageBytes?: number;
  closeTimeoutMs?: number;
}

export function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  const body = `${reason}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-type: text/plain\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Completes the opening handshake on an HTTP upgrade and speaks text frames over the socket. Answers
 * no extension (no permessage-deflate) and no subprotocol, which a client must accept.
 */
export function acceptWebSocket(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  handlers: PeerHandlers,
  options: PeerOptions = {},
): WebSocketPeer | undefined {
  const key = req.headers['sec-websocket-key'];
  const upgrade = req.headers.upgrade?.toLowerCase();
  if (upgrade !== 'websocket' || typeof key !== 'string' || req.headers['sec-websocket-version'] !== '13') {
    rejectUpgrade(socket, 400, 'Bad Request');
    return undefined;
  }
  const maxBytes = options.maxMessageBytes ?? 16 * 1024 * 1024;
  const closeTimeoutMs = options.closeTimeoutMs ?? 1000;
  let state: 'open' | 'closing' | 'closed' = 'open';
  let buffered: Buffer = Buffer.alloc(0);
  let fragments: Buffer[] = [];
  let fragmentsOpcode: number | undefined;
  let clientCode: number | undefined;
  let closeTimer: NodeJS.Timeout | undefined;
  const decoder = new TextDecoder('utf-8', { fatal: true });

  const write = (frame: Buffer) => {
    if (!socket.destroyed && socket.writable) socket.write(frame);
  };
  const close = (code: number, reason = '') => {
    if (state !== 'open') return;
    state = 'closing';
    write(encodeClose(code, reason));
    closeTimer = setTimeout(() => socket.destroy(), closeTimeoutMs);
    closeTimer.unref();
  };
  const deliver = (opcode: number, payload: Buffer) => {
    // Slack sends and expects text only; a binary message is ignored, as @slack/socket-mode does.
    if (opcode !== OPCODE.text) return;
    let text: string;
    try {
      text = decoder.decode(payload);
    } catch {
      close(CLOSE_CODE.invalidPayload, 'invalid utf-8');
      return;
    }
    handlers.onText(text);
  };
  const onFrame = (fin: boolean, opcode: number, payload: Buffer) => {
    if (opcode === OPCODE.ping) return write(encodeFrame(OPCODE.pong, payload));
    if (opcode === OPCODE.pong) return;
    if (opcode === OPCODE.close) {
      clientCode = payload.length >= 2 ? payload.readUInt16BE(0) : undefined;
      if (state === 'open') {
        state = 'closing';
        write(encodeClose(clientCode ?? CLOSE_CODE.normal));
      }
      socket.end();
      return;
    }
    if (opcode === OPCODE.continuation) {
      if (fragmentsOpcode === undefined) return close(CLOSE_CODE.protocolError, 'unexpected continuation');
      fragments.push(payload);
    } else {
      if (fragmentsOpcode !== undefined) return close(CLOSE_CODE.protocolError, 'expected continuation');
      fragmentsOpcode = opcode;
      fragments = [payload];
    }
    const total = fragments.reduce((sum, part) => sum + part.length, 0);
    if (total > maxBytes) return close(CLOSE_CODE.tooBig, 'message too large');
    if (!fin) return;
    const whole = Buffer.concat(fragments);
    const messageOpcode = fragmentsOpcode;
    fragments = [];
    fragmentsOpcode = undefined;
    deliver(messageOpcode, whole);
  };
  const onData = (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    while (state !== 'closed') {
      const result = decodeFrame(buffered, maxBytes);
      if (result.kind === 'incomplete') return;
      if (result.kind === 'invalid') {
        buffered = Buffer.alloc(0);
        close(result.code, result.reason);
        return;
      }
      buffered = result.rest;
      const { fin, opcode, payload } = result.frame;
      // After our close frame only the client's close answer matters.
      if (state === 'closing' && opcode !== OPCODE.close) continue;
      onFrame(fin, opcode, payload);
    }
  };

  socket.on('data', onData);
  socket.on('error', () => socket.destroy());
  socket.on('close', () => {
    state = 'closed';
    clearTimeout(closeTimer);
    handlers.onClose(clientCode);
  });
  // The upgrade event hands over the net.Socket typed as a Duplex; acks are small and latency matters.
  if ('setNoDelay' in socket) (socket as Socket).setNoDelay(true);
  socket.write(
    'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      `Sec-WebSocket-Accept: ${acceptKey(key)}\r\n\r\n`,
  );
  if (head.length > 0) onData(head);

  return {
    get isOpen() {
      return state === 'open';
    },
    sendText: (text) => {
      if (state === 'open') write(encodeFrame(OPCODE.text, Buffer.from(text, 'utf8')));
    },
    close,
    destroy: () => socket.destroy(),
  };
}
