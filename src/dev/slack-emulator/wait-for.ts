import { WaitForTimeoutError } from './errors.js';

// Polls on every state change and on a short interval too, since pick may read state the emulator
// does not own (an app's store, a log).
export function waitFor<T>(
  pick: () => T | undefined | false,
  on: (event: 'change', listener: () => void) => () => void,
  timeoutMs: number,
  message: string | undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const cleanups: Array<() => void> = [];
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      for (const cleanup of cleanups) cleanup();
      fn();
    };
    const attempt = () => {
      if (settled) return;
      try {
        const value = pick();
        if (value) settle(() => resolve(value));
      } catch (error) {
        settle(() => reject(error));
      }
    };
    const interval = setInterval(attempt, 20);
    const timer = setTimeout(() => {
      const text = message ?? `waitFor timed out after ${timeoutMs} ms`;
      settle(() => reject(new WaitForTimeoutError(text, timeoutMs)));
    }, timeoutMs);
    cleanups.push(
      () => clearInterval(interval),
      () => clearTimeout(timer),
      on('change', attempt),
    );
    attempt();
  });
}
