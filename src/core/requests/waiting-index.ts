import * as z from 'zod';
import { type ActionRequest, isTerminal } from './action-request.js';

// Each workspace's waiting requests, listed for `/exp schedule` and the Home tab, and the one place
// that sees two of the same at once: written by compare-and-set, so two people asking the same
// thing at the same moment get one request and one "already asked".

/** Requests one workspace keeps waiting at once; past it, asking is refused (and said so). */
export const MAX_WAITING_PER_WORKSPACE = 1_000;
/** Two times closer than this are "the same time". */
const SAME_TIME_MS = 60_000;

const Entry = z.object({
  id: z.string().max(64),
  action: z.string().max(20),
  experimentId: z.int().positive().optional(),
  label: z.string().max(300).optional(),
  runAt: z.number().optional(),
});
export type WaitingEntry = z.infer<typeof Entry>;
const Index = z.object({ v: z.literal(1), entries: z.array(Entry).max(MAX_WAITING_PER_WORKSPACE) });

export function waitingEntriesOf(stored: unknown): WaitingEntry[] {
  const parsed = Index.safeParse(stored);
  return parsed.success ? parsed.data.entries : [];
}

type Reserved = { kind: 'reserved' } | { kind: 'duplicate'; id: string } | { kind: 'full' };

const entryOf = (request: ActionRequest): WaitingEntry => ({
  id: request.id,
  action: request.what.action,
  ...(request.what.experimentId === undefined ? {} : { experimentId: request.what.experimentId }),
  ...(request.what.expose ? { label: request.what.expose.label } : {}),
  ...(request.runAt === undefined ? {} : { runAt: Date.parse(request.runAt) }),
});

/** The same action on the same target at the same time (both now, or within a minute). */
function sameAsk(a: WaitingEntry, b: WaitingEntry): boolean {
  if (a.action !== b.action || a.experimentId !== b.experimentId || a.label !== b.label) return false;
  if (a.runAt === undefined || b.runAt === undefined) return a.runAt === b.runAt;
  return Math.abs(a.runAt - b.runAt) < SAME_TIME_MS;
}

/**
 * The index change for `request`: listed while it waits (pending approval or scheduled), gone once
 * it runs or ends. With `reserve`, a new request: refused as a duplicate or when the index is full.
 */
export function waitingChange(
  request: ActionRequest,
  options: { reserve?: boolean } = {},
): (stored: unknown) => { next: unknown; result: Reserved } {
  const waits = !isTerminal(request.state) && request.state !== 'running';
  const entry = entryOf(request);
  return (stored) => {
    const entries = waitingEntriesOf(stored);
    const others = entries.filter((e) => e.id !== request.id);
    if (options.reserve) {
      const same = others.find((e) => sameAsk(e, entry));
      if (same) return { next: stored, result: { kind: 'duplicate', id: same.id } };
      if (others.length >= MAX_WAITING_PER_WORKSPACE) return { next: stored, result: { kind: 'full' } };
    }
    const next = waits ? [...others, entry] : others;
    const unchanged = !waits && others.length === entries.length;
    return { next: unchanged ? stored : { v: 1, entries: next }, result: { kind: 'reserved' } };
  };
}
