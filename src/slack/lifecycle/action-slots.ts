/** Lifecycle actions running at once in one process: beyond the bound they are refused, not queued. */
export interface ActionSlots {
  tryTake(): boolean;
  give(): void;
  readonly inUse: number;
  /**
   * Counts one refusal. Returns how many to report in a log line when one is due (the first, then
   * at most one line per `logEveryMs`, carrying every refusal since the last), else undefined.
   */
  countRefusal(): number | undefined;
}

export function createActionSlots(
  max: number,
  options: { logEveryMs?: number; now?: () => number } = {},
): ActionSlots {
  const logEveryMs = options.logEveryMs ?? 10_000;
  const now = options.now ?? Date.now;
  let inUse = 0;
  let unreported = 0;
  let lastReport = Number.NEGATIVE_INFINITY;
  return {
    tryTake() {
      if (inUse >= max) return false;
      inUse += 1;
      return true;
    },
    give() {
      inUse = Math.max(0, inUse - 1);
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
