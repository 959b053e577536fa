import type { SafeText } from '../blocks/escape.js';

/** The stop form: reason and comment (plain_text, never parsed, except the intro). */
export interface StopModalMessages {
  /** ≤24 */
  title: string;
  /** ≤24 */
  submit: string;
  /** `experiment`: its name first, its id after (experimentRef); `status` its label (statusText). */
  intro(p: { experiment: SafeText; status: SafeText | undefined }): SafeText;
  reasonLabel: string;
  /** The "no reason" option, offered when the policy does not require a reason (≤75). */
  noReason: string;
  reasonPlaceholder: string;
  commentLabel: string;
  commentPlaceholder: string;
  commentHint: string;
  /** Shown under the comment input (response_action errors) when the reason is Other. */
  commentRequiredForOther: string;
  /** Shown under the comment input when it is over the app's limit (core/stop-reason.ts). */
  commentTooLong(p: { length: number; max: number }): string;
  reasonRequired: string;
}
