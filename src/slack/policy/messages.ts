import type { Refusal } from '../../core/policy/decide.js';
import type { PolicyAction } from '../../core/policy/policy.js';
import type { SafeText } from '../blocks/escape.js';

/** `/exp policy`, its changes, and the refusals it causes. */
export interface PolicyMessages {
  /** Who may: "any member", "an admin", "an admin or a member of @a or @b", "nobody". */
  whoMembers: SafeText;
  whoAdmins: SafeText;
  whoNobody: SafeText;
  whoGroups(p: { groups: SafeText }): SafeText;
  anyChannel: SafeText;
  /** A refused attempt: names the rule and who may do it. Nothing was done. */
  refused(p: { action: PolicyAction; refusal: Refusal; who: SafeText; channels: SafeText }): SafeText;
  adminOnly: SafeText;
  header: string;
  line(p: {
    action: PolicyAction;
    who: SafeText;
    channels: SafeText;
    /** Who approves when approval is on (words), else undefined. */
    approval: SafeText | undefined;
    personal: boolean;
  }): SafeText;
  stopReason(p: { required: boolean }): SafeText;
  /** Whether a stop with the reason Other must carry a comment (the interface makes it optional). */
  otherComment(p: { required: boolean }): SafeText;
  lastChange(p: { user: SafeText; ago: SafeText }): SafeText;
  neverChanged: SafeText;
  /** For admins: how to change it. */
  howToChange: SafeText;
  editButton: string;
  /** In-channel announcement of a change: who changed what. */
  changed(p: { user: SafeText; change: SafeText }): SafeText;
  changeWho(p: { action: PolicyAction; who: SafeText }): SafeText;
  changeChannels(p: { action: PolicyAction; channels: SafeText }): SafeText;
  changeApproval(p: { action: PolicyAction; on: boolean; approvers: SafeText | undefined }): SafeText;
  changePersonal(p: { action: PolicyAction; on: boolean }): SafeText;
  changeStopReason(p: { required: boolean }): SafeText;
  changeOtherComment(p: { required: boolean }): SafeText;
  unchanged: SafeText;
  /** The text form could not be used; nothing changed. */
  usage(p: { problem: SafeText }): SafeText;
  problems: {
    unknownAction(p: { word: SafeText; actions: SafeText }): SafeText;
    badWho(p: { word: SafeText }): SafeText;
    badChannel(p: { word: SafeText }): SafeText;
    badOnOff(p: { word: SafeText }): SafeText;
    badStopReason(p: { word: SafeText }): SafeText;
    /** A word the command needs is missing: which one. */
    missing(p: { what: 'action' | 'who' | 'channels' | 'on-off' | 'required-optional' }): SafeText;
    unknownSubcommand(p: { word: SafeText }): SafeText;
    notApprovable(p: { action: PolicyAction }): SafeText;
    /** After `approval ACTION on`, a word that is not `approvers:…`. */
    badApprovers(p: { word: SafeText }): SafeText;
  };
  modal: {
    /** ≤24 */
    title: string;
    /** ≤24 */
    submit: string;
    intro: SafeText;
    whoLabel(p: { action: PolicyAction }): string;
    groupsLabel(p: { action: PolicyAction }): string;
    channelsLabel(p: { action: PolicyAction }): string;
    optionsLabel(p: { action: PolicyAction }): string;
    approvalOption: string;
    personalOption: string;
    whoOptions: { members: string; admins: string; groups: string; nobody: string };
    stopReasonLabel: string;
    stopReasonRequired: string;
    stopReasonOptional: string;
    /** A comment when the stop reason is Other: off by default (the interface makes it optional). */
    otherCommentLabel: string;
    otherCommentRequired: string;
    otherCommentOptional: string;
    groupsRequired: string;
    /** ≤24: the form was opened before someone else changed the same rules. */
    staleTitle: string;
    /** Nothing was saved: what changed since (current values), who changed the policy last, what the person had changed. */
    stale(p: { changedSince: SafeText; lastChange: SafeText | undefined; edits: SafeText }): SafeText;
    /** The store would not take the save (plain text, shown on the form); nothing changed. */
    saveFailed: string;
  };
}
