import type { Context } from '@slack/bolt';
import { scopeOf } from '../request-scope.js';
import { type ParsedCommand, type ParsedRequest, readCommand } from './parse-command.js';

// The `/exp` text is parsed once, by the first middleware of the command's chain; later middleware
// (access checks) and the router read the result from the request's scope.

/** The same parse by request body, for the ack-latency label (ack-latency.ts), which has no context. */
const byBody = new WeakMap<object, ParsedCommand>();

export function rememberCommand(context: Context, text: string, body?: object): ParsedCommand {
  const request = readCommand(text);
  scopeOf(context).command = request;
  if (body) byBody.set(body, request.parsed);
  return request.parsed;
}

/** The parse rememberCommand made for this body, if it ran (it runs before any ack of `/exp`). */
export function parsedFor(body: object): ParsedCommand | undefined {
  return byBody.get(body);
}

/** The parsed request, bound to its subcommand's declaration (access, modal, Home tab, handler). */
export function requestOf(context: Context): ParsedRequest {
  const request = scopeOf(context).command;
  if (!request) throw new Error('the /exp command was not parsed before this middleware');
  // Only rememberCommand sets it, with readCommand's request.
  return request as ParsedRequest;
}
