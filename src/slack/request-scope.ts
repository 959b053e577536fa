import type { Context } from '@slack/bolt';
import type { Permit } from './access/gate.js';
import type { CommandRequest } from './command/subcommand.js';

/**
 * What one request's middleware hands on to its handler, typed and in one place: the parsed
 * `/exp` text, the access decision, the lifecycle receipt written before the ack, the action slot
 * taken for it, and whether the ack already went. Each request has its own, found by its Bolt
 * context (one object per request, passed to every middleware of its chain). The language a
 * request speaks travels with its deps instead (locale/scope.ts): jobs and sweeps, which have no
 * Bolt context, write with the same builders, and no function can reach another catalogue.
 */
export interface RequestScope {
  /** The `/exp` text parsed once by the command's first middleware (parsed-context.ts). */
  command: CommandRequest | undefined;
  /** What the access decision let this request do (access/middleware.ts). */
  permit: Permit | undefined;
  /** The intent receipt a lifecycle command wrote before its ack (exp-command.ts). */
  receipt: string | undefined;
  /** The action slot taken before the ack, until the handler that runs the action claims it. */
  slot: { state: 'held' | 'claimed'; workspace: string } | undefined;
  /** The ack went before the access check (a command that acts): replies go by response_url. */
  ackedEarly: boolean;
}

const scopes = new WeakMap<Context, RequestScope>();

/** The scope of the request whose Bolt context this is (made on first use). */
export function scopeOf(context: Context): RequestScope {
  let scope = scopes.get(context);
  if (scope === undefined) {
    scope = { command: undefined, permit: undefined, receipt: undefined, slot: undefined, ackedEarly: false };
    scopes.set(context, scope);
  }
  return scope;
}
