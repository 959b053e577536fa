/**
 * Lifecycle actions running at once in one process, refused (not queued) beyond the bound. Each
 * workspace acts on its own platform: without a share of its own, one whose platform hangs would
 * hold every slot and refuse everyone else's actions too. A workspace may always use its share; it
 * may borrow beyond it only while more than a share's worth of slots stays free, so a workspace
 * alone on a replica can still use three quarters of the bound (a store outage backs actions up
 * quickly: test/durability.test.ts), and one that hangs always leaves a share to the others.
 */
export interface ActionSlots {
  tryTake(workspace: string): boolean;
  /** Whether tryTake would take one now (takes nothing). */
  free(workspace: string): boolean;
  give(workspace: string): void;
  readonly inUse: number;
  /**
   * Counts one refusal. Returns how many to report in a log line when one is due (the first, then
   * at most one line per `logEveryMs`, carrying every refusal since the last), else undefined.
   */
  countRefusal(): number | undefined;
}

export function createActionSlots(
  max: number,
  options: {
    /** A workspace's share, and the slots its borrowing leaves free; by default a quarter of `max`. */
    perWorkspace?: number;
    logEveryMs?: number;
    now?: () => number;
  } = {},
): ActionSlots {
  const perWorkspace = options.perWorkspace ?? Math.max(1, Math.ceil(max / 4));
  const logEveryMs = options.logEveryMs ?? 10_000;
  const now = options.now ?? Date.now;
  const held = new Map<string, number>();
  let inUse = 0;
  let unreported = 0;
  let lastReport = Number.NEGATIVE_INFINITY;
  const free = (workspace: string) => {
    const mine = held.get(workspace) ?? 0;
    return inUse < max && !(mine >= perWorkspace && max - inUse <= perWorkspace);
  };
  return {
    free,
    tryTake(workspace) {
      if (!free(workspace)) return false;
      const mine = held.get(workspace) ?? 0;
      held.set(workspace, mine + 1);
      inUse += 1;
      return true;
    },
    give(workspace) {
      const mine = held.get(workspace) ?? 0;
      if (mine === 0) return;
      if (mine === 1) held.delete(workspace);
      else held.set(workspace, mine - 1);
      inUse -= 1;
    },
    get inUse() {
      return inUse;
    },
    countRefusal() {
      unreported += 1;
      if (now() - lastReport < logEveryMs) return undefined;
      lastReport = now();
      const count = unreported;
      unreported = 0;
      return count;
    },
  };
}
