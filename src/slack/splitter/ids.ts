import * as z from 'zod';
import { Participant } from '../../splitter/schemas.js';
import { decodeButton, encodeButton } from '../payload.js';

export const SPLITTER_BLOCKS = {
  features: 'exp_features_summary',
  featuresWarning: 'exp_features_warning',
  featuresMore: 'exp_features_more',
  exposeText: 'exp_expose_text',
  exposeWarning: 'exp_expose_warning',
  exposeActions: 'exp_expose_actions',
  usage: 'exp_splitter_usage',
  usageHelp: 'exp_splitter_usage_help',
} as const;

/** Confirm runs exposeManyV2; cancel only replaces the message. */
export const EXPOSE_ACTIONS = { confirm: 'exp_expose_confirm', cancel: 'exp_expose_cancel' } as const;

export const ExposeButtonValue = z.strictObject({
  label: z.string().min(1),
  platformId: z.int(),
  participant: Participant,
});
export type ExposeButtonValue = z.infer<typeof ExposeButtonValue>;

/** Throws SlackPayloadError('too-large') when label and participant do not fit 2000 characters. */
export function encodeExposeValue(value: ExposeButtonValue): string {
  return encodeButton(ExposeButtonValue, value);
}

export function decodeExposeValue(text: string): ExposeButtonValue {
  return decodeButton(ExposeButtonValue, text);
}
