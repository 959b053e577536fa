import { ActionNotFoundError } from './errors.js';
import {
  findElement,
  messageBlockActions,
  mintCommand,
  type PayloadOrigin,
  userRef,
} from './interaction-payloads.js';
import { prepareLinkShare, type ShareLinkInput } from './link-shared.js';
import { EMULATOR_DEFAULTS } from './seed.js';
import type { EmulatedMessage, SlackEmulator, SocketAck } from './types.js';

export interface SocketModeDriverOptions {
  emulator: SlackEmulator;
  teamId?: string;
  enterpriseId?: string;
  apiAppId?: string;
  /** As SlackDriverOptions.unfurlDomains: links elsewhere are not sent. Unset: every link is sent. */
  unfurlDomains?: readonly string[];
}

interface SocketShareLinkResult {
  message: EmulatedMessage;
  /** The event_callback sent in an events_api envelope; undefined when none was (no unfurl domain). */
  event: Record<string, unknown> | undefined;
  ack: SocketAck | undefined;
}

interface SocketCommandResult extends SocketAck {
  responseUrl: string;
  triggerId: string;
}

export interface SocketModeDriver {
  command(input: {
    text: string;
    userId?: string;
    channelId?: string;
    command?: string;
    teamId?: string;
  }): Promise<SocketCommandResult>;
  /** Any interactive payload (block_actions, view_submission, block_suggestion, …) in an envelope. */
  interaction(payload: Record<string, unknown>): Promise<SocketAck>;
  /** A click on a button of a message the emulator holds, as block_actions. */
  clickButton(
    message: EmulatedMessage,
    actionId: string,
    opts?: { userId?: string; value?: string },
  ): Promise<SocketCommandResult>;
  /** Any Events API body (an event_callback) in an events_api envelope. */
  event(body: Record<string, unknown>): Promise<SocketAck>;
  /** A person posts a message with links; link_shared goes over the socket (see SlackDriver.shareLink). */
  shareLink(input: ShareLinkInput): Promise<SocketShareLinkResult>;
}

/**
 * Talks to an app in Socket Mode the way Slack does: envelopes over the app's WebSocket, built from the
 * same payload builders as the HTTP driver, so both modes see identical fields.
 */
export function createSocketModeDriver(options: SocketModeDriverOptions): SocketModeDriver {
  const emu = options.emulator;
  const origin = (userId: string, teamId?: string): PayloadOrigin => ({
    teamId: teamId ?? options.teamId ?? emu.identity.teamId,
    teamDomain: emu.identity.teamDomain,
    enterpriseId: options.enterpriseId ?? emu.identity.enterpriseId,
    apiAppId: options.apiAppId ?? emu.identity.appId,
    user: userRef(emu.users, userId),
  });

  return {
    async command(input) {
      const { form, responseUrl, triggerId } = mintCommand(emu, origin, input, EMULATOR_DEFAULTS);
      // Over the socket the command's form fields arrive as a JSON object of strings
      // (test/fixtures/slack/socket-slash-command-envelope.json).
      const payload = Object.fromEntries(new URLSearchParams(form));
      const result = await emu.socket.send('slash_commands', payload);
      // A non-empty ack payload is shown like a response_url reply (ephemeral unless in_channel).
      if (result.ack && Object.keys(result.ack).length > 0) emu.applyCommandAck(responseUrl, result.ack);
      return { ...result, responseUrl, triggerId };
    },
    interaction: (payload) => emu.socket.send('interactive', payload),
    event: (body) => emu.socket.send('events_api', body),
    async shareLink(input) {
      const { message, event } = prepareLinkShare(emu, origin, input, options.unfurlDomains);
      return {
        message,
        event,
        ack: event === undefined ? undefined : await emu.socket.send('events_api', event),
      };
    },
    async clickButton(message, actionId, opts = {}) {
      const current = emu.messages(message.channel).find((m) => m.ts === message.ts);
      const found = current && findElement(current.blocks, actionId);
      if (!current || !found || found.element.type !== 'button') {
        throw new ActionNotFoundError(actionId, `message ${message.ts} in ${message.channel}`);
      }
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
      const payload = messageBlockActions(origin(userId), current, channelName, action, links);
      const result = await emu.socket.send('interactive', payload);
      return { ...result, responseUrl, triggerId };
    },
  };
}
