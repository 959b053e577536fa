import { helpMessage } from './help-message.js';
import { helpView } from './help-view.js';
import { type DeclaredSubcommand, declareSubcommand } from './subcommand.js';

/** The words after `help` that ask for every command, marked with who may run it. */
const ALL_WORDS: ReadonlySet<string> = new Set(['all', 'все']);

/**
 * `/exp help` (also `?`, `-h`, `--help` and an empty text): what the person may run, by task;
 * `/exp help all`: every command, with who may run it. Given the command table by the list that
 * holds it (subcommands.ts), which cannot be imported from here without a cycle.
 */
export interface HelpRequest {
  kind: 'help';
  /** Every command, each with who may run it, rather than what the person may run. */
  all: boolean;
}

export function helpSubcommand(table: () => readonly DeclaredSubcommand[]): DeclaredSubcommand<HelpRequest> {
  return declareSubcommand({
    name: 'help',
    aliases: ['?', '-h', '--help'],
    // Other words after it are ignored: `/exp help me` is still a request for help.
    parse: ({ args }) => ({ kind: 'help', all: ALL_WORDS.has(args[0]?.toLowerCase() ?? '') }),
    access: { kind: 'read' },
    opensModal: false,
    changesHome: false,
    help: ['help'],
    examples: ['help', '', 'help all'],
    handle: async (ctx, parsed) =>
      ctx.ack(
        helpMessage({
          view: await helpView(ctx, parsed.all),
          declarations: table(),
          messages: ctx.deps.messages,
        }),
      ),
  });
}
