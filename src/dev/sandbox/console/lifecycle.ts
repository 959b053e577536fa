import { json, parseJson, type SandboxReply, text } from '../http-io.js';
import { cannotPerformAction, experimentNotFoundForAction, validationBody } from '../model/error-bodies.js';
import {
  ConsoleStopExperimentRequest,
  LIFECYCLE_ACTIONS,
  type LifecycleAction,
} from '../model/interface-values.js';
import { nextStatus } from '../model/statuses.js';
import type { SandboxState } from '../state.js';
import { zodFieldErrors } from './field-errors.js';

// POST /experiments/v1/{id}/{start|stop|archive|unarchive}. The 404 and 400 texts are the
// interface's, byte for byte; the transition table is the sandbox's (model/statuses.ts).

export function isLifecycleAction(s: string): s is LifecycleAction {
  return (LIFECYCLE_ACTIONS as readonly string[]).includes(s);
}

export function runLifecycleAction(
  state: SandboxState,
  id: number,
  action: LifecycleAction,
  raw: string,
): SandboxReply {
  const parsed = parseJson(raw);
  if (!parsed.ok) return json(400, validationBody([{ field: '(body)', message: parsed.message }]));
  let stop: ConsoleStopExperimentRequest = {};
  if (action === 'stop' && parsed.value !== undefined && parsed.value !== null) {
    const checked = ConsoleStopExperimentRequest.safeParse(parsed.value);
    if (!checked.success) return json(400, validationBody(zodFieldErrors(checked.error)));
    stop = checked.data;
  }
  // ASSUMPTION: start, archive and unarchive take no payload; a JSON body sent anyway is ignored
  // (malformed JSON is still a validation 400, like on every endpoint).
  const exp = state.experiments.get(id);
  if (!exp) return text(404, experimentNotFoundForAction(id, action));
  const next = nextStatus(action, exp);
  if (next === undefined) return text(400, cannotPerformAction(id, action, exp.status));
  state.experiments.set(id, {
    ...exp,
    status: next,
    ...(action === 'stop'
      ? {
          interruptReason: stop.interruptReason ?? null,
          interruptReasonComment: stop.interruptReasonComment ?? null,
        }
      : {}),
    updatedAt: new Date().toISOString(),
  });
  return json(200, { ok: true });
}
