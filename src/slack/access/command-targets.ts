import type { ParsedCommand } from '../command/parse-command.js';
import type { Messages } from '../messages/index.js';
import type { AccessTarget } from './gate.js';

/** What each `/exp` subcommand wants to do, as far as access goes. */
export function commandTarget(parsed: ParsedCommand, channelId: string, messages: Messages): AccessTarget {
  const act = (
    action: Extract<AccessTarget, { kind: 'policy' }>['action'],
    experimentId?: number,
  ): AccessTarget => ({ kind: 'policy', action, channelId, experimentId });
  switch (parsed.kind) {
    case 'lifecycle':
      return act(parsed.action, parsed.experimentId);
    case 'stop':
    case 'stop-modal':
      return act('stop', parsed.experimentId);
    case 'create':
      return act('create');
    case 'edit':
      return act('edit', parsed.experimentId);
    case 'expose':
      return act('expose');
    case 'subscribe':
    case 'unsubscribe':
      return act('subscribe');
    case 'connect':
    case 'token':
    case 'disconnect':
      return { kind: 'admin', refusal: messages.connection.adminOnly, action: parsed.kind };
    case 'login':
    case 'logout':
    case 'follow':
    case 'unfollow':
      return { kind: 'self' };
    case 'audit':
      return { kind: 'admin', refusal: messages.audit.adminOnly, action: 'audit' };
    case 'hooks':
      return { kind: 'admin', refusal: messages.hooks.adminOnly, action: 'hooks' };
    case 'policy':
      return parsed.change
        ? { kind: 'admin', refusal: messages.policy.adminOnly, action: 'policy' }
        : { kind: 'read' };
    default:
      return { kind: 'read' };
  }
}

/**
 * Subcommands that open a modal: their check must come before the modal opens (the trigger_id lives
 * 3 s from the person's click), so it runs before the ack, bounded. Every other acting subcommand is
 * acked at once and checked after, so a slow Slack never costs the person their ack.
 */
export function opensModal(parsed: ParsedCommand): boolean {
  return (
    parsed.kind === 'stop-modal' ||
    parsed.kind === 'create' ||
    parsed.kind === 'edit' ||
    parsed.kind === 'connect' ||
    parsed.kind === 'login'
  );
}
