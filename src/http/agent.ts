import { Agent } from 'undici';

export interface PlatformAgentOptions {
  connectTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  connections?: number;
}

/**
 * A keep-alive agent for platform calls. The composition root builds one and shares it; a client
 * given no dispatcher builds its own.
 *
 * - the connect timeout is explicit (5 s by default) so an unreachable platform fails fast and,
 *   because nothing was sent, the failure is reported as "nothing changed" rather than "unknown";
 * - keep-alive stays short (4 s, below the 5 s Node and most proxies use) so we rarely reuse a socket
 *   the server is closing: a reset on a reused socket during a lifecycle POST has an unknown outcome;
 * - agent-level header/body timeouts replace undici's 300 s defaults for anyone who borrows the
 *   agent; the request core still sets its own per attempt.
 */
export function createPlatformAgent(opts: PlatformAgentOptions = {}): Agent {
  return new Agent({
    connect: { timeout: opts.connectTimeoutMs ?? 5_000 },
    keepAliveTimeout: opts.keepAliveTimeoutMs ?? 4_000,
    // Per platform host. Too few make a burst of lifecycle actions against a slow platform wait for
    // each other's connections. The actions in flight are bounded (256 per process), so this does
    // not let work pile up.
    connections: opts.connections ?? 64,
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
}
