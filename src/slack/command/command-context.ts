import type { RespondFn, SlashCommand, webApi } from '@slack/bolt';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { Permit } from '../access/gate.js';
import type { SlackMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { type Replier, responseUrlReplier } from '../replies.js';
import { withNoticeBlock } from '../sandbox-notice.js';

/**
 * What one subcommand handler gets: the payload, Slack's callbacks and the app's dependencies. The
 * router passes them all; each handler names the part it uses (`CommandContext<Pick<SlackDeps, …>>`).
 */
export interface CommandContext<D> {
  deps: D;
  command: SlashCommand;
  workspace: WorkspaceRef;
  client: webApi.WebClient;
  respond: RespondFn;
  /** The HTTP ack: must be called once, before any platform call. */
  ack: (reply?: SlackMessage) => Promise<void>;
  replier: Replier;
  /** What the access decision let an acting subcommand do; throws for a subcommand that was not decided. */
  permit: () => Permit;
  /** The intent written before the ack of a lifecycle command (see IntentLog.receive). */
  receipt?: string | undefined;
  /** Takes over the action slot taken before the ack (see action-slot.ts); false when none was. */
  claimActionSlot: () => boolean;
}

export function ackWith(
  ack: (body?: Record<string, unknown>) => Promise<void>,
  deps: Pick<SlackDeps, 'messages' | 'sandboxNotice'>,
) {
  const decorate = (reply: SlackMessage) =>
    deps.sandboxNotice ? withNoticeBlock(reply, deps.messages.sandboxNotice) : reply;
  return (reply?: SlackMessage) => (reply ? ack({ response_type: 'ephemeral', ...decorate(reply) }) : ack());
}

export function commandReplier(respond: RespondFn, deps: Pick<SlackDeps, 'logger'>): Replier {
  return responseUrlReplier((message) => respond(message), deps.logger);
}
