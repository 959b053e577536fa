/** A count of lifecycle actions running at once, refused (not queued) beyond `max`. */
export function createActionSlots(max: number): { tryTake(): boolean; give(): void; readonly inUse: number } {
  let inUse = 0;
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
  };
}
