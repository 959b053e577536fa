import { z } from 'zod';
import { ExperimentId } from '../../console/schemas.js';
import type { LifecycleAction } from '../../lifecycle/lifecycle-action.js';
import { decodeButton, encodeButton } from '../payload.js';

/**
 * One action_id per lifecycle button: Slack requires action_ids to be unique within a block, and
 * the next-step buttons share one actions block. The `stop` button opens the stop modal (the modal
 * is the confirmation); the others run the action. Listeners can match LIFECYCLE_ACTION_ID_PATTERN
 * and must trust the decoded button value, which repeats the action next to the experiment id.
 */
export const LIFECYCLE_ACTION_IDS = {
  start: 'exp_lifecycle_start',
  stop: 'exp_lifecycle_stop',
  archive: 'exp_lifecycle_archive',
  unarchive: 'exp_lifecycle_unarchive',
} as const satisfies Record<LifecycleAction, string>;

export const LIFECYCLE_ACTION_ID_PATTERN = /^exp_lifecycle_(start|stop|archive|unarchive)$/;

export const LIFECYCLE_BLOCKS = {
  summary: 'exp_lifecycle_summary',
  context: 'exp_lifecycle_context',
  actions: 'exp_lifecycle_actions',
  conflictSummary: 'exp_conflict_summary',
  conflictHint: 'exp_conflict_hint',
  conflictActions: 'exp_conflict_actions',
} as const;

export const LifecycleButtonValue = z.strictObject({
  action: z.enum(['start', 'stop', 'archive', 'unarchive']),
  experimentId: ExperimentId,
});
export type LifecycleButtonValue = z.infer<typeof LifecycleButtonValue>;

export function encodeButtonValue(value: LifecycleButtonValue): string {
  return encodeButton(LifecycleButtonValue, value);
}

export function decodeButtonValue(text: string): LifecycleButtonValue {
  return decodeButton(LifecycleButtonValue, text);
}
