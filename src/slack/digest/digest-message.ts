import type { Digest, DigestAction, DigestRunning } from '../../core/alerts/digest.js';
import { ExperimentInterruptReason } from '../../core/stop-reason.js';
import { requestWhat, requestWhen } from '../approvals/request-message.js';
import { code, joinSafe, md, type SafeText, slackDate, userMention } from '../blocks/escape.js';
import { context, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import type { ExperimentNames } from '../experiment/names.js';
import { experimentRef } from '../labels/label.js';
import { stopDetails } from '../lifecycle/event-lines.js';
import type { Messages } from '../messages/index.js';
import { DIGEST_BLOCKS } from './ids.js';

const HOUR_MS = 3_600_000;
/** Lines a section of the digest lists; the rest are counted. */
const LINES_SHOWN = 15;

export interface DigestMessageInput {
  digest: Digest;
  messages: Messages;
  /** Threshold of `long`, in whole days (shown in its heading). */
  longDays?: number | undefined;
  /** Under a preview: the note only the person sees. */
  note?: SafeText | undefined;
  /** Names of the experiments the app knows: waiting and due requests name theirs first. */
  names?: ExperimentNames | undefined;
}

/** A channel's digest: its period, then each part that has something in it. */
export function digestMessage(input: DigestMessageInput): SlackMessage {
  const { digest, messages } = input;
  const d = messages.digest;
  const title = d.title({ from: slackDate(new Date(digest.from)), to: slackDate(new Date(digest.to)) });
  const parts: SafeText[][] = [
    part(
      d.happenedHeading,
      digest.happened.map((a) => happenedLine(a, messages)),
    ),
    part(
      d.runningHeading({ count: digest.running.length }),
      digest.running.map((r) => runningLine(r, digest.to, messages)),
    ),
    part(
      d.longHeading({ days: input.longDays ?? 0 }),
      digest.long.map((r) => runningLine(r, digest.to, messages)),
    ),
    part(
      d.waitingHeading,
      digest.waiting.map((w) =>
        d.waitingLine({ what: requestWhat(w.what, messages, input.names), user: userMention(w.requestedBy) }),
      ),
    ),
    part(
      d.dueHeading,
      digest.due.map((w) =>
        d.dueLine({ what: requestWhat(w.what, messages, input.names), when: requestWhen(w) ?? md`?` }),
      ),
    ),
  ].filter((lines) => lines.length > 1);
  const blocks = [
    section(title, DIGEST_BLOCKS.title),
    ...parts.map((lines, i) => section(joinSafe(lines), `${DIGEST_BLOCKS.part}${i}`)),
    input.note === undefined ? undefined : context([input.note], DIGEST_BLOCKS.note),
  ];
  return message(fallbackText([title, ...parts.flat()]), blocks);
}

/** A heading and its lines, at most LINES_SHOWN of them and a count of the rest; nothing when none. */
function part(heading: SafeText, lines: SafeText[]): SafeText[] {
  if (lines.length === 0) return [];
  const shown = lines.slice(0, LINES_SHOWN);
  if (lines.length > LINES_SHOWN) shown.push(md`• … +${lines.length - LINES_SHOWN}`);
  return [heading, ...shown];
}

function runningLine(running: DigestRunning, to: number, messages: Messages): SafeText {
  const hours = Math.max(0, Math.floor((to - running.since) / HOUR_MS));
  return messages.digest.runningLine({
    experiment: experimentRef(running.experimentId, running.name),
    days: Math.floor(hours / 24),
    hours: hours % 24,
  });
}

function happenedLine(action: DigestAction, messages: Messages): SafeText {
  const reason = ExperimentInterruptReason.safeParse(action.interruptReason);
  const why =
    action.action === 'stop'
      ? stopDetails({ reason: reason.success ? reason.data : undefined, comment: action.comment }, messages)
      : undefined;
  return messages.digest.happenedLine({
    action: action.action as 'start' | 'stop' | 'archive',
    experiment: experimentRef(action.experimentId, action.name),
    user: action.actorId ? userMention(action.actorId) : code(action.actor ?? '?', 100),
    when: slackDate(new Date(action.at)),
    why,
  });
}
