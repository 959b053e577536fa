import type { InputBlock, KnownBlock, ModalView, PlainTextOption } from '@slack/types';
import {
  type ActionRule,
  POLICY_ACTIONS,
  type PolicyAction,
  type Who,
  type WorkspacePolicy,
} from '../../core/policy/policy.js';
import { plain } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { section } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { encodeMetadata } from '../payload.js';
import { POLICY_MODAL, PolicyModalMetadata } from './ids.js';
import { isApprovable } from './parse-policy.js';

const WHO_KINDS: readonly Who['kind'][] = ['members', 'admins', 'groups', 'nobody'];

/** The whole policy as one form: per action who, which user groups, which channels, approval, personal token. */
export function policyModal(input: {
  policy: WorkspacePolicy;
  /** Labels of the user groups the policy names (`@handle`), for their pre-selected options. */
  groupLabels: ReadonlyMap<string, string>;
  metadata: PolicyModalMetadata;
  messages: Messages;
}): ModalView {
  const { policy, messages } = input;
  const m = messages.policy.modal;
  const option = (text: string, value: string): PlainTextOption => ({
    text: plain(text, LIMITS.optionText),
    value,
  });
  const whoOptions = WHO_KINDS.map((kind) => option(m.whoOptions[kind], kind));
  const extras = [option(m.approvalOption, 'approval'), option(m.personalOption, 'personal')];
  const stopOptions = [option(m.stopReasonRequired, 'required'), option(m.stopReasonOptional, 'optional')];
  const otherOptions = [
    option(m.otherCommentRequired, 'required'),
    option(m.otherCommentOptional, 'optional'),
  ];
  const blocks: KnownBlock[] = [
    section(m.intro, POLICY_MODAL.intro),
    {
      type: 'input',
      block_id: POLICY_MODAL.stopReason,
      label: plain(m.stopReasonLabel, LIMITS.inputLabel),
      element: {
        type: 'radio_buttons',
        action_id: POLICY_MODAL.stopReasonInput,
        options: stopOptions,
        initial_option: stopOptions[policy.stopReasonRequired ? 0 : 1],
      },
    } satisfies InputBlock,
    {
      type: 'input',
      block_id: POLICY_MODAL.otherComment,
      label: plain(m.otherCommentLabel, LIMITS.inputLabel),
      element: {
        type: 'radio_buttons',
        action_id: POLICY_MODAL.otherCommentInput,
        options: otherOptions,
        initial_option: otherOptions[policy.otherCommentRequired ? 0 : 1],
      },
    } satisfies InputBlock,
  ];
  for (const action of POLICY_ACTIONS) {
    const rule = policy.actions[action];
    blocks.push(
      ...ruleBlocks(action, rule, { whoOptions, extras, groupLabels: input.groupLabels, messages }),
    );
  }
  return {
    type: 'modal',
    callback_id: POLICY_MODAL.callbackId,
    title: plain(m.title, LIMITS.viewTitle),
    submit: plain(m.submit, LIMITS.viewSubmit),
    close: plain(messages.modals.cancel, LIMITS.viewClose),
    private_metadata: encodeMetadata(PolicyModalMetadata, input.metadata),
    blocks: blocks.slice(0, LIMITS.viewBlocks),
  };
}

function ruleBlocks(
  action: PolicyAction,
  rule: ActionRule,
  shared: {
    whoOptions: PlainTextOption[];
    extras: PlainTextOption[];
    groupLabels: ReadonlyMap<string, string>;
    messages: Messages;
  },
): InputBlock[] {
  const m = shared.messages.policy.modal;
  const groups = rule.who.kind === 'groups' ? rule.who.groupIds : [];
  const extras = shared.extras.filter((o) => o.value !== 'approval' || isApprovable(action));
  const chosenExtras = extras.filter((o) => (o.value === 'approval' ? rule.approval : rule.personal));
  return [
    {
      type: 'input',
      block_id: POLICY_MODAL.block('who', action),
      label: plain(m.whoLabel({ action }), LIMITS.inputLabel),
      element: {
        type: 'static_select',
        action_id: POLICY_MODAL.input('who'),
        options: shared.whoOptions,
        initial_option: shared.whoOptions.find((o) => o.value === rule.who.kind),
      },
    },
    {
      type: 'input',
      block_id: POLICY_MODAL.block('groups', action),
      optional: true,
      label: plain(m.groupsLabel({ action }), LIMITS.inputLabel),
      element: {
        type: 'multi_external_select',
        action_id: POLICY_MODAL.groupsActionId,
        min_query_length: 0,
        ...(groups.length === 0
          ? {}
          : {
              initial_options: groups.map((id) => ({
                text: plain(shared.groupLabels.get(id) ?? id, LIMITS.optionText),
                value: id,
              })),
            }),
      },
    },
    {
      type: 'input',
      block_id: POLICY_MODAL.block('channels', action),
      optional: true,
      label: plain(m.channelsLabel({ action }), LIMITS.inputLabel),
      element: {
        type: 'multi_conversations_select',
        action_id: POLICY_MODAL.input('channels'),
        filter: { include: ['public', 'private'], exclude_bot_users: true },
        ...(rule.channels === 'any' ? {} : { initial_conversations: rule.channels }),
      },
    },
    {
      type: 'input',
      block_id: POLICY_MODAL.block('options', action),
      optional: true,
      label: plain(m.optionsLabel({ action }), LIMITS.inputLabel),
      element: {
        type: 'checkboxes',
        action_id: POLICY_MODAL.input('options'),
        options: extras,
        ...(chosenExtras.length === 0 ? {} : { initial_options: chosenExtras }),
      },
    },
  ];
}
