import type { App } from '@slack/bolt';
import type { CommandHandlers } from '../command/handlers.js';
import type { SlackDeps } from '../deps.js';
import { openStopModal } from './open-modal.js';
import { registerStopSubmission } from './submission.js';

/** `/exp stop ID` without a reason: the stop modal and its submission. */
export function registerStop(app: App, deps: SlackDeps) {
  registerStopSubmission(app, deps);
  return {
    'stop-modal': (ctx, parsed) => openStopModal(ctx, parsed.experimentId),
  } satisfies Pick<CommandHandlers, 'stop-modal'>;
}
