export interface InFlight {
  /** Resolves once no listener chain is running: at once when none is. */
  idle(): Promise<void>;
}

/** What the one global middleware (listener-registry.ts) tells as each request's chain starts and ends. */
export interface InFlightCounter extends InFlight {
  enter(): void;
  leave(): void;
}

/**
 * Counts requests inside Bolt's listener chains. processBeforeResponse is false, so Slack's request
 * is answered at ack() while the listener goes on; the app's one global middleware returns only
 * when every listener has settled, the work after ack() included. That makes idle() the signal to
 * wait for before concluding that something was *not* sent, instead of sleeping. It is counted in
 * that middleware rather than in one of its own, which would be another step Bolt runs for every
 * request.
 */
export function createInFlight(): InFlightCounter {
  let running = 0;
  let waiting: Array<() => void> = [];
  return {
    enter() {
      running += 1;
    },
    leave() {
      running -= 1;
      if (running > 0) return;
      const settled = waiting;
      waiting = [];
      for (const resolve of settled) resolve();
    },
    idle: () => (running === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
  };
}
