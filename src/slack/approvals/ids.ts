import * as z from 'zod';
import { decodeButton, encodeButton } from '../payload.js';

export const APPROVAL_BLOCKS = { request: 'exp_approval_request', actions: 'exp_approval_actions' } as const;
export const APPROVAL_ACTIONS = { approve: 'exp_approval_approve', reject: 'exp_approval_reject' } as const;

/** The button carries only the request's id: what would run is in the store, not in the message. */
const ApprovalButtonValue = z.strictObject({ id: z.string().uuid() });
export const encodeApprovalValue = (id: string) => encodeButton(ApprovalButtonValue, { id });
export const decodeApprovalValue = (text: string) => decodeButton(ApprovalButtonValue, text);
