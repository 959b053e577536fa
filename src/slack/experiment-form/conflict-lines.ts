import type { RecordedAction } from '../../core/experiments/record.js';
import { type SafeText, safe, slackDate, userMention } from '../blocks/escape.js';
import type { Messages } from '../messages/index.js';

/**
 * One action taken while the edit form was open. Its time is a Slack date token, so each reader
 * sees it in their own zone and language; a stored time that does not parse is shown as stored.
 */
export function conflictActionLine(action: RecordedAction, messages: Messages): SafeText {
  const at = new Date(action.at);
  return messages.experimentEdit.conflictAction({
    who: action.actorId ? userMention(action.actorId) : safe(action.actor ?? '?', 80),
    action: action.action,
    at: Number.isFinite(at.getTime()) ? slackDate(at) : safe(action.at, 40),
  });
}
