/**
 * Writes this process has started and not finished, by key. A record is written whole after a read
 * (read-merge-write), so a read or update of it issued meanwhile waits for the write: otherwise this
 * process would read what it had just replaced and write it back.
 */
export interface PendingWrites {
  /** Settles once the write of `key` under way (if any) has (never rejects). */
  settled(key: string): Promise<void> | undefined;
  /** Settles once every write under way of a key starting with `prefix` has. */
  settledUnder(prefix: string): Promise<unknown>;
  /** Remembers `write` as the write of `key` until it settles; returns it. */
  track(key: string, write: Promise<void>): Promise<void>;
}

export function createPendingWrites(): PendingWrites {
  const writing = new Map<string, Promise<void>>();
  return {
    settled: (key) => writing.get(key),
    settledUnder: (prefix) =>
      Promise.all([...writing].flatMap(([key, write]) => (key.startsWith(prefix) ? [write] : []))),
    track(key, write) {
      const settled = write.then(
        () => undefined,
        () => undefined,
      );
      writing.set(key, settled);
      void settled.then(() => {
        if (writing.get(key) === settled) writing.delete(key);
      });
      return write;
    },
  };
}
