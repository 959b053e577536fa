import type { PolicyChange } from '../../core/policy/change.js';
import { POLICY_ACTIONS, type WorkspacePolicy } from '../../core/policy/policy.js';
import { channelsText, whoOf, whoText } from '../access/rule-text.js';
import { joinSafe, plain, type SafeText, userMention } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { actions, context, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import { slackAgo } from '../experiment/ago.js';
import type { Messages } from '../messages/index.js';
import { approversText } from '../requests/refusal-text.js';
import { POLICY_ACTIONS_IDS, POLICY_BLOCKS } from './ids.js';

/** `/exp policy`: every rule, the stop reason, who changed it last; admins also get how to change it. */
export function policyMessage(input: {
  policy: WorkspacePolicy;
  forAdmin: boolean;
  messages: Messages;
}): SlackMessage {
  const { policy, messages } = input;
  const p = messages.policy;
  const lines = POLICY_ACTIONS.map((action) => {
    const rule = policy.actions[action];
    return p.line({
      action,
      who: whoText(rule, messages),
      channels: channelsText(rule, messages),
      approval: rule.approval ? approversText(rule.approvers, rule, messages) : undefined,
      personal: rule.personal,
    });
  });
  const footer =
    policy.updatedBy && policy.updatedAt
      ? p.lastChange({
          user: userMention(policy.updatedBy),
          ago: slackAgo(new Date(policy.updatedAt), messages),
        })
      : p.neverChanged;
  const stop = [
    p.stopReason({ required: policy.stopReasonRequired }),
    p.otherComment({ required: policy.otherCommentRequired }),
    messages.schedule.policyLine({ who: scheduleWho(policy, messages) }),
  ];
  return message(fallbackText(stop), [
    { type: 'header', block_id: POLICY_BLOCKS.header, text: plain(p.header, LIMITS.headerText) },
    section(joinSafe([...lines, ...stop]), POLICY_BLOCKS.rules),
    context(input.forAdmin ? [footer, p.howToChange] : [footer], POLICY_BLOCKS.footer),
    input.forAdmin
      ? actions(
          [
            {
              type: 'button',
              action_id: POLICY_ACTIONS_IDS.edit,
              text: plain(p.editButton, LIMITS.buttonText),
              value: 'edit',
            },
          ],
          POLICY_BLOCKS.actions,
        )
      : undefined,
  ]);
}

/** Who may schedule, in words; undefined: whoever may do the action. */
function scheduleWho(policy: WorkspacePolicy, messages: Messages): SafeText | undefined {
  return policy.schedule && whoText({ ...policy.actions.start, who: policy.schedule }, messages);
}

/** One change in words, for the channel's announcement. */
export function changeText(change: PolicyChange, policy: WorkspacePolicy, messages: Messages): SafeText {
  const p = messages.policy;
  switch (change.kind) {
    case 'who':
      return p.changeWho({ action: change.action, who: whoText(policy.actions[change.action], messages) });
    case 'channels':
      return p.changeChannels({
        action: change.action,
        channels: channelsText(policy.actions[change.action], messages),
      });
    case 'approval':
      return p.changeApproval({
        action: change.action,
        on: change.on,
        approvers: change.approvers && whoOf(change.approvers, messages),
      });
    case 'personal':
      return p.changePersonal({ action: change.action, on: change.on });
    case 'stop-reason':
      return p.changeStopReason({ required: change.required });
    case 'other-comment':
      return p.changeOtherComment({ required: change.required });
    case 'schedule':
      return messages.schedule.policyChanged({ who: scheduleWho(policy, messages) });
  }
}

/** In the channel: who changed what (every change of one save). */
export function policyChangedMessage(input: {
  userId: string;
  changes: readonly PolicyChange[];
  policy: WorkspacePolicy;
  messages: Messages;
}): SlackMessage {
  const change = joinSafe(
    input.changes.map((c) => changeText(c, input.policy, input.messages)),
    ' ' as SafeText,
  );
  const text = input.messages.policy.changed({ user: userMention(input.userId), change });
  return message(fallbackText([text]), [section(text, POLICY_BLOCKS.announcement)]);
}
