/**
 * Writes held back for a moment so that the next update of the same key in this process goes into
 * them: an action's new status is held while its outcome is told, and the thread its card starts
 * is merged into that write instead of a second read and write of the record. A held write starts
 * when released, when an update is merged into it, or after `maxHoldMs` (a slow Slack does not leave
 * the record behind for long).
 */
export interface HeldWrites<T> {
  /** Holds the write of `value` for `key`; `written` settles once it has run with the value as it then is. */
  hold(
    key: string,
    value: T,
    write: (value: T) => Promise<void>,
  ): { written: Promise<void>; release(): void };
  /** Merges into the write held for `key` and starts it; undefined when none is held. */
  absorb(key: string, merge: (value: T) => T): { value: T; written: Promise<void> } | undefined;
  /** Starts the write held for `key`, if any. */
  release(key: string): void;
  /** Starts every write held for a key beginning with `prefix`. */
  releaseUnder(prefix: string): void;
}

interface Held<T> {
  value: T;
  start(): void;
  written: Promise<void>;
}

export function createHeldWrites<T>(maxHoldMs: number): HeldWrites<T> {
  const held = new Map<string, Held<T>>();
  const startHeld = (key: string, entry: Held<T> | undefined) => {
    if (!entry || held.get(key) !== entry) return;
    held.delete(key);
    entry.start();
  };
  return {
    hold(key, value, write) {
      startHeld(key, held.get(key));
      let start = () => {};
      const begun = new Promise<void>((resolve) => {
        start = resolve;
      });
      const entry: Held<T> = { value, start: () => start(), written: Promise.resolve() };
      const timer = setTimeout(() => startHeld(key, entry), maxHoldMs);
      timer.unref();
      entry.written = begun.then(() => {
        clearTimeout(timer);
        return write(entry.value);
      });
      held.set(key, entry);
      return { written: entry.written, release: () => startHeld(key, entry) };
    },
    absorb(key, merge) {
      const entry = held.get(key);
      if (!entry) return undefined;
      entry.value = merge(entry.value);
      startHeld(key, entry);
      return { value: entry.value, written: entry.written };
    },
    release: (key) => startHeld(key, held.get(key)),
    releaseUnder(prefix) {
      for (const [key, entry] of [...held]) if (key.startsWith(prefix)) startHeld(key, entry);
    },
  };
}
