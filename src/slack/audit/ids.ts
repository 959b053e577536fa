import * as z from 'zod';
import { ExperimentId } from '../../console/schemas.js';
import { decodeButton, encodeButton } from '../payload.js';

export const AUDIT_BLOCKS = {
  header: 'exp_audit_header',
  summary: 'exp_audit_summary',
  /** `exp_audit_row_0`, `_1`…: one section per attempt, so a long detail never crowds the others. */
  rowPrefix: 'exp_audit_row_',
  footer: 'exp_audit_footer',
  nav: 'exp_audit_nav',
} as const;

export const AUDIT_ACTIONS = { older: 'exp_audit_older', newest: 'exp_audit_newest' } as const;

/** Rows per page: 20 sections plus header, summary, footer and paging stay far below 50 blocks. */
export const AUDIT_PAGE_SIZE = 20;

/** What an Older/Newest button carries: the filter and where the page starts (absent: the newest). */
export const AuditPageValue = z.strictObject({
  before: z
    .string()
    .regex(/^[0-9]{15}-[0-9a-f]{12}$/)
    .optional(),
  experimentId: ExperimentId.optional(),
  userId: z
    .string()
    .regex(/^[UW][A-Z0-9]{2,20}$/)
    .optional(),
});
export type AuditPageValue = z.infer<typeof AuditPageValue>;

export const encodeAuditPageValue = (value: AuditPageValue) => encodeButton(AuditPageValue, value);
export const decodeAuditPageValue = (text: string) => decodeButton(AuditPageValue, text);
