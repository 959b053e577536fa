import type { AuditEntry } from './audit-entry.js';

// Refusals for want of an action slot come as fast as people (or a script) can send them, while
// the audit trail is written at the store's pace: under a storm they outran SQLite's one writer,
// and every refusal's write, and the request waiting on it, piled up until the process ran out of
// memory. So while too many audit writes are
// under way, such refusals are counted here, per workspace and experiment, and written as one
// entry each when the trail has caught up: every refusal is still accounted for, with who and
// when, in bounded memory, and `/exp audit ID` finds the total for its experiment.

/** Who is named in a summary, at most (the count covers everyone). */
const NAMED_AT_MOST = 5;
/**
 * Totals kept apart by experiment, at most, over all workspaces: past it, further experiments share
 * their workspace's total, which names none (a storm over thousands of ids stays a few entries).
 */
const BY_EXPERIMENT_AT_MOST = 100;

interface Tally {
  scope: string;
  experimentId: number | undefined;
  count: number;
  users: string[];
  /** Someone beyond the named was refused too. */
  others: boolean;
  actions: string[];
  from: number;
  to: number;
}

export interface BusyTally {
  /** Counts one refusal of `scope`'s instead of writing it. */
  add(scope: string, entry: AuditEntry, at: number): void;
  /** The summaries of every workspace counted so far (forgotten here once taken). */
  take(): Array<{ scope: string; entry: AuditEntry }>;
  readonly size: number;
}

export function createBusyTally(): BusyTally {
  const tallies = new Map<string, Tally>();
  const keyOf = (scope: string, experimentId: number | undefined) => {
    const key = `${scope}#${experimentId ?? ''}`;
    return tallies.has(key) || tallies.size < BY_EXPERIMENT_AT_MOST
      ? { key, experimentId }
      : { key: `${scope}#`, experimentId: undefined };
  };
  return {
    add(scope, entry, at) {
      const { key, experimentId } = keyOf(scope, entry.experimentId);
      const tally = tallies.get(key) ?? {
        scope,
        experimentId,
        count: 0,
        users: [],
        others: false,
        actions: [],
        from: at,
        to: at,
      };
      tally.count += 1;
      tally.to = at;
      if (!tally.users.includes(entry.userId)) {
        if (tally.users.length < NAMED_AT_MOST) tally.users.push(entry.userId);
        else tally.others = true;
      }
      if (!tally.actions.includes(entry.action)) tally.actions.push(entry.action);
      tallies.set(key, tally);
    },
    take() {
      const taken = [...tallies.values()].map((tally) => ({ scope: tally.scope, entry: summaryOf(tally) }));
      tallies.clear();
      return taken;
    },
    get size() {
      return tallies.size;
    },
  };
}

/**
 * The rule of an entry that refuses an action for want of a slot: the one kind of entry counted
 * instead of written while the trail is behind. Whoever writes such refusals uses this value.
 */
export const SLOT_REFUSAL_RULE = 'busy';

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);
const during = (from: number, to: number) =>
  clock(from) === clock(to) ? `at ${clock(from)}` : `between ${clock(from)} and ${clock(to)}`;

/** One audit entry for a workspace's counted refusals: how many, of what, by whom, between when. */
function summaryOf(tally: Tally): AuditEntry {
  const others = tally.others ? ' and others' : '';
  return {
    userId: tally.users[0] ?? 'unknown',
    action: tally.actions.join(',').slice(0, 40),
    ...(tally.experimentId === undefined ? {} : { experimentId: tally.experimentId }),
    decision: 'refused',
    rule: SLOT_REFUSAL_RULE,
    outcome: 'busy',
    // Cut to the schema's bounds (AuditEntry): a longer entry would be written but never read back.
    detail: (
      `${tally.count} refused for want of a slot ${during(tally.from, tally.to)} UTC, ` +
      `by ${tally.users.join(', ')}${others}; counted, not written one by one, while the audit trail was behind`
    ).slice(0, 300),
  };
}
