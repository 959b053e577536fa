import * as z from 'zod';

// Who may do what, per workspace. Connection management and the policy itself are always
// admin-only and are not in this table; reading (help, dict, show, list, features) is open to
// everyone, guests included. Everything else is one of these actions.

export const POLICY_ACTIONS = [
  'start',
  'stop',
  'archive',
  'unarchive',
  'create',
  'edit',
  'expose',
  'subscribe',
] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

/**
 * - members: any full member of the workspace (never a guest or someone from another organisation);
 * - admins: workspace admins and owners, and ADMIN_USER_IDS;
 * - groups: admins, and members of one of these Slack user groups;
 * - nobody: the action is switched off.
 */
export type Who =
  | { kind: 'members' }
  | { kind: 'admins' }
  | { kind: 'nobody' }
  | { kind: 'groups'; groupIds: string[] };

export interface ActionRule {
  who: Who;
  /** Channels the action may be taken from; 'any' when unrestricted. */
  channels: 'any' | string[];
  /** A second person who may do the action must approve it before it runs. */
  approval: boolean;
  /** Only with the person's own platform token (so the platform's audit names them). */
  personal: boolean;
  /**
   * Who may approve when `approval` is on; unset: whoever may do the action (never the requester,
   * never a guest or someone from another organisation).
   */
  approvers?: Who | undefined;
}

export interface WorkspacePolicy {
  actions: Record<PolicyAction, ActionRule>;
  /** The interface makes a stop reason optional; the workspace may require one. */
  stopReasonRequired: boolean;
  /**
   * The interface makes the comment optional too, whatever the reason; the workspace may require
   * one when the reason is `other`. Off by default: the app adds no rule the platform does not have.
   */
  otherCommentRequired: boolean;
  /** Who may schedule actions (`/exp policy set schedule …`); unset: whoever may do the action. */
  schedule?: Who | undefined;
  updatedBy?: string | undefined;
  updatedAt?: string | undefined;
}

const members: ActionRule = { who: { kind: 'members' }, channels: 'any', approval: false, personal: false };

/** Members act; exposures (which change experiment statistics) are for admins; a stop needs a reason. */
export const DEFAULT_POLICY: WorkspacePolicy = {
  actions: {
    start: members,
    stop: members,
    archive: members,
    unarchive: members,
    create: members,
    edit: members,
    subscribe: members,
    expose: { ...members, who: { kind: 'admins' } },
  },
  stopReasonRequired: true,
  otherCommentRequired: false,
};

/** Slack user group ids (S…) and channel ids (C…, G…): the only ids a rule may name. */
const GROUP_ID = /^S[A-Z0-9]{2,30}$/;
const CHANNEL_ID = /^[CG][A-Z0-9]{2,30}$/;
export const MAX_RULE_IDS = 20;

export const WhoSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('members') }),
  z.object({ kind: z.literal('admins') }),
  z.object({ kind: z.literal('nobody') }),
  z.object({
    kind: z.literal('groups'),
    groupIds: z.array(z.string().regex(GROUP_ID)).min(1).max(MAX_RULE_IDS),
  }),
]);
const RuleSchema = z.object({
  who: WhoSchema,
  channels: z.union([z.literal('any'), z.array(z.string().regex(CHANNEL_ID)).min(1).max(MAX_RULE_IDS)]),
  approval: z.boolean(),
  personal: z.boolean(),
  approvers: WhoSchema.optional(),
});
export const StoredPolicy = z.object({
  v: z.literal(1),
  actions: z.partialRecord(z.enum(POLICY_ACTIONS), RuleSchema),
  stopReasonRequired: z.boolean(),
  /** Absent in policies stored before the switch existed: they read as the default (off). */
  otherCommentRequired: z.boolean().optional(),
  /** Absent: whoever may do an action may schedule it. */
  schedule: WhoSchema.optional(),
  updatedBy: z.string().max(64).optional(),
  updatedAt: z.string().max(40).optional(),
});

/** A stored policy read back: actions it does not name keep their default (an older app version wrote it). */
export function policyFromStored(raw: unknown): WorkspacePolicy | undefined {
  const parsed = StoredPolicy.safeParse(raw);
  if (!parsed.success) return undefined;
  const actions = { ...DEFAULT_POLICY.actions };
  for (const action of POLICY_ACTIONS) {
    const rule = parsed.data.actions[action];
    if (rule) actions[action] = rule;
  }
  return {
    actions,
    stopReasonRequired: parsed.data.stopReasonRequired,
    otherCommentRequired: parsed.data.otherCommentRequired ?? DEFAULT_POLICY.otherCommentRequired,
    schedule: parsed.data.schedule,
    updatedBy: parsed.data.updatedBy,
    updatedAt: parsed.data.updatedAt,
  };
}

export function policyToStored(policy: WorkspacePolicy): z.infer<typeof StoredPolicy> {
  return {
    v: 1,
    actions: policy.actions,
    stopReasonRequired: policy.stopReasonRequired,
    otherCommentRequired: policy.otherCommentRequired,
    ...(policy.schedule === undefined ? {} : { schedule: policy.schedule }),
    ...(policy.updatedBy === undefined ? {} : { updatedBy: policy.updatedBy }),
    ...(policy.updatedAt === undefined ? {} : { updatedAt: policy.updatedAt }),
  };
}

export const isGroupId = (id: string) => GROUP_ID.test(id);
export const isChannelId = (id: string) => CHANNEL_ID.test(id);
