import { type ActionRequest, isTerminal } from './action-request.js';
import type { RequestPorts, RunAllowed } from './ports.js';
import { auditStep } from './request-audit.js';
import { runDueRequest } from './run-request.js';
import { endingChange, tellEnding } from './tell-ending.js';
import { isMissed } from './transitions.js';

/** Requests looked at in one pass; the rest are in the next (at once: the pass says how many are left). */
const PER_PASS = 50;

export interface DuePass {
  /** Requests this pass moved (ran, expired, ended). */
  handled: number;
  /** When the next request falls due, if one does. */
  nextDueAt: number | undefined;
}

/**
 * One look at the clock: every request that should have moved by now does. A lapsed approval
 * expires (its people told); a scheduled request past its window is missed; one whose time has come
 * is claimed by one replica and run through `runFor`'s runner; a run whose process died is ended as
 * outcome unknown. Each move is a compare-and-set: replicas looking at once move each request once.
 */
export async function runDueRequests(
  ports: RequestPorts,
  runFor: (request: ActionRequest) => RunAllowed,
): Promise<DuePass> {
  const now = ports.now();
  const entries = await ports.requests.due(now, PER_PASS);
  let handled = 0;
  for (const entry of entries) {
    try {
      const request = await ports.requests.get(entry.scope, entry.id);
      if (request?.tellOwed) {
        if (await tellOwedEnding(ports, request, now)) handled++;
      } else if (!request || isTerminal(request.state)) await dropStale(ports, entry);
      else if (await moveDue(ports, request, runFor, now)) handled++;
      // Listed at a time its record no longer has (an index write failed after a move): mended.
      else if (ports.requests.dueAtOf(request) !== entry.dueAt) await ports.requests.resync(request);
    } catch (error) {
      ports.logger.error('a due request could not be handled; it is looked at again next time', { error });
    }
  }
  return { handled, nextDueAt: await ports.requests.nextDueAt() };
}

async function moveDue(
  ports: RequestPorts,
  request: ActionRequest,
  runFor: (request: ActionRequest) => RunAllowed,
  now: Date,
): Promise<boolean> {
  switch (request.state) {
    case 'pending-approval':
      return ended(ports, request, { kind: 'expire', why: 'unanswered' }, 'expired');
    case 'scheduled':
      if (isMissed(request, now)) return ended(ports, request, { kind: 'expire', why: 'missed' }, 'missed');
      return (await runDueRequest(ports, request, runFor(request))).kind !== 'not-ours';
    case 'running': {
      const since = Date.parse(request.history.at(-1)?.at ?? request.createdAt);
      if (now.getTime() - since < ports.requests.runningStaleMs) return false;
      return ended(
        ports,
        request,
        { kind: 'finish', state: 'outcome-unknown', why: 'interrupted' },
        'interrupted',
      );
    }
    default:
      return false;
  }
}

async function ended(
  ports: RequestPorts,
  request: ActionRequest,
  event: Parameters<RequestPorts['requests']['apply']>[2],
  change: 'expired' | 'missed' | 'interrupted',
): Promise<boolean> {
  const moved = await ports.requests.apply(request.scope, request.id, event);
  if (!moved?.ok) return false;
  await auditStep(ports.audit, moved.request, change);
  await tellEnding(ports, moved.request, { kind: change });
  return true;
}

/** Past this, an ending that still cannot be told is given up on (logged), not looked at every pass. */
const TELL_GIVE_UP_MS = 60 * 60 * 1000;

/**
 * An ending whose process did not tell it (it died, or could not read what to say): taken by one
 * replica (marked told by compare-and-set) and told, or owed again when it cannot be said yet. Its
 * first teller may have got as far as saying it before dying, so this can repeat it, once.
 */
async function tellOwedEnding(ports: RequestPorts, request: ActionRequest, now: Date): Promise<boolean> {
  const taken = await ports.requests.apply(request.scope, request.id, { kind: 'told' });
  if (!taken?.ok) return false;
  const change = endingChange(request);
  const endedAt = Date.parse(request.history.at(-1)?.at ?? request.createdAt);
  if (!change || now.getTime() - endedAt >= TELL_GIVE_UP_MS) {
    ports.logger.warn('an ending could not be told in time; given up', { id: request.id });
    return true;
  }
  ports.logger.info('an ending its process did not tell is told by the due pass', { id: request.id });
  if (!(await ports.notify(request, change, { again: true })))
    await ports.requests.apply(request.scope, request.id, { kind: 'owe' }, { keep: true });
  return true;
}

/**
 * A due entry whose record is gone (expired from the store), or whose request ended while the
 * index write after it failed: taken out of the index, else it would be looked at every pass.
 */
async function dropStale(ports: RequestPorts, entry: { scope: string; id: string }): Promise<void> {
  ports.logger.warn('a due request has ended or is no longer stored; dropped from the index', {
    id: entry.id,
  });
  await ports.requests.forgetDue(entry.scope, entry.id);
}
