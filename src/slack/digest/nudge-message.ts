import type { DigestRunning } from '../../core/alerts/digest.js';
import { plain, slackDate } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { actions, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import { experimentRef } from '../labels/label.js';
import { lifecycleButton } from '../lifecycle/buttons.js';
import type { Messages } from '../messages/index.js';
import { DIGEST_ACTIONS, DIGEST_BLOCKS } from './ids.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What names one nudge: the experiment and the start it has run since (a new run is a new nudge). */
export const nudgeKey = (running: DigestRunning): string => `${running.experimentId}:${running.since}`;

/** The nudge for an experiment past the channel's mark: Stop… (checked as every Stop… is) and a reminder. */
export function nudgeMessage(input: {
  running: DigestRunning;
  markDays: number;
  now: number;
  messages: Messages;
}): SlackMessage {
  const { running, messages } = input;
  const text = messages.digest.nudge({
    experiment: experimentRef(running.experimentId, running.name),
    days: Math.floor((input.now - running.since) / DAY_MS),
    since: slackDate(new Date(running.since)),
    mark: input.markDays,
  });
  const remind = {
    type: 'button' as const,
    action_id: DIGEST_ACTIONS.remind,
    text: plain(messages.digest.remindButton, LIMITS.buttonText),
    value: nudgeKey(running),
  };
  return message(fallbackText([text]), [
    section(text, DIGEST_BLOCKS.nudge),
    actions(
      [lifecycleButton('stop', running.experimentId, messages, 'running'), remind],
      DIGEST_BLOCKS.nudgeActions,
    ),
  ]);
}
