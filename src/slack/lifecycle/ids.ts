import * as z from 'zod';
import { ExperimentId } from '../../console/schemas.js';
import type { LifecycleAction } from '../../core/lifecycle-action.js';
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

/** The one-line result when no card can be built (a create whose answer carried no id). */
export const LIFECYCLE_BLOCKS = { summary: 'exp_lifecycle_summary' } as const;

export const LifecycleButtonValue = z.strictObject({
  action: z.enum(['start', 'stop', 'archive', 'unarchive']),
  experimentId: ExperimentId,
  /**
   * The status the message was built for (null: none known). A click after the app learnt another
   * status is stale. Absent in buttons of earlier versions: those are not checked.
   */
  status: z.string().max(64).nullable().optional(),
});
export type LifecycleButtonValue = z.infer<typeof LifecycleButtonValue>;

export function encodeButtonValue(value: LifecycleButtonValue): string {
  return encodeButton(LifecycleButtonValue, value);
}

export function decodeButtonValue(text: string): LifecycleButtonValue {
  return decodeButton(LifecycleButtonValue, text);
}
