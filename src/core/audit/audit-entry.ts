import * as z from 'zod';

/** One attempt to act, allowed or not, as the audit trail keeps it (audit-log.ts). */
export const AuditEntry = z.object({
  userId: z.string().max(64),
  /** start, stop, …, expose, subscribe; connect, disconnect, policy; approve, reject. */
  action: z.string().max(40),
  experimentId: z.int().positive().optional(),
  channelId: z.string().max(64).optional(),
  decision: z.enum(['allowed', 'refused']),
  /**
   * For a refusal, which rule (guest, external, admins, groups, channel, nobody, admin, unknown-person;
   * view-forged: a form the app did not open for the person, its reason in detail).
   */
  rule: z.string().max(40).optional(),
  approval: z
    .object({
      requestId: z.string().max(64),
      state: z.enum(['requested', 'approved', 'rejected', 'expired']),
      /** Who asked for it (the entry's userId is who acted on it: the approver, or the requester). */
      requestedBy: z.string().max(64).optional(),
    })
    .optional(),
  /** Which platform identity acted (never the token itself). */
  identity: z.enum(['workspace', 'channel', 'personal', 'default']).optional(),
  /** What the platform (or the app) made of it: done, conflict, failed:<kind>, outcome-unknown, … */
  outcome: z.string().max(80).optional(),
  detail: z.string().max(300).optional(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
