import type { Identity } from '../../core/connections.js';
import type { PerformedKind } from '../../core/lifecycle/ports.js';
import type { LifecycleRequest } from '../../core/run-action.js';
import type { SafeText } from '../blocks/escape.js';
import type { Speaking } from '../locale/scope.js';
import type { LifecycleSurface } from './surface.js';

/**
 * The one path every lifecycle trigger takes (slash command, button, stop modal, approval), through
 * the domain's use-case (core/lifecycle/perform-action.ts): the channel hears what happened (into
 * the experiment's thread, whose parent shows the current state) or the person what went wrong; a
 * done action is then alerted to the subscribed channels.
 */
export interface PerformedLifecycle {
  kind: PerformedKind;
  /** What happened, in one line (the channel's, or what the person was told). */
  line: SafeText;
  /** Whose token acted, when one did (for the audit trail). */
  identity?: Identity | undefined;
  /** For a failed action: the platform error's kind. */
  why?: string | undefined;
  /** It may have been applied: nobody is told it was or was not. */
  unknown?: boolean | undefined;
  /** A stored request's run: ends its intent, once the request's end is written. */
  releaseIntent?: (() => Promise<void>) | undefined;
}

/**
 * The lifecycle service: performs a request and tells its outcome in the languages it is given (the
 * request's, job's or sweep's at hand). Built once for the process (compose), so a feature that runs
 * actions takes this one service and its language rather than the stores the path uses.
 */
export interface LifecycleService {
  perform(
    speaking: Speaking,
    request: LifecycleRequest,
    surface: LifecycleSurface,
    /** The caller already took one of the process's action slots for it (given back here); else one is taken here. */
    slotHeld?: boolean,
  ): Promise<PerformedLifecycle>;
}
