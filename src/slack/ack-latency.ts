import type { ReceiverEvent } from '@slack/bolt';
import type { Metrics } from '../observability/metrics.js';
import { parseCommand } from './command/parse-command.js';
import { parsedFor } from './command/parsed-context.js';

// Payload types Slack sends; anything else is counted as `other`, so a label value never comes from
// free text.
const PAYLOAD_TYPES = new Set([
  'block_actions',
  'block_suggestion',
  'view_submission',
  'view_closed',
  'shortcut',
  'message_action',
  'event_callback',
]);

/**
 * Records exp_ack_duration_seconds: from the moment the receiver hands the app a verified request
 * to the moment a listener (or Bolt itself) acks it, labelled with the `/exp` subcommand kind or the
 * payload type. Every receiver of the app (HTTP, OAuth, Socket Mode) passes its events through this
 * before app.processEvent: a global middleware cannot do it, because Bolt gives each middleware a
 * copy of the listener arguments, so an ack replaced there never reaches the listeners.
 */
export function timeAcks(metrics: Metrics): (event: ReceiverEvent) => ReceiverEvent {
  return (event) => {
    const received = performance.now();
    let acked = false;
    const ack: ReceiverEvent['ack'] = (response) => {
      // Observed when ack is called, before the response is written: the sample exists as soon as
      // Slack (or a test) can see the answer.
      if (!acked) {
        acked = true;
        metrics.observe(
          'exp_ack_duration_seconds',
          { kind: kindOf(event.body) },
          (performance.now() - received) / 1000,
        );
      }
      return event.ack(response);
    };
    return { ...event, ack };
  };
}

/** The subcommand kind for a slash command (the same parse the router makes), else the payload type. */
function kindOf(body: Record<string, unknown>): string {
  if (typeof body.command === 'string')
    return (parsedFor(body) ?? parseCommand(typeof body.text === 'string' ? body.text : '')).kind;
  return typeof body.type === 'string' && PAYLOAD_TYPES.has(body.type) ? body.type : 'other';
}
