import type { App } from '@slack/bolt';

export interface InFlight {
  /** Resolves once no listener chain is running: at once when none is. */
  idle(): Promise<void>;
}

/**
 * Counts requests inside Bolt's listener chains. processBeforeResponse is false, so Slack's request
 * is answered at ack() while the listener goes on; `await next()` in a global middleware returns
 * only when every listener has settled, the work after ack() included. That makes idle() the signal
 * to wait for before concluding that something was *not* sent, instead of sleeping.
 */
export function trackInFlight(app: App): InFlight {
  let running = 0;
  let waiting: Array<() => void> = [];
  app.use(async ({ next }) => {
    running += 1;
    try {
      await next();
    } finally {
      running -= 1;
      if (running === 0) {
        const settled = waiting;
        waiting = [];
        for (const resolve of settled) resolve();
      }
    }
  });
  return {
    idle: () => (running === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
  };
}
