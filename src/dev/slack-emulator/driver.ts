import { request } from 'undici';
import { checkBlockKitLimits } from './block-kit/check-limits.js';
import { ActionNotFoundError, ViewBlockNotFoundError, ViewNotOpenError } from './errors.js';
import { functionExecutedCallback, userContextOf } from './function-executed.js';
import {
  asList,
  blocksOf,
  envelope,
  findElement,
  initialStateOf,
  messageBlockActions,
  mintCommand,
  type PayloadOrigin,
  responseUrlsFor,
  userRef,
  viewBlockActions,
} from './interaction-payloads.js';
import { prepareLinkShare, type ShareLinkInput } from './link-shared.js';
import { isRecord, parseJson } from './request-body.js';
import { EMULATOR_DEFAULTS } from './seed.js';
import { signSlackRequest } from './signature.js';
import type {
  EmulatedMessage,
  EmulatedView,
  FunctionDefinition,
  FunctionExecution,
  SlackEmulator,
  ViewAckOutcome,
} from './types.js';
import { viewToApi } from './views.js';

export { signSlackRequest } from './signature.js';

export interface SlackDriverOptions {
  /** e.g. http://127.0.0.1:3000/slack/events */
  appUrl: string;
  signingSecret: string;
  emulator: SlackEmulator;
  teamId?: string;
  enterpriseId?: string;
  apiAppId?: string;
  /**
   * The app's unfurl domains (the manifest's features.unfurl_domains): shareLink sends link_shared
   * only for links on them or their subdomains, as Slack does. Unset: every link is sent.
   */
  unfurlDomains?: readonly string[];
}

export interface DriverResponse {
  status: number;
  body: string;
  json?: unknown;
  /** The answer's content type: Slack reads a body as a message's JSON only under application/json. */
  contentType?: string | undefined;
  /** Time until the app answered; Slack gives up after 3000 ms. */
  ackMs: number;
}

interface CommandResult extends DriverResponse {
  responseUrl: string;
  triggerId: string;
}

interface ViewSubmitResult extends DriverResponse {
  /** What the emulator did with the ack (closed, updated, pushed, errors shown, or rejected). */
  outcome: ViewAckOutcome;
}

interface SuggestResult extends DriverResponse {
  /** Block Kit limit breaches in the options the app returned (Slack would show none of them). */
  breaches: string[];
}

interface ShareLinkResult {
  /** The person's message, as the emulator stored it. */
  message: EmulatedMessage;
  /** The event_callback sent; undefined when no link was on an unfurl domain (Slack sends nothing). */
  event: Record<string, unknown> | undefined;
  /** The app's answer to the event; undefined when nothing was sent. */
  response: DriverResponse | undefined;
}

export interface RunStepInput {
  /** The step's callback_id (a key of the manifest's `functions`). */
  callbackId: string;
  /** The inputs as the workflow wired them. */
  inputs?: Record<string, unknown>;
  /** The person who used the workflow: fills the user_context input, as Slack does. */
  ranBy?: string;
  /** The step as the manifest declares it (definitionFromManifest): outputs are checked against it. */
  definition?: FunctionDefinition;
  /** The workspace (and organisation) the workflow runs in; default the driver's. */
  teamId?: string;
  enterpriseId?: string;
}

export interface RunStepResult extends DriverResponse {
  /** Running until the app completes or fails it; see SlackEmulator.functionExecution. */
  execution: FunctionExecution;
}

export interface SlackDriver {
  command(input: {
    text: string;
    userId?: string;
    channelId?: string;
    command?: string;
    teamId?: string;
  }): Promise<CommandResult>;
  interaction(payload: Record<string, unknown>): Promise<DriverResponse>;
  clickButton(
    message: EmulatedMessage,
    actionId: string,
    opts?: { userId?: string; value?: string },
  ): Promise<CommandResult>;
  submitView(
    viewId: string,
    values: Record<string, Record<string, unknown>>,
    opts?: { userId?: string },
  ): Promise<ViewSubmitResult>;
  /** Cancel (or the X with clear: true). Slack sends view_closed only if the view set notify_on_close. */
  closeView(viewId: string, opts?: { clear?: boolean }): Promise<DriverResponse & { sent: boolean }>;
  /**
   * An action inside a view. `values`: the view's other inputs as the person left them, sent in
   * view.state.values with the action as Slack does (a page that keeps its own inputs passes them).
   */
  viewAction(
    viewId: string,
    blockId: string,
    actionId: string,
    action: Record<string, unknown>,
    opts?: { values?: Record<string, Record<string, unknown>> },
  ): Promise<DriverResponse>;
  suggestOptions(viewId: string, blockId: string, actionId: string, value: string): Promise<SuggestResult>;
  /** A click on a button of the person's Home tab (as last published with views.publish). */
  homeAction(userId: string, blockId: string, actionId: string): Promise<DriverResponse>;
  /** Any Events API body (an event_callback), as JSON signed the way Slack signs it. */
  event(body: Record<string, unknown>): Promise<DriverResponse>;
  /**
   * A person posts a message with links: the emulator stores it, then the app gets link_shared for
   * the links on its unfurl domains, which it may answer with chat.unfurl.
   */
  shareLink(input: ShareLinkInput): Promise<ShareLinkResult>;
  /**
   * A workflow reaches one of the app's custom steps: the emulator starts an execution (its id and
   * its own bot token) and the app gets function_executed, signed like every event. The step has
   * ended once the app called functions.completeSuccess or completeError (execution.state).
   */
  runStep(input: RunStepInput): Promise<RunStepResult>;
  raw(body: string, headers: Record<string, string>): Promise<{ status: number; body: string }>;
  /**
   * A slash command's form as Slack posts it, with its own response_url and trigger_id, for
   * `signed`: sent more than once, it is a replay.
   */
  commandForm(input: Parameters<SlackDriver['command']>[0]): string;
  /** Posts a form body signed as Slack signs it, at this moment; `headers` are added (a retry's). */
  signed(body: string, headers?: Record<string, string>): Promise<DriverResponse>;
}

/** Talks to the app the way Slack does: signed form posts to its request URL, built from emulator state. */
export function createSlackDriver(options: SlackDriverOptions): SlackDriver {
  const emu = options.emulator;
  const viewState = new Map<string, Record<string, Record<string, unknown>>>();
  const origin = (userId: string, teamId?: string): PayloadOrigin => ({
    teamId: teamId ?? options.teamId ?? emu.identity.teamId,
    teamDomain: emu.identity.teamDomain,
    enterpriseId: options.enterpriseId ?? emu.identity.enterpriseId,
    apiAppId: options.apiAppId ?? emu.identity.appId,
    user: userRef(emu.users, userId),
  });
  // The installation the driver's team talks to: views name it in app_installed_team_id, which Bolt
  // authorizes on (OAuth mode). A team the emulator does not know shares the first workspace's.
  const installedIn = () =>
    (options.teamId === undefined ? undefined : emu.team(options.teamId)) ?? emu.identity;
  const openView = (viewId: string): EmulatedView => {
    const view = emu.views.get(viewId);
    if (!view) throw new ViewNotOpenError(viewId);
    return view;
  };
  // Values the user has entered so far, kept only for blocks the view still has.
  const stateOf = (view: EmulatedView) => {
    const blockIds = new Set(blocksOf(view).map((b) => b.block_id));
    const entries = Object.entries(viewState.get(view.id) ?? {}).filter(([id]) => blockIds.has(id));
    // Untouched inputs report their initial values, as in Slack's view.state.values.
    return { ...initialStateOf(view), ...Object.fromEntries(entries) };
  };
  const remember = (viewId: string, values: Record<string, Record<string, unknown>>) => {
    const state = viewState.get(viewId) ?? {};
    for (const [blockId, actions] of Object.entries(values))
      state[blockId] = { ...state[blockId], ...actions };
    viewState.set(viewId, state);
  };
  const raw = async (body: string, headers: Record<string, string>) => {
    const started = performance.now();
    const res = await request(options.appUrl, { method: 'POST', headers, body, headersTimeout: 15_000 });
    const text = await res.body.text();
    const type = res.headers['content-type'];
    const contentType = typeof type === 'string' ? type : undefined;
    return { status: res.statusCode, body: text, contentType, ackMs: performance.now() - started };
  };
  const post = async (
    body: string,
    type = 'application/x-www-form-urlencoded',
    extra: Record<string, string> = {},
  ): Promise<DriverResponse> => {
    const timestamp = Math.floor(Date.now() / 1000);
    const res = await raw(body, {
      'content-type': type,
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': signSlackRequest(options.signingSecret, timestamp, body),
      ...extra,
    });
    const json = parseJson(res.body);
    return json === undefined ? res : { ...res, json };
  };
  const event = (body: Record<string, unknown>) => post(JSON.stringify(body), 'application/json');
  const interaction = (payload: Record<string, unknown>) =>
    post(`payload=${encodeURIComponent(JSON.stringify(payload))}`);

  return {
    async command(input) {
      const { form, responseUrl, triggerId } = mintCommand(emu, origin, input, EMULATOR_DEFAULTS);
      const res = await post(form);
      // A non-empty ack is shown to the user like a response_url reply (ephemeral unless in_channel).
      if (res.status === 200 && res.body.trim() !== '') {
        emu.applyCommandAck(responseUrl, isRecord(res.json) ? res.json : { text: res.body });
      }
      return { ...res, responseUrl, triggerId };
    },
    interaction,
    commandForm: (input) => mintCommand(emu, origin, input, EMULATOR_DEFAULTS).form,
    signed: (body, headers) => post(body, 'application/x-www-form-urlencoded', headers),
    async clickButton(message, actionId, opts = {}) {
      const current = emu.messages(message.channel).find((m) => m.ts === message.ts);
      const where = `message ${message.ts} in ${message.channel}`;
      const found = current && findElement(current.blocks, actionId);
      if (!current || !found || found.element.type !== 'button')
        throw new ActionNotFoundError(actionId, where);
      const userId = opts.userId ?? current.targetUserId ?? EMULATOR_DEFAULTS.userId;
      const responseUrl = emu.mintResponseUrl({ channelId: current.channel, userId, messageTs: current.ts });
      const triggerId = emu.mintTriggerId({ userId });
      const { element, block } = found;
      const action = {
        action_id: actionId,
        block_id: block.block_id,
        text: element.text,
        value: opts.value ?? element.value,
        ...(element.style === undefined ? {} : { style: element.style }),
        type: 'button',
      };
      const channelName = emu.channels.get(current.channel)?.name ?? 'unknown';
      const links = { responseUrl, triggerId };
      const res = await interaction(messageBlockActions(origin(userId), current, channelName, action, links));
      return { ...res, responseUrl, triggerId };
    },
    async submitView(viewId, values, opts = {}) {
      const view = openView(viewId);
      const blockIds = new Set(blocksOf(view).map((b) => b.block_id));
      for (const blockId of Object.keys(values)) {
        if (!blockIds.has(blockId)) throw new ViewBlockNotFoundError(viewId, blockId);
      }
      remember(viewId, values);
      const userId = opts.userId ?? view.userId;
      const state = stateOf(view);
      const payload = {
        type: 'view_submission',
        ...envelope(origin(userId)),
        trigger_id: emu.mintTriggerId({ userId, viewId }),
        view: viewToApi(view, installedIn(), state),
        response_urls: responseUrlsFor(emu, view, state, userId),
      };
      const res = await interaction(payload);
      const ack = res.body.trim() === '' ? undefined : isRecord(res.json) ? res.json : null;
      const outcome: ViewAckOutcome =
        res.status !== 200
          ? { kind: 'rejected', reason: `HTTP ${res.status}` }
          : ack === null
            ? { kind: 'rejected', reason: 'ack body is not JSON' }
            : emu.applyViewAck(viewId, ack);
      for (const id of viewState.keys()) if (!emu.views.has(id)) viewState.delete(id);
      return { ...res, outcome };
    },
    async closeView(viewId, opts = {}) {
      const view = openView(viewId);
      const target = opts.clear ? openView(view.rootViewId) : view;
      const sent = view.view.notify_on_close === true;
      const payload = {
        type: 'view_closed',
        ...envelope(origin(view.userId)),
        view: viewToApi(target, installedIn(), stateOf(target)),
        is_cleared: opts.clear === true,
      };
      const res = sent ? await interaction(payload) : { status: 0, body: '', ackMs: 0 };
      emu.closeView(viewId, { clear: opts.clear === true });
      return { ...res, sent };
    },
    async homeAction(userId, blockId, actionId) {
      const home = emu.homes.get(userId);
      const found = home && findElement(home.blocks, actionId, blockId);
      if (!home || !found) throw new ActionNotFoundError(actionId, `the Home tab of ${userId}`);
      const { element } = found;
      const payload = viewBlockActions(
        origin(userId),
        { id: `VHOME${userId}`, team_id: emu.identity.teamId, ...home, type: 'home', state: { values: {} } },
        // As a message button's: its text and value go with it.
        { type: 'button', block_id: blockId, action_id: actionId, text: element.text, value: element.value },
        emu.mintTriggerId({ userId }),
      );
      return interaction(payload);
    },
    async viewAction(viewId, blockId, actionId, action, opts = {}) {
      const view = openView(viewId);
      if (!findElement(view.view.blocks, actionId, blockId))
        throw new ActionNotFoundError(actionId, `view ${viewId}`);
      if (opts.values) remember(viewId, opts.values);
      remember(viewId, { [blockId]: { [actionId]: action } });
      const payload = viewBlockActions(
        origin(view.userId),
        viewToApi(view, installedIn(), stateOf(view)),
        { ...action, block_id: blockId, action_id: actionId },
        emu.mintTriggerId({ userId: view.userId, viewId }),
      );
      return interaction(payload);
    },
    async suggestOptions(viewId, blockId, actionId, value) {
      const view = openView(viewId);
      if (!findElement(view.view.blocks, actionId, blockId))
        throw new ActionNotFoundError(actionId, `view ${viewId}`);
      const payload = {
        type: 'block_suggestion',
        ...envelope(origin(view.userId)),
        container: { type: 'view', view_id: viewId },
        action_id: actionId,
        block_id: blockId,
        value,
        view: viewToApi(view, installedIn(), stateOf(view)),
      };
      const res = await interaction(payload);
      const json = res.json;
      const breaches = isRecord(json)
        ? checkBlockKitLimits({
            kind: 'options',
            options: asList(json.options),
            option_groups: asList(json.option_groups),
          })
        : ['the options response is not a JSON object'];
      return { ...res, breaches };
    },
    event,
    async shareLink(input) {
      const { message, event: body } = prepareLinkShare(emu, origin, input, options.unfurlDomains);
      return { message, event: body, response: body === undefined ? undefined : await event(body) };
    },
    async runStep(input) {
      const teamId = input.teamId ?? options.teamId ?? emu.identity.teamId;
      const userContext = input.ranBy === undefined ? {} : { user_context: userContextOf(input.ranBy) };
      const execution = emu.startFunctionExecution({
        callbackId: input.callbackId,
        teamId,
        inputs: { ...userContext, ...input.inputs },
        definition: input.definition,
      });
      const installed = emu.team(teamId) ?? emu.identity;
      const body = functionExecutedCallback(
        {
          teamId,
          enterpriseId: input.enterpriseId ?? options.enterpriseId ?? emu.identity.enterpriseId,
          apiAppId: options.apiAppId ?? emu.identity.appId,
          botUserId: installed.botUserId,
        },
        execution,
      );
      return { ...(await event(body)), execution };
    },
    raw: async (body, headers) => {
      const res = await raw(body, headers);
      return { status: res.status, body: res.body };
    },
  };
}
