import type { CommandContext } from './command-context.js';
import type { ParsedCommand, ParsedKind } from './parse-command.js';

/** One handler per parsed `/exp` subcommand kind; each gets the parse narrowed to its kind. */
export type CommandHandler<K extends ParsedKind> = (
  ctx: CommandContext,
  parsed: Extract<ParsedCommand, { kind: K }>,
) => Promise<void>;

/**
 * What every feature's register() contributes. The composition in slack/register.ts checks with
 * `satisfies CommandHandlers` that every kind has exactly one handler.
 */
export type CommandHandlers = { [K in ParsedKind]: CommandHandler<K> };

export function dispatchCommand(
  handlers: CommandHandlers,
  ctx: CommandContext,
  parsed: ParsedCommand,
): Promise<void> {
  const handler = handlers[parsed.kind] as CommandHandler<typeof parsed.kind>;
  return handler(ctx, parsed as never);
}
