import {
  type ActionRule,
  DEFAULT_POLICY,
  isChannelId,
  isGroupId,
  MAX_RULE_IDS,
  POLICY_ACTIONS,
  type WorkspacePolicy,
} from '../../core/policy/policy.js';
import type { Messages } from '../messages/index.js';
import { POLICY_MODAL } from './ids.js';
import { isApprovable } from './parse-policy.js';

type StateValue = {
  type?: string;
  selected_option?: { value?: string } | null;
  selected_options?: { value?: string }[] | null;
  selected_conversations?: string[] | null;
};
export type PolicyStateValues = Record<string, Record<string, StateValue>>;

export type PolicyModalRead =
  | { ok: true; policy: WorkspacePolicy }
  | { ok: false; errors: Record<string, string> };

/**
 * The submitted form as a policy. Values come back from Slack and are validated like any input:
 * unknown choices fall back to the current rule, ids are checked, lists bounded.
 */
export function readPolicyModal(
  values: PolicyStateValues,
  current: WorkspacePolicy,
  messages: Messages,
): PolicyModalRead {
  const errors: Record<string, string> = {};
  const actions = { ...current.actions };
  for (const action of POLICY_ACTIONS) {
    const value = (field: 'who' | 'groups' | 'channels' | 'options', actionId: string) =>
      values[POLICY_MODAL.block(field, action)]?.[actionId];
    const who = value('who', POLICY_MODAL.input('who'))?.selected_option?.value;
    const groups = (value('groups', POLICY_MODAL.groupsActionId)?.selected_options ?? [])
      .map((o) => String(o.value ?? ''))
      .filter(isGroupId)
      .slice(0, MAX_RULE_IDS);
    const channels = (value('channels', POLICY_MODAL.input('channels'))?.selected_conversations ?? [])
      .filter(isChannelId)
      .slice(0, MAX_RULE_IDS);
    const extras = (value('options', POLICY_MODAL.input('options'))?.selected_options ?? []).map(
      (o) => o.value,
    );
    const approval = extras.includes('approval') && isApprovable(action);
    const rule: ActionRule = {
      who: current.actions[action].who,
      channels: channels.length === 0 ? 'any' : channels,
      approval,
      personal: extras.includes('personal'),
      // The form has no field for who approves: what the command set is kept while approval stays on.
      approvers: approval ? current.actions[action].approvers : undefined,
    };
    if (who === 'members' || who === 'admins' || who === 'nobody') rule.who = { kind: who };
    else if (who === 'groups') {
      if (groups.length === 0)
        errors[POLICY_MODAL.block('groups', action)] = messages.policy.modal.groupsRequired;
      else rule.who = { kind: 'groups', groupIds: groups };
    }
    actions[action] = rule;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const stop = values[POLICY_MODAL.stopReason]?.[POLICY_MODAL.stopReasonInput]?.selected_option?.value;
  const other = values[POLICY_MODAL.otherComment]?.[POLICY_MODAL.otherCommentInput]?.selected_option?.value;
  return {
    ok: true,
    policy: {
      ...current,
      actions,
      stopReasonRequired: stop === undefined ? current.stopReasonRequired : stop === 'required',
      otherCommentRequired: other === undefined ? current.otherCommentRequired : other === 'required',
    },
  };
}

type ShownElement = {
  action_id?: string;
  initial_option?: { value?: string };
  initial_options?: { value?: string }[];
  initial_conversations?: string[];
};

/**
 * The policy as the form showed it when it opened: Slack sends the view back with its blocks, whose
 * initial values are that policy, so a save can tell what the person changed from what others
 * changed since. undefined when the blocks do not show every action's rule (not a form this app built).
 */
export function openedPolicy(blocks: unknown, messages: Messages): WorkspacePolicy | undefined {
  if (!Array.isArray(blocks)) return undefined;
  const values: PolicyStateValues = {};
  for (const block of blocks as { block_id?: unknown; element?: ShownElement }[]) {
    const element = block.element;
    if (typeof block.block_id !== 'string' || !element?.action_id) continue;
    values[block.block_id] = {
      [element.action_id]: {
        selected_option: element.initial_option ?? null,
        selected_options: element.initial_options ?? [],
        selected_conversations: element.initial_conversations ?? [],
      },
    };
  }
  const shown = (blockId: string, actionId: string) => values[blockId]?.[actionId]?.selected_option?.value;
  const complete =
    shown(POLICY_MODAL.stopReason, POLICY_MODAL.stopReasonInput) !== undefined &&
    POLICY_ACTIONS.every((a) => shown(POLICY_MODAL.block('who', a), POLICY_MODAL.input('who')) !== undefined);
  if (!complete) return undefined;
  const read = readPolicyModal(values, DEFAULT_POLICY, messages);
  return read.ok ? read.policy : undefined;
}
