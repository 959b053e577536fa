import type { webApi } from '@slack/bolt';
import { readWhen } from '../../core/schedule/when.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import { safe } from '../blocks/escape.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import type { AskedTime } from '../requests/draft.js';
import { zoneText } from './when-text.js';

/**
 * A time phrase (`in 3d`, `at 2026-12-01 10:00`) read in the person's Slack time zone (UTC when
 * Slack gives none), or what to tell them when it cannot be used: nothing is asked then.
 */
export async function readAskedTime(
  deps: Pick<SlackDeps, 'actors' | 'messages' | 'now'>,
  input: {
    client: Pick<webApi.WebClient, 'users'>;
    workspace: WorkspaceRef;
    userId: string;
    words: readonly string[];
  },
): Promise<{ ok: true; when: AskedTime } | { ok: false; message: SlackMessage }> {
  const person = await deps.actors.person(input.client, input.workspace, input.userId);
  const timeZone = person?.timeZone || 'UTC';
  const read = readWhen(input.words, { now: deps.now(), timeZone });
  if (read.kind === 'ok' && read.rest.length === 0) return { ok: true, when: { runAt: read.at, timeZone } };
  const reason = read.kind === 'invalid' ? read.reason : 'unreadable';
  const phrase = safe(input.words.join(' '), 200);
  return {
    ok: false,
    message: textMessage(deps.messages.schedule.refused({ reason, phrase, zone: zoneText(timeZone) })),
  };
}
