import type { Logger } from '../observability/logger.js';

/** What shutting down undoes, registered as each part starts. */
export interface Closers {
  push(close: () => Promise<unknown>): void;
}

export interface ShutdownList extends Closers {
  /** Closes last-first (what started last may use what started before it), logging what fails. */
  closeAll(): Promise<void>;
}

export function createClosers(logger: Logger): ShutdownList {
  const closers: Array<() => Promise<unknown>> = [];
  let closing: Promise<void> | undefined;
  const closeInTurn = async () => {
    for (const close of closers.splice(0).reverse()) {
      await close().catch((error: unknown) => logger.warn('close failed', { error }));
    }
  };
  return {
    push: (close) => {
      closers.push(close);
    },
    // A second caller (two signals) waits for the same shutdown.
    closeAll: () => {
      closing ??= closeInTurn();
      return closing;
    },
  };
}
