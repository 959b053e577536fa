import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  type App,
  type BufferedIncomingMessage,
  HTTPModuleFunctions,
  type Logger,
  type Receiver,
  type ReceiverEvent,
} from '@slack/bolt';
import type { InstallProvider, InstallURLOptions } from '@slack/oauth';
import type { SlackBody } from '../payload-shape.js';
import { httpReceiverEvent } from './http-event.js';
import {
  answeredKindOf,
  answerListenerFailure,
  type ListenerFailureAnswers,
  ListenerNeverAckedError,
} from './listener-failure.js';
import { canonicalPathOf, type RouteTable, routeServer } from './routes.js';
import {
  checkSlackRequest,
  isHandshake,
  type SlackRequestChecks,
  type SlackRequestVerdict,
} from './slack-request.js';
import { answerUnclaimed, type RespondTo, type StoreUnavailableWords } from './store-unavailable.js';

const SLACK_EVENTS_PATH = '/slack/events';

/** The OAuth flow's two pages, served as Bolt's HTTPReceiver serves them. */
export interface OAuthRoutes {
  installer: InstallProvider;
  installUrlOptions: InstallURLOptions;
  installPath: string;
  redirectUriPath: string;
}

export interface SlackHttpReceiverOptions {
  checks: SlackRequestChecks;
  routes: RouteTable;
  oauth?: OAuthRoutes | undefined;
  /** Wraps each event before the app sees it (the ack timing). */
  onEvent?: ((event: ReceiverEvent) => ReceiverEvent) | undefined;
  /**
   * What to start reading for a signed request while its replay claim is made (its language
   * choices); handed to its listeners as the event's customProperties, Bolt's documented way for a
   * receiver to put values in the context.
   */
  readAhead?: ((body: Record<string, unknown>) => Record<string, unknown>) | undefined;
  logger: Logger;
  /**
   * What a request shows when its listener failed before answering (the catalogue's words), from
   * what was read ahead for the request (its language choices).
   */
  listenerFailureAnswers: (readAhead: Record<string, unknown>) => ListenerFailureAnswers;
  /**
   * What a request is told when its replay claim could not be made (store-unavailable.ts), from
   * what was read ahead for it (its language choices).
   */
  storeUnavailableWords: (readAhead: Record<string, unknown>) => Promise<StoreUnavailableWords>;
  /** Posts to a click's response_url (the app's Slack fetch): how such a click is told. */
  respond: RespondTo;
}

/**
 * The app's receiver for Slack over HTTP (Bolt's Receiver interface: init, start, stop): one
 * server for Slack's endpoint, the OAuth pages and the app's own routes. Every request to Slack's
 * endpoint passes slack-request.ts (body limit, timestamp, signature, shape, replay) before Bolt
 * sees it; what passes is answered as Bolt's HTTPReceiver answers it (its HTTPResponseAck: the
 * response leaves at ack(), before the work after it).
 */
export class SlackHttpReceiver implements Receiver {
  /** Read by Bolt's App for its authorize in OAuth mode (the documented hook for custom receivers). */
  readonly installer: InstallProvider | undefined;
  private app: App | undefined;
  private server: Server | undefined;
  private readonly serveRoute: (req: IncomingMessage, res: ServerResponse) => void;

  constructor(private readonly options: SlackHttpReceiverOptions) {
    this.installer = options.oauth?.installer;
    this.serveRoute = routeServer(options.routes);
  }

  init(app: App): void {
    this.app = app;
  }

  async start(port: number): Promise<Server> {
    if (this.server) throw new Error('the Slack receiver is already started');
    const server = createServer((req, res) => this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve, reject) =>
      server.close((error) => (error ? reject(error) : resolve())),
    );
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    // A path not in canonical form is answered 404 by the routes, whatever it would normalise to.
    const path = canonicalPathOf(req);
    const method = (req.method ?? '').toUpperCase();
    if (method === 'POST' && path === SLACK_EVENTS_PATH) {
      void this.slackRequest(req, res);
      return;
    }
    const oauth = this.options.oauth;
    if (oauth && method === 'GET' && path !== undefined && isOAuthPage(oauth, path)) {
      void this.oauthPage(oauth, path, req, res);
      return;
    }
    this.serveRoute(req, res);
  }

  private async oauthPage(oauth: OAuthRoutes, path: string, req: IncomingMessage, res: ServerResponse) {
    try {
      if (path === oauth.installPath)
        await oauth.installer.handleInstallPath(req, res, {}, oauth.installUrlOptions);
      else await oauth.installer.handleCallback(req, res, {});
    } catch (error) {
      this.options.logger.error(`the OAuth ${path} page failed: ${(error as Error).message}`);
    }
  }

  private async slackRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // What is read ahead for a signed request starts as soon as it is known signed and of Slack's
    // shape, before its replay claim, so that it goes with the claim.
    let ahead: Record<string, unknown> = {};
    const onSigned = (slack: SlackBody) => {
      if (!isHandshake(slack)) ahead = this.readAhead(slack.body);
    };
    const verdict = await checkSlackRequest(req, { ...this.options.checks, onSigned });
    await this.answerSlack(req, res, verdict, ahead);
  }

  private async answerSlack(
    req: IncomingMessage,
    res: ServerResponse,
    verdict: SlackRequestVerdict,
    ahead: Record<string, unknown>,
  ): Promise<void> {
    if (res.headersSent) return;
    if (verdict.kind === 'refused') {
      res.writeHead(verdict.status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`${verdict.reason}\n`);
      return;
    }
    if (verdict.kind === 'done') {
      res.writeHead(200);
      res.end();
      return;
    }
    const { slack } = verdict;
    if (verdict.kind === 'unclaimed') {
      const { logger, respond, storeUnavailableWords } = this.options;
      const words = () => storeUnavailableWords(ahead);
      return answerUnclaimed({ slack, response: res, error: verdict.error, words, respond, logger });
    }
    if (isHandshake(slack))
      return slack.source === 'command'
        ? HTTPModuleFunctions.buildSSLCheckResponse(res)
        : HTTPModuleFunctions.buildUrlVerificationResponse(res, slack.body);
    const buffered: BufferedIncomingMessage = Object.assign(req, { rawBody: verdict.rawBody });
    await this.dispatch(buffered, slack, res, ahead);
  }

  /** What is read ahead for a request; nothing when that fails: its listeners then read it themselves. */
  private readAhead(body: Record<string, unknown>): Record<string, unknown> {
    const readAhead = this.options.readAhead;
    if (!readAhead) return {};
    try {
      return readAhead(body);
    } catch (error) {
      this.options.logger.warn(`could not read ahead for a request: ${(error as Error).message}`);
      return {};
    }
  }

  /** Hands the event to the app; a listener failure before the ack is answered by answerListenerFailure. */
  private async dispatch(
    request: BufferedIncomingMessage,
    slack: SlackBody,
    response: ServerResponse,
    customProperties: Record<string, unknown>,
  ) {
    const logger = this.options.logger;
    const { event, ack } = httpReceiverEvent({
      request,
      body: slack.body,
      response,
      logger,
      customProperties,
    });
    let failure: unknown;
    try {
      await this.app?.processEvent(this.options.onEvent ? this.options.onEvent(event) : event);
      // Bolt's error handler takes a listener's error and returns: the request may be left unacked.
      if (!response.headersSent) failure = new ListenerNeverAckedError();
    } catch (error) {
      failure = error;
    }
    if (failure === undefined) return;
    const kind = answeredKindOf(slack.body, slack.source === 'command');
    const answers = () => this.options.listenerFailureAnswers(customProperties);
    // false: the listener acked already, and its answer stands.
    if (answerListenerFailure({ error: failure, logger, kind, response, answers })) ack.ack();
  }
}

const isOAuthPage = (oauth: OAuthRoutes, path: string) =>
  path === oauth.installPath || path === oauth.redirectUriPath;
