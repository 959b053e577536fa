import type { KnownBlock } from '@slack/types';
import type { ScheduledAction } from '../../core/schedule/scheduled-action.js';
import { plain, userMention } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { message, type SlackMessage, section } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { SCHEDULE_ACTIONS, SCHEDULE_BLOCKS } from './ids.js';
import { whenToken } from './when-text.js';

/** Entries shown: each is a section with its Cancel button, within Slack's 50 blocks. */
const SHOWN = 45;
const HOME_SHOWN = 10;

/** `/exp schedule [ID]`: one line per scheduled action, who scheduled it, when, with Cancel. */
export function scheduleListMessage(input: {
  entries: readonly ScheduledAction[];
  experimentId: number | undefined;
  messages: Messages;
}): SlackMessage {
  const m = input.messages.schedule;
  const { experimentId } = input;
  const title = m.listTitle({ experimentId });
  if (input.entries.length === 0)
    return message(title, [section(title), section(m.listEmpty({ experimentId }))]);
  const rows: KnownBlock[] = input.entries.slice(0, SHOWN).map((entry) => ({
    type: 'section',
    block_id: `${SCHEDULE_BLOCKS.list}:${entry.id}`,
    text: {
      type: 'mrkdwn',
      text: m.listLine({
        what: m.what({ action: entry.action, experimentId: entry.experimentId }),
        when: whenToken(new Date(entry.runAt), entry.timeZone),
        user: userMention(entry.scheduledBy),
        pending: entry.approvalId !== undefined && entry.approvedBy === undefined,
      }),
    },
    accessory: {
      type: 'button',
      action_id: SCHEDULE_ACTIONS.cancel,
      text: plain(m.cancelButton, LIMITS.buttonText),
      value: entry.id,
    },
  }));
  return message(title, [section(title), ...rows]);
}

/** The lines the experiment's card and the Home tab show of what is scheduled for it. */
export function scheduledLines(entries: readonly ScheduledAction[], messages: Messages) {
  return entries.map((entry) =>
    messages.schedule.cardLine({
      action: entry.action,
      when: whenToken(new Date(entry.runAt), entry.timeZone),
      user: userMention(entry.scheduledBy),
    }),
  );
}

/** The Home tab's lines: the workspace's next scheduled actions. */
export function homeScheduledLines(entries: readonly ScheduledAction[], messages: Messages) {
  const m = messages.schedule;
  return entries.slice(0, HOME_SHOWN).map((entry) =>
    m.listLine({
      what: m.what({ action: entry.action, experimentId: entry.experimentId }),
      when: whenToken(new Date(entry.runAt), entry.timeZone),
      user: userMention(entry.scheduledBy),
      pending: entry.approvalId !== undefined && entry.approvedBy === undefined,
    }),
  );
}
