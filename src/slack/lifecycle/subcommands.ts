import { stopReasonOfCommand } from '../../core/stop-reason.js';
import {
  invalid,
  type ParseInput,
  parseSingleId,
  parseStopReason,
  requireId,
  restAfter,
} from '../command/parse-args.js';
import type { ParsedCommand } from '../command/parse-command.js';
import { declareSubcommand } from '../command/subcommand.js';
import { unescapeSlackText } from '../command/unescape-text.js';
import { openStopModal } from '../stop/open-modal.js';
import { refusedForOtherComment } from '../stop/other-comment.js';
import { runLifecycleCommand } from './commands.js';

type Simple = 'start' | 'archive' | 'unarchive';

/** `/exp start|archive|unarchive ID`: the result is posted in the channel. */
function simpleAction(action: Simple) {
  return declareSubcommand({
    name: action,
    parse: (input) => {
      const id = parseSingleId(action, input);
      return id.ok ? { kind: 'lifecycle', action, experimentId: id.id } : id.result;
    },
    access: { kind: 'policy', action },
    opensModal: false,
    changesHome: false,
    help: [action],
    examples: [`${action} 3`],
    handle: (ctx, parsed) => runLifecycleCommand(ctx, parsed.action, parsed.experimentId),
  });
}

export const startSubcommand = simpleAction('start');
export const archiveSubcommand = simpleAction('archive');
export const unarchiveSubcommand = simpleAction('unarchive');

type StopRequest = Extract<ParsedCommand, { kind: 'stop' | 'stop-modal' }>;

function parseStop({ text, tokens }: ParseInput): StopRequest | ReturnType<typeof invalid> {
  const id = requireId('stop', tokens[1]);
  if (!id.ok) return id.result;
  const reasonToken = tokens[2];
  if (reasonToken === undefined) return { kind: 'stop-modal', experimentId: id.id };
  const reason = parseStopReason(reasonToken.text);
  if (reason === undefined) return invalid('stop', 'bad-reason', reasonToken.text, id.id);
  // Sent to the platform as the person wrote it, not in Slack's escaped forms.
  const comment = unescapeSlackText(restAfter(text, reasonToken));
  // A comment for Other is the workspace policy's to require (src/slack/stop/other-comment.ts), not
  // the parser's: the interface makes it optional.
  return comment === ''
    ? { kind: 'stop', experimentId: id.id, reason }
    : { kind: 'stop', experimentId: id.id, reason, comment };
}

/** `/exp stop ID` opens the stop modal; `/exp stop ID REASON [comment…]` stops without it. */
export const stopSubcommand = declareSubcommand({
  name: 'stop',
  parse: parseStop,
  access: { kind: 'policy', action: 'stop' },
  opensModal: (parsed) => parsed.kind === 'stop-modal',
  changesHome: false,
  help: ['stop', 'stopWithReason'],
  examples: ['stop 3', 'stop 3 bug guests must not stop this'],
  handle: async (ctx, parsed) => {
    if (parsed.kind === 'stop-modal') return openStopModal(ctx, parsed.experimentId);
    const stop = stopReasonOfCommand(parsed.reason, parsed.comment);
    if (await refusedForOtherComment(ctx, parsed.experimentId, stop)) return;
    return runLifecycleCommand(ctx, 'stop', parsed.experimentId, stop);
  },
});
