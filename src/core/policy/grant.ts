import type { ActionRule, PolicyAction } from './policy.js';

// What the access decision hands to the use-cases that act. A use-case that changes something
// (a lifecycle action, an exposure, a save, an approval request) takes one of these as an argument,
// so a surface cannot reach it without having asked: a listener that forgets the decision does not
// compile. The brand is a module-private symbol; only `issueGrant`/`issueApprovalTicket` make them,
// and test/boundaries.test.ts keeps those to the access gate.

declare const GRANTED: unique symbol;
declare const TICKETED: unique symbol;

/** Whose platform token acts, and whether only their own may. */
interface ActingAs {
  userId: string;
  personalRequired: boolean;
}

/** The decision allowed this action now, for this person, in this workspace. */
export interface Grant {
  readonly [GRANTED]: true;
  readonly scope: string;
  readonly action: PolicyAction;
  /** Who the decision was made for: the person who typed, clicked, submitted or approved. */
  readonly decidedFor: string;
  readonly actingAs: ActingAs;
  readonly rule: ActionRule;
  /** Set when the action runs because a second person approved it. */
  readonly approval?: { requestId: string; requestedBy: string } | undefined;
}

/** The decision says a second person must approve: what may be asked for, by whom. */
export interface ApprovalTicket {
  readonly [TICKETED]: true;
  readonly scope: string;
  readonly action: PolicyAction;
  readonly requestedBy: string;
  readonly rule: ActionRule;
}

export function issueGrant(fields: Omit<Grant, typeof GRANTED>): Grant {
  return Object.freeze({ ...fields }) as Grant;
}

export function issueApprovalTicket(fields: Omit<ApprovalTicket, typeof TICKETED>): ApprovalTicket {
  return Object.freeze({ ...fields }) as ApprovalTicket;
}

/** Thrown when a use-case is handed a grant for another action or workspace: a programming error. */
export class GrantMismatchError extends Error {
  constructor(
    readonly expected: { scope: string; action: string },
    readonly got: { scope: string; action: string },
  ) {
    super(`grant for ${got.action} in ${got.scope} used for ${expected.action} in ${expected.scope}`);
    this.name = 'GrantMismatchError';
  }
}

/** A use-case checks the grant it was given is for what it is about to do. */
export function requireGrant(grant: Grant, scope: string, ...actions: PolicyAction[]): Grant {
  if (grant.scope !== scope || !actions.includes(grant.action))
    throw new GrantMismatchError(
      { scope, action: actions.join('|') },
      { scope: grant.scope, action: grant.action },
    );
  return grant;
}
