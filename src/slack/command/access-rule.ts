import type { PolicyAction } from '../../core/policy/policy.js';
import type { AdminAction } from '../access/gate.js';
import type { SafeText } from '../blocks/escape.js';
import type { Messages } from '../messages/index.js';

/**
 * What a subcommand's parser produces besides a refusal of the input: a request named by its kind.
 * Each declaration's own type is its parse result; ParsedCommand is derived from them all.
 */
export interface Parsed {
  readonly kind: string;
}

/**
 * Who may run a subcommand, declared with it. There is no default: a declaration without one does
 * not compile, so an acting subcommand can never be open to everyone by omission.
 */
export type AccessRule<P extends Parsed> =
  /** Only reads (guests included). */
  | { kind: 'read' }
  /** Only the person's own things (their token, their follows): any member. */
  | { kind: 'self' }
  /** One of the workspace policy's actions, checked in the channel (on the experiment, if named). */
  | { kind: 'policy'; action: PolicyAction }
  /** Admins only, always; `refusal` says so to anyone else. */
  | { kind: 'admin'; action: AdminAction; refusal: (messages: Messages) => SafeText }
  /** Reads unless `acting` says this parse changes something; then `rule` applies. */
  | { kind: 'read-unless'; acting: (parsed: P) => boolean; rule: AccessRule<P> };
