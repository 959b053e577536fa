import type { EmulatedMessage, EmulatedUser, EmulatedView, SlackEmulator } from './types.js';

// Payload shapes follow test/fixtures/slack/*.json (Slack's documented examples).

/** Who and where a payload comes from. */
export interface PayloadOrigin {
  teamId: string;
  teamDomain: string;
  enterpriseId: string | undefined;
  apiAppId: string;
  user: { id: string; name: string };
}

/** Slack still sends the deprecated verification token; nothing should check it. */
export const VERIFICATION_TOKEN = 'emulator-verification-token';

type Obj = Record<string, unknown>;

export function actionTs(): string {
  return (Date.now() / 1000).toFixed(6);
}

export function userRef(users: Map<string, EmulatedUser>, id: string): { id: string; name: string } {
  return { id, name: users.get(id)?.name ?? id };
}

/** team, user, enterprise, api_app_id and token: the fields every interaction payload carries. */
export function envelope(origin: PayloadOrigin): Obj {
  const enterprise = origin.enterpriseId;
  return {
    team: {
      id: origin.teamId,
      domain: origin.teamDomain,
      ...(enterprise === undefined ? {} : { enterprise_id: enterprise, enterprise_name: enterprise }),
    },
    user: { id: origin.user.id, username: origin.user.name, name: origin.user.name, team_id: origin.teamId },
    api_app_id: origin.apiAppId,
    token: VERIFICATION_TOKEN,
    enterprise: enterprise === undefined ? null : { id: enterprise, name: enterprise },
    is_enterprise_install: false,
  };
}

/** Slash command fields in the order of test/fixtures/slack/slash-command.form.txt. */
function commandForm(
  origin: PayloadOrigin,
  input: { channelId: string; channelName: string; command: string; text: string },
  responseUrl: string,
  triggerId: string,
): string {
  const fields: Array<[string, string]> = [
    ['token', VERIFICATION_TOKEN],
    ['team_id', origin.teamId],
    ['team_domain', origin.teamDomain],
  ];
  if (origin.enterpriseId !== undefined) {
    fields.push(['enterprise_id', origin.enterpriseId], ['enterprise_name', origin.enterpriseId]);
  }
  fields.push(
    ['channel_id', input.channelId],
    ['channel_name', input.channelName],
    ['user_id', origin.user.id],
    ['user_name', origin.user.name],
    ['command', input.command],
    ['text', input.text],
    ['response_url', responseUrl],
    ['trigger_id', triggerId],
    ['api_app_id', origin.apiAppId],
  );
  return fields.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

// Slack leaves `message` out of block_actions from ephemeral messages (only container.is_ephemeral
// says so), so an app must not rely on it there.
export function messageBlockActions(
  origin: PayloadOrigin,
  message: EmulatedMessage,
  channelName: string,
  action: Obj,
  links: { responseUrl: string; triggerId: string },
): Obj {
  const payload: Obj = {
    type: 'block_actions',
    ...envelope(origin),
    container: {
      type: 'message',
      message_ts: message.ts,
      channel_id: message.channel,
      is_ephemeral: message.ephemeral,
    },
    trigger_id: links.triggerId,
    channel: { id: message.channel, name: channelName },
    state: { values: {} },
    response_url: links.responseUrl,
    actions: [{ ...action, action_ts: actionTs() }],
  };
  if (!message.ephemeral) {
    payload.message = {
      ...(message.bot_id === undefined ? {} : { bot_id: message.bot_id }),
      type: 'message',
      text: message.text ?? '',
      user: message.user,
      ts: message.ts,
      ...(message.thread_ts === undefined ? {} : { thread_ts: message.thread_ts }),
      ...(message.blocks === undefined ? {} : { blocks: message.blocks }),
      team: origin.teamId,
    };
  }
  return payload;
}

export function viewBlockActions(origin: PayloadOrigin, view: Obj, action: Obj, triggerId: string): Obj {
  return {
    type: 'block_actions',
    ...envelope(origin),
    container: { type: 'view', view_id: view.id },
    trigger_id: triggerId,
    view,
    state: view.state,
    actions: [{ ...action, action_ts: actionTs() }],
  };
}

export function findElement(
  blocks: unknown,
  actionId: string,
  blockId?: string,
): { block: Obj; element: Obj } | undefined {
  if (!Array.isArray(blocks)) return undefined;
  for (const block of blocks as Obj[]) {
    if (blockId !== undefined && block?.block_id !== blockId) continue;
    const candidates = [
      block?.accessory,
      block?.element,
      ...(Array.isArray(block?.elements) ? block.elements : []),
    ];
    for (const element of candidates) {
      if (typeof element === 'object' && element !== null && (element as Obj).action_id === actionId) {
        return { block, element: element as Obj };
      }
    }
  }
  return undefined;
}

export function blocksOf(view: EmulatedView): Record<string, unknown>[] {
  return Array.isArray(view.view.blocks) ? (view.view.blocks as Record<string, unknown>[]) : [];
}

export function asList(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

// Slack adds response_urls only for conversations/channels selects in input blocks that set
// response_url_enabled, one per selected channel.
export function responseUrlsFor(
  emu: SlackEmulator,
  view: EmulatedView,
  state: Record<string, Record<string, unknown>>,
  userId: string,
): Record<string, unknown>[] {
  const urls: Record<string, unknown>[] = [];
  for (const block of blocksOf(view)) {
    const element = block.element as Record<string, unknown> | undefined;
    if (block.type !== 'input' || element?.response_url_enabled !== true) continue;
    const actionId = String(element.action_id);
    const selected = state[String(block.block_id)]?.[actionId] as Record<string, unknown> | undefined;
    const channelId = selected?.selected_conversation ?? selected?.selected_channel;
    if (typeof channelId !== 'string') continue;
    const responseUrl = emu.mintResponseUrl({ channelId, userId });
    urls.push({
      block_id: block.block_id,
      action_id: actionId,
      channel_id: channelId,
      response_url: responseUrl,
    });
  }
  return urls;
}

/**
 * What Slack reports in view.state.values for inputs the user has not touched: their initial
 * value, option or options (an untouched empty input reports null / no options).
 */
export function initialStateOf(view: EmulatedView): Record<string, Record<string, unknown>> {
  const state: Record<string, Record<string, unknown>> = {};
  for (const block of blocksOf(view)) {
    const element = block.element as Record<string, unknown> | undefined;
    if (block.type !== 'input' || typeof block.block_id !== 'string' || !element) continue;
    const type = String(element.type);
    const actionId = String(element.action_id);
    let value: Record<string, unknown>;
    if (type.startsWith('multi_')) value = { type, selected_options: element.initial_options ?? [] };
    else if (type.endsWith('_select')) value = { type, selected_option: element.initial_option ?? null };
    else value = { type, value: element.initial_value ?? null };
    state[block.block_id] = { [actionId]: value };
  }
  return state;
}

export interface CommandInput {
  text: string;
  userId?: string | undefined;
  channelId?: string | undefined;
  command?: string | undefined;
  teamId?: string | undefined;
}

/**
 * A slash command as Slack would send it, over HTTP or the socket alike: the form fields plus the
 * response_url and trigger_id minted for it.
 */
export function mintCommand(
  emu: SlackEmulator,
  origin: (userId: string, teamId?: string) => PayloadOrigin,
  input: CommandInput,
  defaults: { userId: string; channelId: string },
): { form: string; responseUrl: string; triggerId: string } {
  const userId = input.userId ?? defaults.userId;
  const channelId = input.channelId ?? defaults.channelId;
  const command = input.command ?? '/exp';
  const commandText = input.text === '' ? command : `${command} ${input.text}`;
  const responseUrl = emu.mintResponseUrl({ channelId, userId, commandText });
  const triggerId = emu.mintTriggerId({ userId });
  const channelName = emu.channels.get(channelId)?.name ?? 'unknown';
  const form = commandForm(
    origin(userId, input.teamId),
    { channelId, channelName, command, text: input.text },
    responseUrl,
    triggerId,
  );
  return { form, responseUrl, triggerId };
}
