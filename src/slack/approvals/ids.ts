import * as z from 'zod';
import { decodeButton, encodeButton } from '../payload.js';

export const APPROVAL_BLOCKS = { request: 'exp_approval_request', actions: 'exp_approval_actions' } as const;
export const APPROVAL_ACTIONS = { approve: 'exp_approval_approve', reject: 'exp_approval_reject' } as const;

/** The button carries only the request's id: what would run is in the store, not in the message. */
const ApprovalButtonValue = z.strictObject({ id: z.string().uuid() });
export const encodeApprovalValue = (id: string) => encodeButton(ApprovalButtonValue, { id });
export const decodeApprovalValue = (text: string) => decodeButton(ApprovalButtonValue, text);

/** The form a person rejecting fills in: which request, and the message to answer in. */
export const REJECT_MODAL = {
  callbackId: 'exp_reject_modal',
  blocks: { intro: 'exp_reject_intro', reason: 'exp_reject_reason' },
  actions: { reason: 'exp_reject_reason_input' },
} as const;

export const RejectModalMetadata = z.object({
  id: z.string().uuid(),
  channelId: z.string().max(64),
  responseUrl: z.string().max(500).optional(),
});
export type RejectModalMetadata = z.infer<typeof RejectModalMetadata>;

/** What a reason may hold: a line or two, kept with the request and sent to the requester. */
export const REJECT_REASON_MAX = 500;
