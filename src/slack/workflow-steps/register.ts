import { LIFECYCLE_ACTIONS } from '../../core/lifecycle-action.js';
import type { SlackListeners } from '../listener-registry.js';
import type { WorkflowStepsDeps } from './deps.js';
import { runGetStep } from './get-step.js';
import { GET_EXPERIMENT_STEP, LIFECYCLE_STEPS } from './ids.js';
import { runLifecycleStep } from './lifecycle-step.js';
import { stepListener } from './step-run.js';

/** The Workflow Builder steps the manifest's `functions` declare, one listener per callback_id. */
export function registerWorkflowSteps(listeners: SlackListeners): void {
  for (const action of LIFECYCLE_ACTIONS) {
    const callbackId = LIFECYCLE_STEPS[action];
    listeners.function(callbackId, (deps: WorkflowStepsDeps) => [
      stepListener(deps, callbackId, (step) => runLifecycleStep(deps, action, step)),
    ]);
  }
  listeners.function(GET_EXPERIMENT_STEP, (deps: WorkflowStepsDeps) => [
    stepListener(deps, GET_EXPERIMENT_STEP, (step) => runGetStep(deps, step)),
  ]);
}
