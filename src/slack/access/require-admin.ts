import type { Middleware, SlackCommandMiddlewareArgs, SlackViewMiddlewareArgs } from '@slack/bolt';
import { ackWith } from '../command/command-context.js';
import type { ParsedKind } from '../command/parse-command.js';
import { commandOf } from '../command/parsed-context.js';
import { adminOnlyMessage } from '../connection/replies.js';
import type { SlackDeps } from '../deps.js';
import { checkAdmin } from './admin-check.js';

// Admin-only work is gated in one place, as listener middleware: the handler behind it never runs
// for anyone else, whichever path (slash command or modal submission) the request took.

/** `/exp` subcommands only admins may run; the refusal is the command's ack. */
export function requireAdminForCommands(
  kinds: ReadonlySet<ParsedKind>,
  deps: SlackDeps,
): Middleware<SlackCommandMiddlewareArgs> {
  return async ({ command, ack, client, context, next }) => {
    if (!kinds.has(commandOf(context).kind)) return next();
    const check = await checkAdmin(client, command.user_id, deps.adminUserIds, deps.logger);
    if (!check.allowed) {
      await ackWith(
        ack as (body?: Record<string, unknown>) => Promise<void>,
        deps,
      )(adminOnlyMessage({ messages: deps.messages }));
      return;
    }
    await next();
  };
}

/** A modal submission only admins may make (checked again on arrival, not only when it opened). */
export function requireAdminForSubmission(
  deps: SlackDeps,
  errorBlockId: string,
): Middleware<SlackViewMiddlewareArgs> {
  return async ({ body, ack, client, next }) => {
    const check = await checkAdmin(client, body.user.id, deps.adminUserIds, deps.logger);
    if (!check.allowed) {
      await ack({
        response_action: 'errors',
        errors: { [errorBlockId]: String(deps.messages.connection.adminOnly) },
      });
      return;
    }
    await next();
  };
}
