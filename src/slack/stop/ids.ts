import * as z from 'zod';
import { ExperimentId } from '../../console/schemas.js';

export const STOP_MODAL = {
  callbackId: 'exp_stop_modal',
  blocks: {
    experiment: 'exp_stop_experiment',
    reason: 'exp_stop_reason',
    comment: 'exp_stop_comment',
    when: 'exp_stop_when',
    approval: 'exp_stop_approval',
  },
  actions: {
    reason: 'exp_stop_reason_select',
    comment: 'exp_stop_comment_input',
    when: 'exp_stop_when_input',
  },
  /** The reason option meaning "none" (the interface makes the reason optional). */
  noReasonValue: 'none',
} as const;

// response_url is optional: a modal opened from a message button has one, one opened from a
// slash command may not keep it (it lives 30 minutes, a modal can stay open longer).
export const StopModalMetadata = z.strictObject({
  experimentId: ExperimentId,
  channelId: z.string().min(1).max(64),
  responseUrl: z
    .url({ protocol: /^https?$/ })
    .max(1000)
    .optional(),
  /** Opened from a message's Stop button: that message (its ts when known) is refreshed after. */
  fromMessage: z.strictObject({ ts: z.string().max(64).optional() }).optional(),
  /** The status the modal was opened for (null: unknown); a stale submission is not sent blindly. */
  expectedStatus: z.string().max(64).nullable().optional(),
});
export type StopModalMetadata = z.infer<typeof StopModalMetadata>;
