import type { Refusal } from '../../core/policy/decide.js';
import type { PolicyAction } from '../../core/policy/policy.js';
import { escapeMrkdwn, md, type SafeText } from '../blocks/escape.js';
import { cmd } from '../messages/en-format.js';
import type { PolicyMessages } from './messages.js';

const act = (action: PolicyAction): SafeText => md`*${escapeMrkdwn(action)}*`;
const READS = md`${cmd('help')}, ${cmd('show')}, ${cmd('list')}, ${cmd('dict')}, ${cmd('features')}`;

export function policyMessagesEn(): PolicyMessages {
  return {
    whoMembers: md`any member`,
    whoAdmins: md`an admin`,
    whoNobody: md`nobody`,
    whoGroups: ({ groups }) => md`an admin or a member of ${groups}`,
    anyChannel: md`any channel`,
    refused: ({ action, refusal, who, channels }) => {
      const reasons: Record<Refusal, SafeText> = {
        external: md`People from another organisation can read here (${READS}) but not act, whatever their role at home: ${act(action)} needs ${who} of this workspace.`,
        guest: md`Guests can read (${READS}) but not act: ${act(action)} needs ${who}.`,
        nobody: md`${act(action)} is switched off in this workspace's policy. An admin can change that: ${cmd('policy')}.`,
        admins: md`${act(action)} needs ${who} (this workspace's policy: ${cmd('policy')}).`,
        groups: md`${act(action)} needs ${who} (this workspace's policy: ${cmd('policy')}).`,
        channel: md`${act(action)} can only be done from ${channels} (this workspace's policy: ${cmd('policy')}).`,
        'unknown-person': md`The app could not check with Slack who you are just now, so it did not act for you. Try again in a moment.`,
      };
      return md`${reasons[refusal]} Nothing was done.`;
    },
    adminOnly: md`Only workspace admins can change who may do what. ${cmd('policy')} shows the current rules to anyone.`,
    header: 'Who may do what here',
    line: ({ action, who, channels, approval, personal }) => {
      const extras = [
        approval === undefined ? md`` : md` · needs a second person's approval (${approval} may approve)`,
        personal ? md` · with their own platform token` : md``,
      ];
      return md`${act(action)}: ${who} · from ${channels}${extras[0] as SafeText}${extras[1] as SafeText}`;
    },
    stopReason: ({ required }) =>
      required ? md`A stop must name its reason.` : md`A stop may leave the reason out.`,
    otherComment: ({ required }) =>
      required
        ? md`A stop whose reason is Other must carry a comment.`
        : md`A stop whose reason is Other may leave the comment out.`,
    lastChange: ({ user, ago }) => md`Last changed by ${user} ${ago}.`,
    neverChanged: md`These are the app's defaults: nobody has changed them.`,
    howToChange: md`Change it with the button, or type ${cmd('policy set ACTION members|admins|nobody|@group…')}, ${cmd('policy channels ACTION #channel…|any')}, ${cmd('policy approval ACTION on [approvers:admins|members|@group]|off')}, ${cmd('policy personal ACTION on|off')}, ${cmd('policy stop-reason required|optional')}, ${cmd('policy other-comment required|optional')}.`,
    editButton: 'Edit policy',
    changed: ({ user, change }) => md`${user} changed who may do what: ${change}`,
    changeWho: ({ action, who }) => md`${act(action)} now needs ${who}.`,
    changeChannels: ({ action, channels }) => md`${act(action)} can now be done from ${channels}.`,
    changeApproval: ({ action, on, approvers }) =>
      on
        ? md`${act(action)} now needs a second person's approval: ${approvers ?? md`whoever may do it`} may approve.`
        : md`${act(action)} no longer needs approval.`,
    changePersonal: ({ action, on }) =>
      on
        ? md`${act(action)} now needs the person's own platform token (${cmd('login')}).`
        : md`${act(action)} may use the channel's or workspace's token again.`,
    changeStopReason: ({ required }) =>
      required ? md`a stop must now name its reason.` : md`a stop may now leave the reason out.`,
    changeOtherComment: ({ required }) =>
      required
        ? md`a stop whose reason is Other must now carry a comment.`
        : md`a stop whose reason is Other may now leave the comment out.`,
    unchanged: md`That is already the rule, so nothing changed.`,
    usage: ({ problem }) =>
      md`${problem} Nothing changed. ${cmd('policy')} shows the rules and how to change them.`,
    problems: problemsEn(),
    modal: modalEn(),
  };
}

function problemsEn(): PolicyMessages['problems'] {
  return {
    unknownAction: ({ word, actions }) => md`\`${word}\` is not an action the policy covers (${actions}).`,
    badWho: ({ word }) =>
      md`\`${word}\` is not \`members\`, \`admins\`, \`nobody\` or a user group mention (type @ and pick the group).`,
    badChannel: ({ word }) =>
      md`\`${word}\` is not a channel mention (type # and pick the channel) or \`any\`.`,
    badOnOff: ({ word }) => md`\`${word}\` is neither \`on\` nor \`off\`.`,
    badStopReason: ({ word }) => md`\`${word}\` is neither \`required\` nor \`optional\`.`,
    missing: ({ what }) =>
      md`Say ${
        {
          action: md`which action (start, stop, …)`,
          who: md`who: \`members\`, \`admins\`, \`nobody\` or user groups`,
          channels: md`which channels, or \`any\``,
          'on-off': md`\`on\` or \`off\``,
          'required-optional': md`\`required\` or \`optional\``,
        }[what]
      }.`,
    notApprovable: ({ action }) =>
      md`Approval is available for start, stop, archive, unarchive and expose, not for ${act(action)}.`,
    badApprovers: ({ word }) =>
      md`After \`on\` only who may approve can follow, as \`approvers:admins\`, \`approvers:members\` or \`approvers:@group\`; not \`${word}\`.`,
    unknownSubcommand: ({ word }) =>
      md`\`${word}\` is not one of \`set\`, \`channels\`, \`approval\`, \`personal\`, \`stop-reason\`, \`other-comment\`.`,
  };
}

function modalEn(): PolicyMessages['modal'] {
  return {
    title: 'Who may do what',
    submit: 'Save',
    intro: md`One rule per action. Guests and people from other organisations only ever read. Connecting the platform and this policy stay with admins.`,
    whoLabel: ({ action }) => `${action}: who may`,
    groupsLabel: ({ action }) => `${action}: user groups (with "groups")`,
    channelsLabel: ({ action }) => `${action}: only from these channels (empty: any)`,
    optionsLabel: ({ action }) => `${action}: also`,
    approvalOption: "needs a second person's approval",
    personalOption: 'needs their own platform token',
    whoOptions: {
      members: 'Any member',
      admins: 'Admins',
      groups: 'Admins and user groups',
      nobody: 'Nobody',
    },
    stopReasonLabel: 'Stop reason',
    stopReasonRequired: 'Required',
    stopReasonOptional: 'Optional',
    otherCommentLabel: 'Comment when the reason is Other',
    otherCommentRequired: 'Required',
    otherCommentOptional: 'Optional',
    groupsRequired: 'Pick at least one user group, or choose another option.',
    staleTitle: 'The policy has changed',
    stale: ({ changedSince, lastChange, edits }) =>
      md`Since you opened this form the policy changed on rules you changed too, so nothing was saved.\n*Now:* ${changedSince}${lastChange ? md`\n${lastChange}` : md``}\n*Your changes, not saved:* ${edits}\nOpen ${cmd('policy')} again to edit the current rules.`,
    saveFailed: 'The policy could not be saved just now, so nothing changed. Try again in a moment.',
  };
}
