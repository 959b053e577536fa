import type { Context } from '@slack/bolt';
import { type ParsedCommand, parseCommand } from './parse-command.js';

// The `/exp` text is parsed once, by the first middleware of the command's chain; later middleware
// (access checks) and the router read the result from Bolt's per-request context.

const KEY = 'expParsedCommand';

/** The same parse by request body, for the ack-latency label (ack-latency.ts), which has no context. */
const byBody = new WeakMap<object, ParsedCommand>();

export function rememberCommand(context: Context, text: string, body?: object): ParsedCommand {
  const parsed = parseCommand(text);
  context[KEY] = parsed;
  if (body) byBody.set(body, parsed);
  return parsed;
}

/** The parse rememberCommand made for this body, if it ran (it runs before any ack of `/exp`). */
export function parsedFor(body: object): ParsedCommand | undefined {
  return byBody.get(body);
}

export function commandOf(context: Context): ParsedCommand {
  const parsed = context[KEY] as ParsedCommand | undefined;
  if (!parsed) throw new Error('the /exp command was not parsed before this middleware');
  return parsed;
}
