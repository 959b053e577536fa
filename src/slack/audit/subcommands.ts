import { declareSubcommand } from '../command/subcommand.js';
import { showAudit } from './commands.js';

/** `/exp audit [ID] [--user @x]` (arguments parsed by showAudit): the audit trail, for admins. */
export const auditSubcommand = declareSubcommand({
  name: 'audit',
  parse: ({ args }) => ({ kind: 'audit', args: [...args] }),
  access: { kind: 'admin', action: 'audit', refusal: (messages) => messages.audit.adminOnly },
  opensModal: false,
  changesHome: false,
  help: ['audit'],
  examples: ['audit', 'audit 3'],
  handle: (ctx, parsed) => showAudit(ctx, parsed.args),
});
