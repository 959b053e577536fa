import { declareSubcommand } from '../command/subcommand.js';
import { runHooks } from './commands.js';

/** `/exp hooks [rotate]`: the inbound hook's URL and secret (admins); the routes are in hook-route.ts. */
export const hooksSubcommand = declareSubcommand({
  name: 'hooks',
  parse: ({ args }) => ({ kind: 'hooks', args: [...args] }),
  access: { kind: 'admin', action: 'hooks', refusal: (messages) => messages.hooks.adminOnly },
  opensModal: false,
  changesHome: true,
  help: ['hooks'],
  examples: ['hooks', 'hooks rotate'],
  handle: (ctx, parsed) => runHooks(ctx, parsed.args),
});
