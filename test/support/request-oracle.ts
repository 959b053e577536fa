// The one oracle of the request composition test (test/request-composition.test.ts): every surface
// × every policy rule × every state, and what should come of each, decided from the design alone
// (core/requests: one request, decided in full when asked and again right before it runs).

/** Where the request is asked. Each surface asks for one action, the one it is made for. */
const SURFACES = ['command', 'card', 'form', 'workflow'] as const;
export type Surface = (typeof SURFACES)[number];

/**
 * The rule in force: none; `set ACTION admins` (the requester is a member); `channels ACTION
 * #random` (asked in #general); `personal ACTION on` (the requester has no token of their own);
 * `approval ACTION on`; `set schedule admins`; `other-comment required` (a stop's reason is then
 * Other with no comment).
 */
export const RULES = ['none', 'who', 'channel', 'personal', 'approval', 'schedule', 'other-comment'] as const;
export type Rule = (typeof RULES)[number];

/**
 * What happens after asking:
 * - now: asked with no time;
 * - scheduled: asked for a time ahead, which then comes;
 * - approved, rejected, expired: asked with approval switched on too; an admin approves, an admin
 *   rejects with a reason, or nobody answers and the due pass finds it lapsed;
 * - cancelled: the request waits (for its time where the surface has one, else for approval,
 *   switched on for it) and its requester takes it back with `/exp unschedule ID`;
 * - policy-changed: asked for a time ahead with no rule in force; the rule comes in before the
 *   time does.
 */
const STATES = [
  'now',
  'scheduled',
  'approved',
  'rejected',
  'expired',
  'cancelled',
  'policy-changed',
] as const;
export type State = (typeof STATES)[number];

export interface Row {
  surface: Surface;
  rule: Rule;
  state: State;
}

/** Who heard of the row's last step: its requester alone, the channel, the approver alone. */
export type Told = 'requester' | 'channel' | 'approver';

/**
 * How the row ended: a request that was stored, in its stored state and why; else what was done
 * when it was asked ('done', or 'refused' and the rule).
 */
export interface End {
  stored: boolean;
  state: string;
  why?: string;
}

export interface Expected {
  /** Platform calls made for the row's experiment. */
  calls: 0 | 1;
  end: End;
  /** Who was told at the row's last step (sorted). */
  told: Told[];
}

/** The action each surface asks for: a card's Start button runs at once (its Stop opens the form). */
export const ACTION_OF: Record<Surface, 'start' | 'stop'> = {
  command: 'stop',
  card: 'start',
  form: 'stop',
  workflow: 'stop',
};

/** A command and the stop form take a time; a card's button and a workflow step run when asked. */
const TIMED: ReadonlySet<Surface> = new Set(['command', 'form']);
const APPROVAL_STATES: ReadonlySet<State> = new Set(['approved', 'rejected', 'expired']);

/** Whether the row asks for a time. */
export function asksForTime(row: Row): boolean {
  return (
    TIMED.has(row.surface) &&
    (row.state === 'scheduled' || row.state === 'cancelled' || row.state === 'policy-changed')
  );
}

/** Whether approval is switched on when the row asks. */
export function approvalWhenAsked(row: Row): boolean {
  if (row.state === 'policy-changed') return false;
  return (
    row.rule === 'approval' ||
    APPROVAL_STATES.has(row.state) ||
    (row.state === 'cancelled' && !TIMED.has(row.surface))
  );
}

/** Why a combination is not a row (it makes no sense, or is another row), or undefined. */
function pruned(row: Row): string | undefined {
  if (!TIMED.has(row.surface) && (row.state === 'scheduled' || row.state === 'policy-changed'))
    return (
      'a card button and a workflow step have no time to ask for: nothing stands between asking and ' +
      'running but an approval (the approval states; a rule changed while an approval waits is ' +
      "policy-every-surface.test.ts's)"
    );
  if (row.rule === 'approval' && APPROVAL_STATES.has(row.state))
    return 'the approval states switch approval on already: these are the rows of rule none';
  if (row.rule === 'approval' && row.state === 'cancelled' && !TIMED.has(row.surface))
    return 'without a time, cancelled switches approval on already: the row of rule none';
  return undefined;
}

/** Every row of the cross product that is not pruned. */
export function compositionRows(): Row[] {
  return RULES.flatMap((rule) =>
    SURFACES.flatMap((surface) =>
      STATES.map((state) => ({ surface, rule, state })).filter((row) => pruned(row) === undefined),
    ),
  );
}

/**
 * The refusal the rule gives the row's request, in the one evaluation's order (who, where, the
 * time, the stop's comment, the person's token, then the approval), or undefined when it lets it
 * through. Asked, an approval the rule wants is asked for; about to run, one nobody gave refuses.
 */
function refusalOf(row: Row, when: 'ask' | 'run'): string | undefined {
  switch (row.rule) {
    case 'none':
      return undefined;
    case 'who':
      return 'admins';
    case 'channel':
      return 'channel';
    case 'schedule':
      return asksForTime(row) ? 'schedule' : undefined;
    case 'other-comment':
      return ACTION_OF[row.surface] === 'stop' ? 'other-comment' : undefined;
    case 'personal':
      return 'personal-token';
    case 'approval':
      return when === 'run' ? 'approval-required' : undefined;
  }
}

const stored = (state: string, why?: string): End => ({ stored: true, state, ...(why ? { why } : {}) });
const BOTH: Told[] = ['channel', 'requester'];

/** What should come of one row: pure, from the row alone. */
export function oracle(row: Row): Expected {
  const refusedWhenAsked = row.state === 'policy-changed' ? undefined : refusalOf(row, 'ask');
  // Refused when asked: nothing is stored or sent, and only the person who asked hears why.
  if (refusedWhenAsked)
    return { calls: 0, end: { stored: false, state: 'refused', why: refusedWhenAsked }, told: ['requester'] };
  if (approvalWhenAsked(row)) {
    switch (row.state) {
      // The request waits: posted in the channel, its requester told who was asked.
      case 'now':
        return { calls: 0, end: stored('pending-approval'), told: BOTH };
      // Its time comes unapproved: it waits the hour after it, and nothing is said yet.
      case 'scheduled':
        return { calls: 0, end: stored('pending-approval'), told: [] };
      // Approved, it runs at once as its requester; the request's message and the requester say so.
      case 'approved':
        return { calls: 1, end: stored('done'), told: BOTH };
      case 'rejected':
        return { calls: 0, end: stored('rejected', 'rejected'), told: BOTH };
      case 'expired':
        return { calls: 0, end: stored('expired', 'unanswered'), told: BOTH };
      case 'cancelled':
        return { calls: 0, end: stored('cancelled', 'cancelled'), told: BOTH };
      case 'policy-changed':
        throw new Error('a policy-changed row asks with no rule in force');
    }
  }
  switch (row.state) {
    // Run when asked: never stored; the result is the channel's.
    case 'now':
      return { calls: 1, end: { stored: false, state: 'done' }, told: ['channel'] };
    case 'scheduled':
      return { calls: 1, end: stored('done'), told: ['channel'] };
    // Taken back: the channel hears it, the requester is answered.
    case 'cancelled':
      return { calls: 0, end: stored('cancelled', 'cancelled'), told: BOTH };
    // Decided again in full when its time comes, under the rule in force then.
    case 'policy-changed': {
      const refused = refusalOf(row, 'run');
      return refused
        ? { calls: 0, end: stored('rejected', refused), told: BOTH }
        : { calls: 1, end: stored('done'), told: ['channel'] };
    }
    default:
      throw new Error(`${row.state} always asks with approval switched on`);
  }
}
