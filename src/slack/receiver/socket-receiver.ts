import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import {
  type App,
  defaultProcessEventErrorHandler,
  type Logger,
  type Receiver,
  type ReceiverEvent,
} from '@slack/bolt';
import { SocketModeClient } from '@slack/socket-mode';
import { ignoredPayloadType } from '../payload-shape.js';
import { answeredKindOf, failureAnswerOf, type ListenerFailureAnswers } from './listener-failure.js';
import { type RouteTable, routeServer } from './routes.js';

export interface SlackSocketReceiverOptions {
  appToken: string;
  /** Web API options of the socket client's own calls (apps.connections.open); copied, as it mutates them. */
  clientOptions: Record<string, unknown>;
  /** The app's own routes (health, readiness, metrics, hooks), on an HTTP server of this receiver. */
  routes: RouteTable;
  /** The port of that server (0: any free port). */
  routesPort: number;
  onEvent?: ((event: ReceiverEvent) => ReceiverEvent) | undefined;
  logger: Logger;
  /** What a request shows when its listener failed before answering (listener-failure.ts). */
  listenerFailureAnswers: (readAhead: Record<string, unknown>) => ListenerFailureAnswers;
}

/**
 * Socket Mode as a Bolt Receiver: events arrive over @slack/socket-mode's client (the one Bolt's
 * SocketModeReceiver uses), and the health, readiness, metrics and hook routes are served by an HTTP
 * server this receiver owns, so start() can say where it listens.
 */
export class SlackSocketReceiver implements Receiver {
  private app: App | undefined;
  private readonly client: SocketModeClient;
  private readonly server: Server;

  constructor(private readonly options: SlackSocketReceiverOptions) {
    this.client = new SocketModeClient({
      appToken: options.appToken,
      logger: options.logger,
      clientOptions: { ...options.clientOptions },
    });
    this.client.on('slack_event', (args: SocketEventArgs) => this.onSlackEvent(args));
    this.server = createServer(routeServer(options.routes));
  }

  init(app: App): void {
    this.app = app;
  }

  /** Resolves with the routes' server once it listens and the socket is open. */
  async start(): Promise<Server> {
    const listening = once(this.server, 'listening');
    this.server.listen(this.options.routesPort);
    await listening;
    await this.client.start();
    return this.server;
  }

  async stop(): Promise<void> {
    const closed = this.server.listening ? once(this.server, 'close') : undefined;
    if (closed) this.server.close();
    await this.client.disconnect();
    await closed;
  }

  private async onSlackEvent(args: SocketEventArgs): Promise<void> {
    const { logger } = this.options;
    let acked = false;
    const ack = async (response?: unknown) => {
      // As Bolt's SocketModeResponseAck: a second ack is ignored, with a warning.
      if (acked) return logger.warn('ack() has already been called. Additional calls will be ignored.');
      acked = true;
      await args.ack(response);
    };
    // Slack's types the app registers no listener for: acked with nothing done, as over HTTP.
    if (ignoredPayloadType(args.body)) return ack();
    const received: ReceiverEvent = {
      body: args.body,
      ack,
      retryNum: args.retry_num,
      retryReason: args.retry_reason,
      customProperties: {},
    };
    const event = this.options.onEvent ? this.options.onEvent(received) : received;
    try {
      await this.app?.processEvent(event);
      // Bolt's error handler takes a listener's error and returns: the request may be left unacked.
      if (!acked) await ack(this.unackedAnswer(args.body));
    } catch (error) {
      if (await defaultProcessEventErrorHandler({ error: error as Error, logger, event })) await event.ack();
    }
  }

  /** As over HTTP (listener-failure.ts): what the person would otherwise never be told. */
  private unackedAnswer(body: Record<string, unknown>): Record<string, unknown> | undefined {
    const kind = answeredKindOf(body, typeof body.command === 'string');
    this.options.logger.error('a listener failed before answering', {
      error: 'ListenerNeverAckedError',
      kind,
    });
    // Socket Mode reads no language ahead: the default catalogue's words.
    return failureAnswerOf(kind, () => this.options.listenerFailureAnswers({}));
  }
}

interface SocketEventArgs {
  body: Record<string, unknown>;
  ack: (response?: unknown) => Promise<void>;
  retry_num?: number;
  retry_reason?: string;
}
