import {
  type ExperimentInterruptReason,
  overlongStopComment,
  stopReasonOfCommand,
  toRequest,
} from '../../core/stop-reason.js';
import { invalid, type ParseInput, parseStopReason, requireId, restAfter } from '../command/parse-args.js';
import { declareSubcommand } from '../command/subcommand.js';
import { unescapeSlackText } from '../command/unescape-text.js';
import { splitWhen } from '../schedule/parse-when.js';
import { openStopModal } from '../stop/open-modal.js';
import { runLifecycleCommand } from './commands.js';

type Simple = 'start' | 'archive' | 'unarchive';
/** `when`: a time phrase as typed (`in 3d`): scheduled for then (src/slack/schedule) instead of now. */
interface SimpleRequest {
  kind: 'lifecycle';
  action: Simple;
  experimentId: number;
  when?: string[];
}

/**
 * `ACTION ID [time]`: a time phrase (`in 2h`, `at 2026-12-01 10:00`) schedules it; anything else
 * after the id is refused (`start 12 13` must not start 12 alone while the user believes both were).
 */
function parseSimple(
  action: Simple,
  { text, tokens, args }: ParseInput,
): SimpleRequest | ReturnType<typeof invalid> {
  const id = requireId(action, tokens[1]);
  if (!id.ok) return id.result;
  const idToken = tokens[1];
  const words = args.slice(1);
  if (words.length === 0 || !idToken) return { kind: 'lifecycle', action, experimentId: id.id };
  const split = splitWhen(words);
  if (!split) return invalid(action, 'unexpected-args', restAfter(text, idToken), id.id);
  if (split.rest.length > 0) return invalid(action, 'unexpected-args', split.rest.join(' '), id.id);
  return { kind: 'lifecycle', action, experimentId: id.id, when: split.when };
}

/** `/exp start|archive|unarchive ID [time]`: the result is posted in the channel (then, when scheduled). */
function simpleAction(action: Simple) {
  return declareSubcommand({
    name: action,
    parse: (input) => parseSimple(action, input),
    access: { kind: 'policy', action },
    opensModal: false,
    changesHome: false,
    help: [action, 'scheduleAt'],
    examples: [`${action} 3`, `${action} 3 in 2h`],
    handle: (ctx, parsed) =>
      runLifecycleCommand(ctx, { action: parsed.action, experimentId: parsed.experimentId }, parsed.when),
  });
}

export const startSubcommand = simpleAction('start');
export const archiveSubcommand = simpleAction('archive');
export const unarchiveSubcommand = simpleAction('unarchive');

type StopRequest =
  | { kind: 'stop-modal'; experimentId: number; when?: string[] }
  | {
      kind: 'stop';
      experimentId: number;
      reason: ExperimentInterruptReason;
      comment?: string;
      when?: string[];
    };

function parseStop({ text, tokens, args }: ParseInput): StopRequest | ReturnType<typeof invalid> {
  const id = requireId('stop', tokens[1]);
  if (!id.ok) return id.result;
  // `stop ID in 3d bug "planned end"`: the time phrase comes right after the id.
  const split = splitWhen(args.slice(1));
  const when = split ? { when: split.when } : {};
  const reasonToken = tokens[2 + (split?.when.length ?? 0)];
  if (reasonToken === undefined) return { kind: 'stop-modal', experimentId: id.id, ...when };
  const reason = parseStopReason(reasonToken.text);
  if (reason === undefined) return invalid('stop', 'bad-reason', reasonToken.text, id.id);
  // Sent to the platform as the person wrote it, not in Slack's escaped forms.
  const comment = unescapeSlackText(restAfter(text, reasonToken));
  // Over the app's limit: told now, before anything is checked, sent, scheduled or held for approval.
  if (overlongStopComment(comment) !== undefined) return invalid('stop', 'comment-too-long', comment, id.id);
  // A comment for Other is the workspace policy's to require (the request's evaluation), not the
  // parser's: the interface makes it optional.
  return comment === ''
    ? { kind: 'stop', experimentId: id.id, reason, ...when }
    : { kind: 'stop', experimentId: id.id, reason, comment, ...when };
}

/** `/exp stop ID [time]` opens the stop modal; `/exp stop ID [time] REASON [comment…]` stops without it. */
export const stopSubcommand = declareSubcommand({
  name: 'stop',
  parse: parseStop,
  access: { kind: 'policy', action: 'stop' },
  opensModal: (parsed) => parsed.kind === 'stop-modal',
  changesHome: false,
  help: ['stop', 'stopWithReason', 'scheduleAt'],
  examples: ['stop 3', 'stop 3 bug guests must not stop this', 'stop 3 in 3d bug planned end'],
  handle: async (ctx, parsed) => {
    if (parsed.kind === 'stop-modal') return openStopModal(ctx, parsed.experimentId, parsed.when);
    const stop = toRequest(stopReasonOfCommand(parsed.reason, parsed.comment));
    return runLifecycleCommand(ctx, { action: 'stop', experimentId: parsed.experimentId, stop }, parsed.when);
  },
});
