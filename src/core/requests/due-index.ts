import * as z from 'zod';
import type { ActionRequest } from './action-request.js';

// Every request, across workspaces, that something must happen to without anyone asking: an
// approval lapsing, a time falling due, a run whose process died. The periodic look at the clock
// (run-due.ts) reads it; one key written by compare-and-set.

/** Waiting requests the app keeps across all workspaces; past it, asking is refused (and said so). */
const MAX_DUE_ENTRIES = 20_000;
/**
 * A request still running this long after it started belongs to a process that died (a platform
 * call's deadline is far shorter): it is ended as outcome unknown. The default of the store's
 * `runningStaleMs` (REQUEST_RUNNING_STALE_SECONDS).
 */
export const RUNNING_STALE_MS = 10 * 60 * 1000;

const Entry = z.object({ scope: z.string().max(200), id: z.string().max(64), dueAt: z.number() });
export type DueEntry = z.infer<typeof Entry>;
const Index = z.object({ v: z.literal(1), entries: z.array(Entry).max(MAX_DUE_ENTRIES) });

export function dueEntriesOf(stored: unknown): DueEntry[] {
  const parsed = Index.safeParse(stored);
  return parsed.success ? [...parsed.data.entries].sort((a, b) => a.dueAt - b.dueAt) : [];
}

/**
 * How long after an ending the due pass tells it, when the process that made it has not: like a
 * stale run, a step a process owns is taken as lost after a while, here a tenth of a run's (a
 * telling is a few Slack calls), so that a 429's wait does not make the pass tell it twice.
 */
export const tellAgainAfterMs = (runningStaleMs: number): number => Math.max(10_000, runningStaleMs / 10);

/**
 * When the request next needs looking at without anyone asking: a waiting approval lapses, a
 * scheduled one falls due, a running one is given up on, an ending nobody told is told; undefined
 * once it ended and was told.
 */
export function dueAtOf(request: ActionRequest, runningStaleMs = RUNNING_STALE_MS): number | undefined {
  if (request.tellOwed) {
    const endedAt = request.history.at(-1)?.at ?? request.createdAt;
    return Date.parse(endedAt) + tellAgainAfterMs(runningStaleMs);
  }
  switch (request.state) {
    case 'pending-approval':
      return request.approval ? Date.parse(request.approval.validUntil) : undefined;
    case 'scheduled':
      return request.runAt === undefined ? undefined : Date.parse(request.runAt);
    case 'running': {
      const since = request.history.at(-1)?.at ?? request.createdAt;
      return Date.parse(since) + runningStaleMs;
    }
    default:
      return undefined;
  }
}

/** The index change for `request`: listed at its due time while it has one; with `reserve`, 'full' past the bound. */
export function dueIndexChange(
  request: ActionRequest,
  options: { reserve?: boolean; runningStaleMs?: number } = {},
): (stored: unknown) => { next: unknown; result: 'ok' | 'full' } {
  const dueAt = dueAtOf(request, options.runningStaleMs);
  return (stored) => {
    const entries = dueEntriesOf(stored);
    const current = entries.find((e) => e.scope === request.scope && e.id === request.id);
    if (current?.dueAt === dueAt) return { next: stored, result: 'ok' };
    const others = entries.filter((e) => e !== current);
    if (dueAt === undefined) return { next: current ? { v: 1, entries: others } : stored, result: 'ok' };
    if (options.reserve && others.length >= MAX_DUE_ENTRIES) return { next: stored, result: 'full' };
    return {
      next: { v: 1, entries: [...others, { scope: request.scope, id: request.id, dueAt }] },
      result: 'ok',
    };
  };
}

/** The index change that drops one entry (its request is gone). */
export function dropDueEntry(
  scope: string,
  id: string,
): (stored: unknown) => { next: unknown; result: undefined } {
  return (stored) => {
    const entries = dueEntriesOf(stored);
    const others = entries.filter((e) => e.scope !== scope || e.id !== id);
    return { next: others.length === entries.length ? stored : { v: 1, entries: others }, result: undefined };
  };
}
