import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ApiContext, ApiResult } from './api-context.js';
import { createFunctionExecutionStore, functionMethods } from './functions.js';
import { listen, send } from './http-util.js';
import { createIdSource } from './ids.js';
import { createMessageStore } from './messages.js';
import { joinChannel, postUserMessage } from './person-actions.js';
import { isRecord, parseApiRequest, parseJson, readBody } from './request-body.js';
import { createResponseUrlStore } from './response-urls.js';
import { EMULATOR_DEFAULTS, seedChannels, seedUsers } from './seed.js';
import { createSharedLinkRegistry } from './shared-links.js';
import { APPS_CONNECTIONS_OPEN, bearerToken, createSocketModeHub, DEFAULT_APP_TOKEN } from './socket-mode.js';
import { createTriggerStore } from './triggers.js';
import type {
  EmulatedChannel,
  EmulatedUser,
  EmulatedUserGroup,
  EmulatorIdentity,
  EmulatorOptions,
  FailureOptions,
  RecordedCall,
  ResponseUrlPost,
  SlackEmulator,
} from './types.js';
import { createViewStore } from './views.js';
import { waitFor } from './wait-for.js';
import { chatMethods } from './web-api-chat.js';
import { infoMethods } from './web-api-info.js';
import { createOAuthService, OAUTH_V2_ACCESS } from './web-api-oauth.js';
import { unfurlMethods } from './web-api-unfurl.js';
import { viewMethods } from './web-api-views.js';

export { EMULATOR_DEFAULTS } from './seed.js';
export { DEFAULT_APP_TOKEN } from './socket-mode.js';
export type * from './types.js';

const METHODS = new Map(
  Object.entries({ ...infoMethods, ...chatMethods, ...unfurlMethods, ...viewMethods, ...functionMethods }),
);
const THIRTY_MINUTES = 30 * 60 * 1000;

interface Failure extends FailureOptions {
  error: string;
}

/**
 * A local Slack: the Web API methods the app calls (POST /api/<method>), response_url endpoints
 * (POST /response/<id>) and Socket Mode (apps.connections.open, then a WebSocket upgrade on
 * /socket), over one in-memory workspace. Web API answers are HTTP 200 with ok:false on
 * error, except ratelimited (429 + Retry-After), as Slack does.
 */
export async function startSlackEmulator(options: EmulatorOptions = {}): Promise<SlackEmulator> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  await listen(server, options.port ?? 0, host);
  const { port } = server.address() as AddressInfo;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const baseUrl = `http://${urlHost}:${port}`;
  const log = options.logger?.child({ component: 'slack-emulator' });
  const identity: EmulatorIdentity = {
    botToken: options.botToken ?? EMULATOR_DEFAULTS.botToken,
    appToken: options.appToken ?? DEFAULT_APP_TOKEN,
    teamId: options.teamId ?? EMULATOR_DEFAULTS.teamId,
    teamName: options.teamName ?? EMULATOR_DEFAULTS.teamName,
    teamDomain: options.teamDomain ?? EMULATOR_DEFAULTS.teamDomain,
    enterpriseId: options.enterpriseId,
    botUserId: options.botUserId ?? EMULATOR_DEFAULTS.botUserId,
    botId: options.botId ?? EMULATOR_DEFAULTS.botId,
    appId: options.appId ?? EMULATOR_DEFAULTS.appId,
  };

  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        log?.warn('change listener failed', { error });
      }
    }
  };
  const ids = createIdSource();
  const users = new Map<string, EmulatedUser>();
  const channels = new Map<string, EmulatedChannel>();
  const usergroups = new Map<string, EmulatedUserGroup>();
  seedUsers(users, identity);
  seedChannels(channels);
  const calls: RecordedCall[] = [];
  const responsePosts: ResponseUrlPost[] = [];
  const failures = new Map<string, Failure[]>();
  const heldReplies = new Map<string, number>();
  const messages = createMessageStore(ids, changed);
  const views = createViewStore(ids, identity, changed);
  const homes = new Map<string, Record<string, unknown>>();
  const triggers = createTriggerStore(ids, options.triggerTtlMs ?? 3000);
  const functions = createFunctionExecutionStore(changed);
  const ttlMs = options.responseUrlTtlMs ?? THIRTY_MINUTES;
  const responseUrls = createResponseUrlStore({
    ids,
    baseUrl,
    identity,
    messages,
    ttlMs,
    posts: responsePosts,
    changed,
  });
  const socket = createSocketModeHub({
    identity,
    baseUrl,
    ackTimeoutMs: options.socketAckTimeoutMs ?? 5000,
    // `on` is declared below; it is only called once the emulator is running.
    on: (event, listener) => on(event, listener),
    changed,
    logger: log,
  });
  const oauth = createOAuthService({
    primary: identity,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    codeTtlMs: options.oauthCodeTtlMs,
  });
  const links = createSharedLinkRegistry();
  const people = { users, channels, messages };
  const ctx: ApiContext = {
    identity,
    primary: identity,
    team: (teamId) => oauth.team(teamId),
    links,
    baseUrl,
    chatWritePublic: options.chatWritePublic ?? true,
    users,
    channels,
    usergroups,
    messages,
    views,
    homes,
    triggers,
    functions,
  };

  let channelPostIntervalMs = 0;
  const lastChannelPost = new Map<string, number>();
  const rateLimits = { limited: 0 };
  const callApi = (
    method: string,
    args: Record<string, unknown>,
    token: string | undefined,
    bearer: string | undefined,
    authorization: string | undefined,
  ) => {
    const queue = failures.get(method) ?? [];
    const index = queue.findIndex((f) => f.channel === undefined || f.channel === args.channel);
    const failure = index >= 0 ? queue.splice(index, 1)[0] : undefined;
    if (failure) {
      const status = failure.status ?? (failure.error === 'ratelimited' ? 429 : 200);
      const headers: Record<string, string> =
        status === 429 ? { 'retry-after': String(failure.retryAfterSeconds ?? 1) } : {};
      return { status, headers, body: { ok: false, error: failure.error } as ApiResult };
    }
    if (method === 'chat.postMessage' && channelPostIntervalMs > 0 && typeof args.channel === 'string') {
      const now = Date.now();
      const last = lastChannelPost.get(args.channel) ?? 0;
      if (now - last < channelPostIntervalMs) {
        rateLimits.limited += 1;
        const retryAfter = Math.max(1, Math.ceil((channelPostIntervalMs - (now - last)) / 1000));
        return {
          status: 429,
          headers: { 'retry-after': String(retryAfter) },
          body: { ok: false, error: 'ratelimited' } as ApiResult,
        };
      }
      lastChannelPost.set(args.channel, now);
    }
    const handler = METHODS.get(method);
    const team = token === undefined ? undefined : (oauth.byToken(token) ?? workflowTeam(token));
    const body: ApiResult =
      method === APPS_CONNECTIONS_OPEN
        ? socket.connectionsOpen(bearer)
        : method === OAUTH_V2_ACCESS
          ? oauth.access(args, authorization)
          : !handler
            ? { ok: false, error: 'unknown_method' }
            : token === undefined
              ? { ok: false, error: 'not_authed' }
              : team
                ? handler(args, team === identity ? ctx : { ...ctx, identity: team })
                : token === identity.appToken
                  ? { ok: false, error: 'not_allowed_token_type' }
                  : { ok: false, error: 'invalid_auth' };
    return { status: 200, headers: {}, body };
  };

  // A step's bot_access_token acts as the bot of the workspace the step runs in.
  const workflowTeam = (token: string) => {
    const teamId = functions.teamOfToken(token);
    return teamId === undefined ? undefined : (oauth.team(teamId) ?? identity);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', baseUrl);
    const raw = await readBody(req);
    const apiMethod = /^\/api\/([\w.]+)$/.exec(url.pathname)?.[1];
    if (apiMethod !== undefined) {
      const { args, token } = parseApiRequest(req.headers, raw, url.searchParams);
      const result = callApi(apiMethod, args, token, bearerToken(req.headers), req.headers.authorization);
      calls.push({ method: apiMethod, args, token, at: Date.now(), response: result.body });
      log?.debug('web api call', { method: apiMethod, ok: result.body.ok, error: result.body.error });
      changed();
      const holdMs = heldReplies.get(apiMethod);
      if (holdMs !== undefined) {
        heldReplies.delete(apiMethod);
        await new Promise((resolve) => setTimeout(resolve, holdMs));
      }
      send(
        res,
        result.status,
        JSON.stringify(result.body),
        'application/json; charset=utf-8',
        result.headers,
      );
      return;
    }
    const responseId = /^\/response\/([\w-]+)$/.exec(url.pathname)?.[1];
    if (responseId !== undefined && req.method === 'POST') {
      const body = parseJson(raw);
      const reply = responseUrls.post(responseId, isRecord(body) ? body : undefined);
      send(res, reply.status, reply.text, 'text/plain; charset=utf-8');
      return;
    }
    send(res, 404, 'not_found', 'text/plain; charset=utf-8');
  };
  server.on('upgrade', (req: IncomingMessage, upgraded: Duplex, head: Buffer) => {
    socket.handleUpgrade(req, upgraded, head);
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      log?.error('emulator request failed', { error });
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  const on = (_event: 'change', listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  return {
    apiUrl: `${baseUrl}/api/`,
    baseUrl,
    identity,
    calls,
    responsePosts,
    users,
    channels,
    usergroups,
    views: views.views,
    homes,
    mintResponseUrl: (context = {}) => responseUrls.mint(context),
    mintTriggerId: (context = {}) =>
      triggers.mint({ userId: context.userId ?? '', ...(context.viewId ? { viewId: context.viewId } : {}) }),
    messages: (channelId) => messages.list(channelId),
    thread: (channelId, ts) => messages.thread(channelId, ts),
    postUserMessage: (input) => postUserMessage(people, input),
    joinChannel: (input) => joinChannel(people, input),
    recordSharedLinks: (input) => links.share(input),
    startFunctionExecution: (input) => functions.start(input),
    functionExecution: (executionId) => functions.get(executionId),
    functionExecutions: () => functions.list(),
    limitChannelPosts(intervalMs) {
      channelPostIntervalMs = intervalMs;
      lastChannelPost.clear();
    },
    rateLimits,
    failNext(method, error, opts = {}) {
      failures.set(method, [...(failures.get(method) ?? []), { ...opts, error }]);
    },
    holdNextReply(method, ms) {
      heldReplies.set(method, ms);
    },
    waitFor: (pick, opts = {}) => waitFor(pick, on, opts.timeoutMs ?? 2000, opts.message),
    on,
    applyCommandAck(responseUrl, body) {
      responseUrls.applyAck(responseUrl, body);
    },
    applyViewAck: (viewId, body) => views.applyAck(viewId, body),
    closeView: (viewId, opts = {}) => views.close(viewId, opts.clear === true),
    socket: socket.control,
    oauthClient: { clientId: oauth.clientId, clientSecret: oauth.clientSecret },
    addTeam: (team) => oauth.addTeam(team),
    team: (teamId) => oauth.team(teamId),
    mintOAuthCode: (input) => oauth.mintCode(input),
    reset() {
      calls.length = 0;
      responsePosts.length = 0;
      failures.clear();
      heldReplies.clear();
      messages.clear();
      links.clear();
      views.views.clear();
      homes.clear();
      triggers.clear();
      functions.clear();
      responseUrls.clear();
      oauth.reset();
      seedUsers(users, identity);
      seedChannels(channels);
      changed();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        listeners.clear();
        socket.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
