import type { App } from '@slack/bolt';
import { requireAdminForCommands } from '../access/require-admin.js';
import type { SlackDeps } from '../deps.js';
import { workspaceFromCommand } from '../workspace.js';
import { ackWith, type CommandContext, commandReplier } from './command-context.js';
import { type CommandHandlers, dispatchCommand } from './handlers.js';
import type { ParsedKind } from './parse-command.js';
import { commandOf, rememberCommand } from './parsed-context.js';

/** `/exp` and renamed installs such as `/exp-staging`. */
export const EXP_COMMAND_PATTERN = /^\/exp(?:[-_][a-z0-9]+)?$/;

/** Connection management: workspace admins (and ADMIN_USER_IDS) only. */
export const ADMIN_COMMANDS: ReadonlySet<ParsedKind> = new Set(['connect', 'token', 'disconnect']);

/**
 * Registers `/exp` as one chain: parse once, gate admin-only subcommands, then hand the request to
 * the handler the owning feature registered for its kind.
 */
export function registerExpCommand(app: App, deps: SlackDeps, handlers: CommandHandlers): void {
  app.command(
    EXP_COMMAND_PATTERN,
    async ({ command, context, next }) => {
      const parsed = rememberCommand(context, command.text ?? '');
      deps.metrics.inc('exp_commands_total', { kind: parsed.kind });
      await next();
    },
    requireAdminForCommands(ADMIN_COMMANDS, deps),
    async ({ command, ack, respond, client, context }) => {
      const ctx: CommandContext = {
        deps,
        command,
        workspace: workspaceFromCommand(command),
        client,
        respond,
        ack: ackWith(ack as (body?: Record<string, unknown>) => Promise<void>, deps),
        replier: commandReplier(respond, deps),
      };
      await dispatchCommand(handlers, ctx, commandOf(context));
    },
  );
}
