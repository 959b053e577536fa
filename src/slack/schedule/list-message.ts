import type { KnownBlock } from '@slack/types';
import type { ActionRequest } from '../../core/requests/action-request.js';
import { requestWhat, requestWhen } from '../approvals/request-message.js';
import { md, plain, type SafeText, userMention } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { message, type SlackMessage, section } from '../blocks/message.js';
import { type ExperimentNames, NO_NAMES } from '../experiment/names.js';
import type { Messages } from '../messages/index.js';
import { SCHEDULE_ACTIONS, SCHEDULE_BLOCKS } from './ids.js';

/** Entries shown: each is a section with its Cancel button, within Slack's 50 blocks. */
const SHOWN = 45;
const HOME_SHOWN = 10;

/** Requests for one experiment (and action), or all when none is named. */
export function matchesTarget(
  request: ActionRequest,
  experimentId: number | undefined,
  action?: string | undefined,
): boolean {
  return (
    (experimentId === undefined || request.what.experimentId === experimentId) &&
    (action === undefined || request.what.action === action)
  );
}

const lineOf = (request: ActionRequest, m: Messages, names: ExperimentNames) =>
  m.schedule.listLine({
    what: requestWhat(request.what, m, names),
    when: requestWhen(request) ?? md`—`,
    user: userMention(request.requestedBy),
    pending: request.state === 'pending-approval',
  });

/** `/exp schedule [ID]`: one line per waiting request, who asked, when, with Cancel. */
export function scheduleListMessage(input: {
  entries: readonly ActionRequest[];
  experimentId: number | undefined;
  messages: Messages;
  /** The experiments' names, when the app recorded them: each line then names its experiment first. */
  names?: ExperimentNames | undefined;
}): SlackMessage {
  const m = input.messages.schedule;
  const { experimentId } = input;
  const title = m.listTitle({ experimentId });
  if (input.entries.length === 0)
    return message(title, [section(title), section(m.listEmpty({ experimentId }))]);
  const rows = input.entries
    .slice(0, SHOWN)
    .map((entry) => cancelRow(entry.id, lineOf(entry, input.messages, input.names ?? NO_NAMES), m));
  return message(title, [section(title), ...rows]);
}

/**
 * The person's own answer to scheduling: `text` (all of it when the channel did not get the notice,
 * else only what the notice lacks) with the Cancel button that takes this one back.
 */
export function scheduledReply(input: {
  text: SafeText;
  requestId: string;
  messages: Messages;
}): SlackMessage {
  return message(input.text, [cancelRow(input.requestId, input.text, input.messages.schedule)]);
}

/** One waiting request's line with the Cancel button that takes it back. */
function cancelRow(requestId: string, text: SafeText, m: Messages['schedule']): KnownBlock {
  return {
    type: 'section',
    block_id: `${SCHEDULE_BLOCKS.list}:${requestId}`,
    text: { type: 'mrkdwn', text },
    accessory: {
      type: 'button',
      action_id: SCHEDULE_ACTIONS.cancel,
      text: plain(m.cancelButton, LIMITS.buttonText),
      value: requestId,
    },
  };
}

/** The lines the experiment's card shows of what is scheduled for it. */
export function scheduledLines(entries: readonly ActionRequest[], messages: Messages) {
  return entries
    .filter((entry) => entry.runAt !== undefined && entry.what.action !== 'expose')
    .map((entry) =>
      messages.schedule.cardLine({
        action: entry.what.action as 'start' | 'stop' | 'archive' | 'unarchive',
        when: requestWhen(entry) ?? md`—`,
        user: userMention(entry.requestedBy),
      }),
    );
}

/** The Home tab's lines: the workspace's next waiting requests. */
export function homeScheduledLines(
  entries: readonly ActionRequest[],
  messages: Messages,
  names: ExperimentNames = NO_NAMES,
) {
  return entries.slice(0, HOME_SHOWN).map((entry) => lineOf(entry, messages, names));
}
