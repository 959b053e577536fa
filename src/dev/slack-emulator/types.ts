import type { Logger } from '../../observability/logger.js';
import type { FunctionDefinition, FunctionExecution } from './functions.js';

export type { FunctionDefinition, FunctionExecution } from './functions.js';

export interface EmulatorOptions {
  port?: number;
  host?: string;
  logger?: Logger;
  /** The only token the Web API accepts; default 'xoxb-emulator-token'. */
  botToken?: string;
  teamId?: string;
  teamName?: string;
  teamDomain?: string;
  /** Set to emulate an Enterprise Grid workspace: auth.test then returns enterprise_id. */
  enterpriseId?: string;
  botUserId?: string;
  botId?: string;
  appId?: string;
  /**
   * Whether the bot holds chat:write.public (the manifest asks for it): it may then post to public
   * channels it has not joined. Default true.
   */
  chatWritePublic?: boolean;
  /** trigger_id lifetime; Slack's is 3 s. */
  triggerTtlMs?: number;
  /** response_url lifetime; Slack's is 30 minutes. */
  responseUrlTtlMs?: number;
  /** The app-level token apps.connections.open accepts (Socket Mode); default 'xapp-emulator-token'. */
  appToken?: string;
  /** How long socket.send waits for the envelope's ack; default 5000 ms. */
  socketAckTimeoutMs?: number;
  /** The app's OAuth client id and secret oauth.v2.access accepts (defaults in web-api-oauth.ts). */
  clientId?: string;
  clientSecret?: string;
  /** Lifetime of a code from mintOAuthCode; Slack's is 10 minutes. */
  oauthCodeTtlMs?: number;
}

/** Another workspace the app can be installed in; omitted fields are generated. */
export interface TeamInput {
  id: string;
  name?: string;
  domain?: string;
  enterpriseId?: string;
  botToken?: string;
  botUserId?: string;
  botId?: string;
}

/** What the user approved at slack.com/oauth/v2/authorize. */
export interface OAuthCodeInput {
  teamId: string;
  userId: string;
  /** The redirect_uri of the authorize step, if it had one: oauth.v2.access must then send the same. */
  redirectUri?: string;
  /** Comma-separated bot scopes granted; default the manifest's. */
  scope?: string;
}

export interface EmulatorIdentity {
  botToken: string;
  appToken: string;
  teamId: string;
  teamName: string;
  teamDomain: string;
  enterpriseId: string | undefined;
  botUserId: string;
  botId: string;
  appId: string;
}

export interface RecordedCall {
  method: string;
  args: Record<string, unknown>;
  token: string | undefined;
  at: number;
  response: Record<string, unknown>;
}

export interface ResponseUrlPost {
  id: string;
  body: Record<string, unknown>;
  at: number;
  /** HTTP status the emulator answered with (200, or 404 used_url / expired_url, 400 invalid_blocks). */
  status: number;
}

export interface EmulatedUser {
  id: string;
  name: string;
  real_name: string;
  is_admin: boolean;
  is_owner: boolean;
  is_primary_owner: boolean;
  team_id: string;
  deleted?: boolean;
  is_bot?: boolean;
  /** IANA time zone (users.info `tz`). */
  tz?: string;
  /** A guest (multi-channel); is_ultra_restricted: a single-channel guest. */
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
}

/** A Slack user group (`@handle`), with its members. */
export interface EmulatedUserGroup {
  id: string;
  handle: string;
  name: string;
  users: string[];
}

export interface EmulatedChannel {
  id: string;
  name: string;
  /**
   * The workspace the channel belongs to. Unset: the emulator's shared world, reachable with every
   * workspace's token (as before workspaces had channels of their own). Set: only that workspace's
   * token reaches it, or the first workspace's when that workspace has no token of its own (a
   * single-workspace app serving a second team, as the playground's does).
   */
  teamId?: string;
  is_private: boolean;
  is_archived?: boolean;
  is_im?: boolean;
  botIsMember: boolean;
  /** Human members; chat.postEphemeral answers user_not_in_channel for anyone else. */
  members: string[];
}

type MessageSource =
  | 'chat.postMessage'
  | 'chat.postEphemeral'
  | 'response_url'
  | 'command_ack'
  | 'command'
  /** What a person typed that is not a slash command (a link to share, a thread reply). */
  | 'user'
  /** Slack's own line when someone joins a channel (subtype channel_join). */
  | 'membership';

/** What chat.unfurl attached under one URL: blocks, or the fields of a legacy attachment. */
export type MessageUnfurl = Record<string, unknown>;

export interface EmulatedMessage {
  ts: string;
  channel: string;
  text?: string;
  blocks?: unknown[];
  /** Author: the bot user, or the human whose slash command became visible (in_channel). */
  user: string;
  bot_id?: string;
  /** A reply names its parent; a parent with replies names itself, as Slack returns it. */
  thread_ts?: string;
  /** Thread parents only, kept current as replies come and go (conversations.history's fields). */
  reply_count?: number;
  reply_users?: string[];
  reply_users_count?: number;
  latest_reply?: string;
  /** thread_broadcast: a reply also shown in the channel; channel_join: someone joined. */
  subtype?: 'thread_broadcast' | 'channel_join';
  /** channel_join: who added them. */
  inviter?: string;
  /** chat.unfurl results by URL, in the order the app unfurled them. */
  unfurls?: Record<string, MessageUnfurl>;
  ephemeral: boolean;
  /** For ephemeral messages: the only user who sees it. */
  targetUserId?: string;
  source: MessageSource;
  /** How many times chat.update or replace_original changed it. */
  edits: number;
}

/** A message a person types in Slack's client (emulator.postUserMessage). */
export interface UserMessageInput {
  channelId: string;
  userId: string;
  /** As typed; stored the way Slack's client sends it: &, <, > escaped, links wrapped in <…>. */
  text: string;
  /** A top-level message of the channel: the message becomes a reply in its thread. */
  threadTs?: string | undefined;
}

/** Someone added to a channel with /invite (emulator.joinChannel). */
export interface JoinInput {
  channelId: string;
  /** The person or bot user added. */
  userId: string;
  /** Who typed /invite; must be in the channel. */
  inviterId: string;
}

/** The links of one message that Slack told the app about in a link_shared event. */
export interface SharedLinks {
  unfurlId: string;
  channelId: string;
  messageTs: string;
  urls: string[];
}

export interface EmulatedView {
  id: string;
  hash: string;
  externalId?: string;
  userId: string;
  rootViewId: string;
  previousViewId?: string;
  /** The view as the app last sent it (type, title, blocks, private_metadata, callback_id, …). */
  view: Record<string, unknown>;
  /** Set when the app answered a submission with response_action errors. */
  errors?: Record<string, string>;
  openedAt: number;
}

export type ViewAckOutcome =
  | { kind: 'closed' }
  | { kind: 'cleared' }
  | { kind: 'updated'; view: EmulatedView }
  | { kind: 'pushed'; view: EmulatedView }
  | { kind: 'errors'; errors: Record<string, string> }
  /** Slack would show the user a generic error: the ack was not a valid response_action. */
  | { kind: 'rejected'; reason: string; breaches?: string[] };

export interface FailureOptions {
  status?: number;
  retryAfterSeconds?: number;
  /** Fail only the next call whose `channel` argument is this one (others pass). */
  channel?: string;
}

interface WaitForOptions {
  timeoutMs?: number;
  message?: string;
}

export type SocketEnvelopeType = 'slash_commands' | 'interactive' | 'events_api';

/** Reasons Slack gives in a `disconnect` message before it drops a Socket Mode connection. */
type SocketDisconnectReason = 'warning' | 'refresh_requested' | 'link_disabled';

export interface SocketAck {
  /** The ack's payload as the app sent it; undefined when the ack carried no payload field. */
  ack: Record<string, unknown> | undefined;
  /** Time from sending the envelope to its ack; Slack gives up after 3000 ms. */
  ackMs: number;
}

/** The Socket Mode side of the emulator: WebSocket connections opened via apps.connections.open. */
export interface SocketModeControl {
  /** True while a connection that got its hello, and was not told to disconnect, is open. */
  connected(): boolean;
  /** Resolves once connected() is true; rejects with WaitForTimeoutError (default 2000 ms). */
  waitForConnection(timeoutMs?: number): Promise<void>;
  /** Sends an envelope with a fresh envelope_id on the newest live connection; resolves on its ack. */
  send(type: SocketEnvelopeType, payload: Record<string, unknown>): Promise<SocketAck>;
  /** Sends `disconnect` on every live connection; they no longer count as connected. */
  disconnect(reason: SocketDisconnectReason): void;
}

export interface SlackEmulator {
  /** e.g. http://127.0.0.1:PORT/api/ (trailing slash; use as SLACK_API_URL). */
  apiUrl: string;
  baseUrl: string;
  identity: EmulatorIdentity;
  calls: RecordedCall[];
  responsePosts: ResponseUrlPost[];
  /** messageTs names the message that replace_original/delete_original act on (set for button clicks). */
  mintResponseUrl(context?: {
    channelId?: string;
    userId?: string;
    messageTs?: string;
    commandText?: string;
  }): string;
  /** viewId: the modal the interaction came from, so views.push knows which stack to grow. */
  mintTriggerId(context?: { userId?: string; viewId?: string }): string;
  users: Map<string, EmulatedUser>;
  channels: Map<string, EmulatedChannel>;
  usergroups: Map<string, EmulatedUserGroup>;
  /** The Home tab each user was last published (views.publish), by user id. */
  homes: Map<string, Record<string, unknown>>;
  messages(channelId: string): EmulatedMessage[];
  /**
   * A thread as everyone in the channel sees it (conversations.replies): the parent, then its
   * replies, oldest first. A reply's ts names its thread too; [] when there is no such message.
   */
  thread(channelId: string, ts: string): EmulatedMessage[];
  /**
   * A person posts in Slack's client (no Web API call stands for it). Throws
   * PersonActionRefusedError with Slack's error code where Slack would refuse (not a member,
   * thread_not_found, msg_too_long, …).
   */
  postUserMessage(input: UserMessageInput): EmulatedMessage;
  /** /invite: adds a person or the bot to a channel and posts the channel_join line; refusals throw. */
  joinChannel(input: JoinInput): EmulatedMessage;
  /** Driver hook: links of a message sent to the app in link_shared, which chat.unfurl may then unfurl. */
  recordSharedLinks(input: { channelId: string; messageTs: string; urls: string[] }): SharedLinks;
  /**
   * Driver hook: a workflow reaches one of the app's steps. The execution gets its id and its own
   * bot token; it is running until the app calls functions.completeSuccess or completeError.
   */
  startFunctionExecution(input: {
    callbackId: string;
    teamId: string;
    inputs: Record<string, unknown>;
    /** The step as the manifest declares it: outputs are then checked against it, as Slack does. */
    definition?: FunctionDefinition | undefined;
  }): FunctionExecution;
  functionExecution(executionId: string): FunctionExecution | undefined;
  /** Every step run since the last reset, oldest first. */
  functionExecutions(): FunctionExecution[];
  views: Map<string, EmulatedView>;
  failNext(method: string, error: string, opts?: FailureOptions): void;
  /**
   * The next call of `method` takes effect at once (a message is posted) but its HTTP answer is
   * held for `ms`: a caller killed meanwhile never learns it succeeded.
   */
  holdNextReply(method: string, ms: number): void;
  /**
   * Enforces Slack's chat.postMessage limit of about one message per second per channel: a post
   * sooner than `intervalMs` after the channel's last accepted one gets 429 with Retry-After (in
   * whole seconds, as Slack sends it). 0 turns it off. `limited` counts the 429s sent.
   */
  limitChannelPosts(intervalMs: number): void;
  readonly rateLimits: { limited: number };
  waitFor<T>(pick: () => T | undefined | false, opts?: WaitForOptions): Promise<T>;
  on(event: 'change', listener: () => void): () => void;
  /** Driver hook: a slash command's non-empty ack body is shown as Slack shows it (ephemeral by default). */
  applyCommandAck(responseUrl: string, body: Record<string, unknown>): void;
  /** Driver hook: apply a view_submission ack (empty → close, response_action update/push/clear/errors). */
  applyViewAck(viewId: string, body: Record<string, unknown> | undefined): ViewAckOutcome;
  /** Driver hook: the user closed the view (clear: the X, which closes the whole stack). */
  closeView(viewId: string, opts?: { clear?: boolean }): void;
  /** Socket Mode: envelopes to the app over WebSocket, acks back. */
  socket: SocketModeControl;
  /** The client credentials oauth.v2.access accepts. */
  oauthClient: { clientId: string; clientSecret: string };
  /**
   * Registers another workspace with its own bot token (or returns the one already registered under
   * that id). Every Web API method then accepts that token and answers as that workspace (auth.test
   * reports its team). Users and channels without a teamId stay one shared world; a channel with a
   * teamId is that workspace's own (see EmulatedChannel.teamId).
   */
  addTeam(team: TeamInput): EmulatorIdentity;
  /** A registered workspace by team id (the first one is `identity`). */
  team(teamId: string): EmulatorIdentity | undefined;
  /**
   * Simulates a user approving the app at slack.com/oauth/v2/authorize: a single-use code for
   * oauth.v2.access, expiring after oauthCodeTtlMs. Registers the team if it is new.
   */
  mintOAuthCode(input: OAuthCodeInput): string;
  /** Also forgets added workspaces and unused OAuth codes. */
  reset(): void;
  close(): Promise<void>;
}
