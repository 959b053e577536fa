import { type ActionRequest, isTerminal, type RequestState } from './action-request.js';

// The only ways a request's state changes. Pure: the store applies one to what it reads and writes
// the result by compare-and-set, so of two replicas (or two people) acting on one request at the
// same moment exactly one moves it, and the other is told what it became.

/** Later than this after its time a scheduled request is reported missed, never run silently late. */
export const MISSED_AFTER_MS = 60 * 60 * 1000;

export type RequestEvent =
  /** A second person approves: it runs now, or waits for its time. */
  | { kind: 'approve'; by: string }
  | { kind: 'reject'; by: string; reason?: string | undefined }
  /**
   * Its author or an admin takes it back (the use-case checks who); `quiet` when nobody is to hear
   * of it (a request taken back because it could not be stored in full).
   */
  | { kind: 'cancel'; by: string; quiet?: boolean }
  /** Unanswered past its approval's validity, or its time passed beyond the window. */
  | { kind: 'expire'; why: 'unanswered' | 'missed' }
  /** Its time has come: one runner claims it. */
  | { kind: 'run' }
  /** Decided in full when it ran, and refused (the rule in `why`): nothing was sent. */
  | { kind: 'refuse'; why: string }
  /** What the platform (or the app before calling it) made of it. */
  | { kind: 'finish'; state: 'done' | 'failed' | 'outcome-unknown'; why?: string | undefined }
  /** Its ending was told to its people (or is being told, by the due pass): no longer owed. */
  | { kind: 'told' }
  /** The due pass took the telling and could not say it: owed again. */
  | { kind: 'owe' };

export type TransitionResult =
  | { ok: true; request: ActionRequest }
  /** The event does not apply to the request as it is now (decided, run, cancelled…): nothing changes. */
  | { ok: false; request: ActionRequest; problem: TransitionProblem };

export type TransitionProblem =
  /** Already in a state this event cannot leave from. */
  | 'not-applicable'
  /** Approving or rejecting one's own request. */
  | 'own-request'
  /** Approving or rejecting after its approval lapsed. */
  | 'lapsed'
  /** Running before its time. */
  | 'not-due'
  /** Running past the window after its time. */
  | 'missed';

const HISTORY_KEPT = 16;

/** Applies one event at `now`; the result says whether it applied. */
export function transition(request: ActionRequest, event: RequestEvent, now: Date): TransitionResult {
  const refuse = (problem: TransitionProblem): TransitionResult => ({ ok: false, request, problem });
  const from = request.state;
  if (event.kind === 'told')
    return request.tellOwed ? { ok: true, request: told(request) } : refuse('not-applicable');
  if (event.kind === 'owe')
    return isTerminal(from) && !request.tellOwed
      ? { ok: true, request: { ...request, tellOwed: true } }
      : refuse('not-applicable');
  if (isTerminal(from)) return refuse('not-applicable');
  const to = (state: RequestState, patch: Partial<ActionRequest> = {}, by?: string): TransitionResult => ({
    ok: true,
    request: moved({ ...request, ...patch }, state, now, by),
  });
  switch (event.kind) {
    case 'approve':
    case 'reject': {
      if (from !== 'pending-approval' || !request.approval) return refuse('not-applicable');
      if (event.by === request.requestedBy) return refuse('own-request');
      if (now.getTime() > Date.parse(request.approval.validUntil)) return refuse('lapsed');
      const decided = { ...request.approval, decidedBy: event.by, decidedAt: now.toISOString() };
      if (event.kind === 'reject')
        return to(
          'rejected',
          { approval: withReason(decided, event.reason), why: 'rejected', tellOwed: true },
          event.by,
        );
      return to(waitsForItsTime(request, now) ? 'scheduled' : 'running', { approval: decided }, event.by);
    }
    case 'cancel':
      if (from !== 'pending-approval' && from !== 'scheduled') return refuse('not-applicable');
      return to('cancelled', { why: 'cancelled', ...(event.quiet ? {} : { tellOwed: true }) }, event.by);
    case 'expire':
      if (from === 'pending-approval' && event.why === 'unanswered') {
        const lapsed = request.approval && now.getTime() > Date.parse(request.approval.validUntil);
        return lapsed ? to('expired', { why: 'unanswered', tellOwed: true }) : refuse('not-applicable');
      }
      if (from === 'scheduled' && event.why === 'missed')
        return isMissed(request, now)
          ? to('expired', { why: 'missed', tellOwed: true })
          : refuse('not-applicable');
      return refuse('not-applicable');
    case 'run':
      if (from !== 'scheduled') return refuse('not-applicable');
      if (waitsForItsTime(request, now)) return refuse('not-due');
      // Never run silently late: past its window it can only be reported missed.
      return isMissed(request, now) ? refuse('missed') : to('running');
    case 'refuse':
      if (from !== 'running') return refuse('not-applicable');
      return to('rejected', { why: event.why });
    case 'finish':
      if (from !== 'running') return refuse('not-applicable');
      return to(event.state, event.why === undefined ? {} : { why: event.why });
  }
}

/** A request with a time still ahead waits for it. */
export function waitsForItsTime(request: Pick<ActionRequest, 'runAt'>, now: Date): boolean {
  return request.runAt !== undefined && Date.parse(request.runAt) > now.getTime();
}

/** Its time passed more than the window ago while nothing ran it (every replica was down). */
export function isMissed(request: Pick<ActionRequest, 'runAt'>, now: Date): boolean {
  return request.runAt !== undefined && now.getTime() - Date.parse(request.runAt) > MISSED_AFTER_MS;
}

function moved(
  request: ActionRequest,
  state: RequestState,
  now: Date,
  by: string | undefined,
): ActionRequest {
  const step = { state, at: now.toISOString(), ...(by === undefined ? {} : { by }) };
  return { ...request, state, history: [...request.history, step].slice(-HISTORY_KEPT) };
}

function told(request: ActionRequest): ActionRequest {
  const { tellOwed: _told, ...rest } = request;
  return rest;
}

function withReason(approval: NonNullable<ActionRequest['approval']>, reason: string | undefined) {
  const trimmed = reason?.trim();
  return trimmed ? { ...approval, reason: trimmed.slice(0, 500) } : approval;
}
