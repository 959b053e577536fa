import { escapeMrkdwn, md } from '../blocks/escape.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';

/** The answer to an action refused because the process has too many in flight: nothing was sent. */
export function busyReply(
  deps: Pick<SlackDeps, 'messages'>,
  action: string,
  experimentId: number,
): SlackMessage {
  return textMessage(deps.messages.errors.busy({ action: md`*${escapeMrkdwn(action)}*`, experimentId }));
}
