import type { Context } from '@slack/bolt';
import { type ParsedCommand, parseCommand } from './parse-command.js';

// The `/exp` text is parsed once, by the first middleware of the command's chain; later middleware
// (access checks) and the router read the result from Bolt's per-request context.

const KEY = 'expParsedCommand';

export function rememberCommand(context: Context, text: string): ParsedCommand {
  const parsed = parseCommand(text);
  context[KEY] = parsed;
  return parsed;
}

export function commandOf(context: Context): ParsedCommand {
  const parsed = context[KEY] as ParsedCommand | undefined;
  if (!parsed) throw new Error('the /exp command was not parsed before this middleware');
  return parsed;
}
