/**
 * Resolves after the I/O callbacks already due: setImmediate runs after Node's poll phase. Awaited
 * right after an ack, it lets every request of a burst that has already arrived be read and acked
 * before the work after this ack goes on; without it that work runs on as promise continuations
 * ahead of the next request, and the last acks of a burst wait for it.
 */
export const afterPendingIo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
