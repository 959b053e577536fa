// Test controls of the sandbox: response latency and one-shot injected responses.

export interface RequestMatch {
  /** Compared case-insensitively; absent = any method. */
  method?: string;
  /** Substring of the request's path and query; absent = any path. */
  pathIncludes?: string;
}

export interface InjectedResponse {
  status: number;
  body: string;
  contentType?: string;
}

export interface Injections {
  setLatency(ms: number, match?: RequestMatch): void;
  latencyFor(method: string, url: string): number;
  failNext(response: InjectedResponse, match?: RequestMatch): void;
  /** Removes and returns the first queued injection that matches. */
  takeInjected(method: string, url: string): InjectedResponse | undefined;
}

function matches(match: RequestMatch | undefined, method: string, url: string): boolean {
  if (!match) return true;
  if (match.method !== undefined && match.method.toUpperCase() !== method.toUpperCase()) return false;
  return match.pathIncludes === undefined || url.includes(match.pathIncludes);
}

export function createInjections(): Injections {
  // One latency rule at a time keeps tests readable; 0 clears it whatever the match.
  let latency: { ms: number; match: RequestMatch | undefined } | undefined;
  const queue: { response: InjectedResponse; match: RequestMatch | undefined }[] = [];
  return {
    setLatency(ms, match) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError(`latency must be a non-negative number: ${ms}`);
      latency = ms === 0 ? undefined : { ms, match };
    },
    latencyFor(method, url) {
      return latency && matches(latency.match, method, url) ? latency.ms : 0;
    },
    failNext(response, match) {
      queue.push({ response, match });
    },
    takeInjected(method, url) {
      const index = queue.findIndex((q) => matches(q.match, method, url));
      if (index < 0) return undefined;
      return queue.splice(index, 1)[0]?.response;
    },
  };
}
