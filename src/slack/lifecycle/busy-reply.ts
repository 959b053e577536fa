import { escapeMrkdwn, md } from '../blocks/escape.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';

/**
 * An action refused because the process has too many in flight: logged, counted, and the answer
 * to give the person (nothing was sent). The command path gives it in its ack, buttons and the
 * stop modal after theirs.
 */
export function refuseBusy(
  deps: Pick<SlackDeps, 'messages' | 'logger' | 'metrics'>,
  action: string,
  experimentId: number,
): SlackMessage {
  deps.logger.warn('lifecycle action refused: too many in progress', { action });
  deps.metrics.inc('exp_lifecycle_total', { action, outcome: 'busy' });
  return textMessage(deps.messages.errors.busy({ action: md`*${escapeMrkdwn(action)}*`, experimentId }));
}
