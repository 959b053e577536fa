import type { PolicyAction, Who, WorkspacePolicy } from './policy.js';

/** One change an admin makes to the policy (a text form, or one line of the modal's differences). */
export type PolicyChange =
  | { kind: 'who'; action: PolicyAction; who: Who }
  | { kind: 'channels'; action: PolicyAction; channels: 'any' | string[] }
  /** On with `approvers` (unset: whoever may do the action), or off. */
  | { kind: 'approval'; action: PolicyAction; on: boolean; approvers?: Who | undefined }
  | { kind: 'personal'; action: PolicyAction; on: boolean }
  | { kind: 'stop-reason'; required: boolean }
  | { kind: 'other-comment'; required: boolean }
  /** Who may schedule; undefined: whoever may do the action. */
  | { kind: 'schedule'; who: Who | undefined };

/** Pure: the policy with the change applied (the same object when nothing changes). */
export function applyChange(policy: WorkspacePolicy, change: PolicyChange): WorkspacePolicy {
  if (change.kind === 'stop-reason') {
    return policy.stopReasonRequired === change.required
      ? policy
      : { ...policy, stopReasonRequired: change.required };
  }
  if (change.kind === 'other-comment') {
    return policy.otherCommentRequired === change.required
      ? policy
      : { ...policy, otherCommentRequired: change.required };
  }
  if (change.kind === 'schedule') {
    return sameSchedule(policy.schedule, change.who) ? policy : { ...policy, schedule: change.who };
  }
  const rule = policy.actions[change.action];
  let next = rule;
  switch (change.kind) {
    case 'who':
      next = sameWho(rule.who, change.who) ? rule : { ...rule, who: change.who };
      break;
    case 'channels':
      next = sameChannels(rule.channels, change.channels) ? rule : { ...rule, channels: change.channels };
      break;
    case 'approval': {
      const approvers = change.on ? change.approvers : undefined;
      const same = rule.approval === change.on && sameOptionalWho(rule.approvers, approvers);
      next = same ? rule : { ...rule, approval: change.on, approvers };
      break;
    }
    case 'personal':
      next = rule.personal === change.on ? rule : { ...rule, personal: change.on };
      break;
  }
  return next === rule ? policy : { ...policy, actions: { ...policy.actions, [change.action]: next } };
}

/** The changes that turn one policy into the other (what the modal's Save announces). */
export function changesBetween(before: WorkspacePolicy, after: WorkspacePolicy): PolicyChange[] {
  const out: PolicyChange[] = [];
  for (const action of Object.keys(after.actions) as PolicyAction[]) {
    const a = before.actions[action];
    const b = after.actions[action];
    if (!sameWho(a.who, b.who)) out.push({ kind: 'who', action, who: b.who });
    if (!sameChannels(a.channels, b.channels)) out.push({ kind: 'channels', action, channels: b.channels });
    if (a.approval !== b.approval || !sameOptionalWho(a.approvers, b.approvers))
      out.push({ kind: 'approval', action, on: b.approval, approvers: b.approvers });
    if (a.personal !== b.personal) out.push({ kind: 'personal', action, on: b.personal });
  }
  if (before.stopReasonRequired !== after.stopReasonRequired) {
    out.push({ kind: 'stop-reason', required: after.stopReasonRequired });
  }
  if (before.otherCommentRequired !== after.otherCommentRequired) {
    out.push({ kind: 'other-comment', required: after.otherCommentRequired });
  }
  if (!sameSchedule(before.schedule, after.schedule)) out.push({ kind: 'schedule', who: after.schedule });
  return out;
}

function sameSchedule(a: Who | undefined, b: Who | undefined): boolean {
  return sameOptionalWho(a, b);
}

function sameOptionalWho(a: Who | undefined, b: Who | undefined): boolean {
  return a === undefined || b === undefined ? a === b : sameWho(a, b);
}

function sameWho(a: Who, b: Who): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'groups' && b.kind === 'groups') return sameSet(a.groupIds, b.groupIds);
  return true;
}

function sameChannels(a: 'any' | string[], b: 'any' | string[]): boolean {
  if (a === 'any' || b === 'any') return a === b;
  return sameSet(a, b);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** One line per change for the audit trail (plain text, no mrkdwn: the trail is data, not a message). */
export function describeChanges(changes: readonly PolicyChange[]): string {
  const lines = changes.map((change): string => {
    switch (change.kind) {
      case 'who':
        return `${change.action} who=${change.who.kind === 'groups' ? `groups:${change.who.groupIds.join(',')}` : change.who.kind}`;
      case 'channels':
        return `${change.action} channels=${change.channels === 'any' ? 'any' : change.channels.join(',')}`;
      case 'approval':
        return `${change.action} approval=${change.on ? `on approvers=${whoText(change.approvers)}` : 'off'}`;
      case 'personal':
        return `${change.action} personal=${change.on ? 'on' : 'off'}`;
      case 'schedule':
        return `schedule who=${whoText(change.who)}`;
      case 'other-comment':
        return `other-comment=${change.required ? 'required' : 'optional'}`;
      default:
        return `stop-reason=${change.required ? 'required' : 'optional'}`;
    }
  });
  const text = lines.join('; ');
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

function whoText(who: Who | undefined): string {
  if (who === undefined) return 'action';
  return who.kind === 'groups' ? `groups:${who.groupIds.join(',')}` : who.kind;
}

/** Which rule a change is about: one field of one action, the stop reason or the Other comment. */
function fieldOf(change: PolicyChange): string {
  return change.kind === 'stop-reason' || change.kind === 'other-comment' || change.kind === 'schedule'
    ? change.kind
    : `${change.kind}:${change.action}`;
}

/** Pure: the policy with every change applied in order. */
export function applyChanges(policy: WorkspacePolicy, changes: readonly PolicyChange[]): WorkspacePolicy {
  return changes.reduce(applyChange, policy);
}

/**
 * What an edit made on the policy as it was when the form opened does to the policy as it is now.
 * apply: the edits the current policy does not have yet (none: nothing to do). stale: the edit
 * changes rules someone else changed since, to something else; `changedSince` holds their current
 * values, and nothing of the edit applies.
 */
export type EditMerge =
  | { kind: 'apply'; changes: PolicyChange[] }
  | { kind: 'stale'; changedSince: PolicyChange[]; edits: PolicyChange[] };

/**
 * Pure: a form's save applies only what the form changed, so a form opened before another admin's
 * change cannot roll that change back; both changing the same rule differently is refused.
 */
export function mergeEdits(input: {
  opened: WorkspacePolicy;
  edited: WorkspacePolicy;
  current: WorkspacePolicy;
}): EditMerge {
  const edits = changesBetween(input.opened, input.edited);
  const since = new Map(changesBetween(input.opened, input.current).map((c) => [fieldOf(c), c]));
  const pending = edits.filter((edit) => applyChange(input.current, edit) !== input.current);
  const changedSince = pending.flatMap((edit) => since.get(fieldOf(edit)) ?? []);
  if (changedSince.length > 0) return { kind: 'stale', changedSince, edits };
  return { kind: 'apply', changes: pending };
}
