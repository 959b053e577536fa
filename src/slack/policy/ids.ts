import * as z from 'zod';

export const POLICY_BLOCKS = {
  header: 'exp_policy_header',
  rules: 'exp_policy_rules',
  footer: 'exp_policy_footer',
  actions: 'exp_policy_actions',
  announcement: 'exp_policy_changed',
} as const;

export const POLICY_ACTIONS_IDS = { edit: 'exp_policy_edit' } as const;

/** The policy modal: one group of inputs per action, block ids `exp_pm_<field>_<action>`. */
export const POLICY_MODAL = {
  callbackId: 'exp_policy_modal',
  intro: 'exp_pm_intro',
  stopReason: 'exp_pm_stop_reason',
  stopReasonInput: 'exp_pm_stop_reason_input',
  otherComment: 'exp_pm_other_comment',
  otherCommentInput: 'exp_pm_other_comment_input',
  block: (field: 'who' | 'groups' | 'channels' | 'options', action: string) => `exp_pm_${field}_${action}`,
  input: (field: 'who' | 'groups' | 'channels' | 'options') => `exp_pm_${field}_input`,
  /** The user-group pickers' options come from usergroups.list. */
  groupsActionId: 'exp_pm_groups_input',
} as const;

export const PolicyModalMetadata = z.strictObject({
  channelId: z.string().min(1).max(64),
  responseUrl: z
    .url({ protocol: /^https?$/ })
    .max(1000)
    .optional(),
});
export type PolicyModalMetadata = z.infer<typeof PolicyModalMetadata>;
