import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../../observability/logger.js';
import { type ApiResult, fail } from './api-context.js';
import { isRecord, parseJson } from './request-body.js';
import {
  SocketModeAckTimeoutError,
  SocketModeConnectionClosedError,
  SocketModeNotConnectedError,
} from './socket-mode-errors.js';
import { acceptWebSocket, rejectUpgrade, type WebSocketPeer } from './socket-mode-websocket.js';
import type { EmulatorIdentity, SocketAck, SocketEnvelopeType, SocketModeControl } from './types.js';
import { waitFor } from './wait-for.js';

export const DEFAULT_APP_TOKEN = 'xapp-emulator-token';
export const APPS_CONNECTIONS_OPEN = 'apps.connections.open';
const SOCKET_PATH = '/socket';
const DEBUG_HOST = 'applink-emulator';

export interface SocketModeHubOptions {
  identity: EmulatorIdentity;
  /** The emulator's http://host:port; the WebSocket is served on the same server. */
  baseUrl: string;
  ackTimeoutMs: number;
  /** How long a URL from apps.connections.open stays usable. */
  ticketTtlMs?: number;
  on: (event: 'change', listener: () => void) => () => void;
  changed: () => void;
  logger?: Logger | undefined;
}

export interface SocketModeHub {
  control: SocketModeControl;
  /** apps.connections.open, given the bearer token of the request (the only place Slack reads it). */
  connectionsOpen(bearerToken: string | undefined): ApiResult;
  /** For the HTTP server's 'upgrade' event: accepts a valid ticket, refuses anything else. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

interface Connection {
  id: number;
  peer: WebSocketPeer;
  /** Told to disconnect: Slack sends nothing more on it. */
  retiring: boolean;
}

interface Pending {
  type: SocketEnvelopeType;
  connection: Connection;
  startedAt: number;
  timer: NodeJS.Timeout;
  resolve(ack: SocketAck): void;
  reject(error: Error): void;
}

export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  return /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
}

/** Socket Mode: tickets from apps.connections.open, WebSocket connections, envelopes and their acks. */
export function createSocketModeHub(options: SocketModeHubOptions): SocketModeHub {
  const { identity } = options;
  const log = options.logger;
  // Slack does not document a ticket's lifetime or reuse; the emulator assumes a short-lived,
  // single-use URL (a client must call apps.connections.open again for every reconnect, as
  // @slack/socket-mode does).
  const ticketTtlMs = options.ticketTtlMs ?? 60_000;
  const tickets = new Map<string, number>();
  const connections = new Set<Connection>();
  const pending = new Map<string, Pending>();
  let nextId = 0;

  const live = () => [...connections].filter((c) => c.peer.isOpen && !c.retiring);
  const wsBase = options.baseUrl.replace(/^http/, 'ws');

  const onText = (text: string) => {
    const message = parseJson(text);
    const envelopeId = isRecord(message) ? message.envelope_id : undefined;
    if (!isRecord(message) || typeof envelopeId !== 'string') {
      log?.debug('socket mode message ignored', { text: text.slice(0, 200) });
      return;
    }
    const waiting = pending.get(envelopeId);
    if (!waiting) {
      log?.warn('socket mode ack for an unknown envelope', { envelopeId });
      return;
    }
    pending.delete(envelopeId);
    clearTimeout(waiting.timer);
    const ack = isRecord(message.payload) ? message.payload : undefined;
    waiting.resolve({ ack, ackMs: performance.now() - waiting.startedAt });
    options.changed();
  };

  const onClose = (connection: Connection) => {
    connections.delete(connection);
    for (const [envelopeId, waiting] of pending) {
      if (waiting.connection !== connection) continue;
      pending.delete(envelopeId);
      clearTimeout(waiting.timer);
      waiting.reject(new SocketModeConnectionClosedError(envelopeId, waiting.type));
    }
    log?.debug('socket mode connection closed', { id: connection.id });
    options.changed();
  };

  const control: SocketModeControl = {
    connected: () => live().length > 0,
    async waitForConnection(timeoutMs = 2000) {
      const message = `no Socket Mode connection within ${timeoutMs} ms`;
      await waitFor(() => live().length > 0, options.on, timeoutMs, message);
    },
    send(type, payload) {
      const connection = live().at(-1);
      if (!connection) return Promise.reject(new SocketModeNotConnectedError(type));
      const envelopeId = randomUUID();
      const envelope = {
        envelope_id: envelopeId,
        type,
        payload,
        accepts_response_payload: type !== 'events_api',
        ...(type === 'events_api' ? { retry_attempt: 0, retry_reason: '' } : {}),
      };
      return new Promise<SocketAck>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(envelopeId);
          reject(new SocketModeAckTimeoutError(envelopeId, type, options.ackTimeoutMs));
        }, options.ackTimeoutMs);
        pending.set(envelopeId, { type, connection, startedAt: performance.now(), timer, resolve, reject });
        connection.peer.sendText(JSON.stringify(envelope));
      });
    },
    disconnect(reason) {
      for (const connection of live()) {
        connection.peer.sendText(
          JSON.stringify({ type: 'disconnect', reason, debug_info: { host: DEBUG_HOST } }),
        );
        connection.retiring = true;
      }
      options.changed();
    },
  };

  return {
    control,
    connectionsOpen(token) {
      if (token === undefined) return fail('not_authed');
      if (token === identity.botToken) return fail('not_allowed_token_type');
      if (token !== identity.appToken) return fail('invalid_auth');
      const ticket = randomBytes(16).toString('hex');
      tickets.set(ticket, Date.now() + ticketTtlMs);
      return { ok: true, url: `${wsBase}${SOCKET_PATH}?ticket=${ticket}&app_id=${identity.appId}` };
    },
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', options.baseUrl);
      if (url.pathname !== SOCKET_PATH) return rejectUpgrade(socket, 404, 'Not Found');
      const ticket = url.searchParams.get('ticket') ?? '';
      const expiresAt = tickets.get(ticket);
      tickets.delete(ticket);
      if (expiresAt === undefined || Date.now() > expiresAt)
        return rejectUpgrade(socket, 401, 'Unauthorized');
      nextId += 1;
      const id = nextId;
      let connection: Connection | undefined;
      const peer = acceptWebSocket(req, socket, head, {
        onText,
        onClose: () => {
          if (connection) onClose(connection);
        },
      });
      if (!peer) return;
      connection = { id, peer, retiring: false };
      connections.add(connection);
      peer.sendText(
        JSON.stringify({
          type: 'hello',
          num_connections: live().length,
          debug_info: { host: DEBUG_HOST, build_number: 1, approximate_connection_time: 18060 },
          connection_info: { app_id: identity.appId },
        }),
      );
      log?.debug('socket mode connection opened', { id });
      options.changed();
    },
    close() {
      tickets.clear();
      for (const connection of connections) connection.peer.destroy();
    },
  };
}
