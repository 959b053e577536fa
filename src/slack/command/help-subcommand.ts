import { helpMessage } from './help-replies.js';
import { declareSubcommand } from './subcommand.js';

/** `/exp help` (also `?`, `-h`, `--help` and an empty text): the usage, the same for everyone. */
export const helpSubcommand = declareSubcommand({
  name: 'help',
  aliases: ['?', '-h', '--help'],
  // Words after it are ignored: `/exp help me` is still a request for help.
  parse: () => ({ kind: 'help' }),
  access: { kind: 'read' },
  opensModal: false,
  changesHome: false,
  help: ['help'],
  examples: ['help', ''],
  handle: (ctx) => ctx.ack(helpMessage({ messages: ctx.deps.messages })),
});
