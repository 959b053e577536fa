import { declareSubcommand } from '../command/subcommand.js';
import { changePolicy, showPolicy } from './commands.js';

/** `/exp policy`: anyone reads it; with words after it (parsed by changePolicy), admins change it. */
export const policySubcommand = declareSubcommand({
  name: 'policy',
  parse: ({ args }) => ({ kind: 'policy', change: args.length > 0, args: [...args] }),
  access: {
    kind: 'read-unless',
    acting: (parsed) => parsed.change,
    rule: { kind: 'admin', action: 'policy', refusal: (messages) => messages.policy.adminOnly },
  },
  opensModal: false,
  changesHome: true,
  help: ['policy'],
  examples: ['policy', 'policy set start nobody'],
  handle: (ctx, parsed) => (parsed.change ? changePolicy(ctx, parsed.args) : showPolicy(ctx)),
});
