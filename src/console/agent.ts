import { Agent } from 'undici';

export interface ConsoleAgentOptions {
  connectTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  connections?: number;
}

/**
 * One keep-alive agent shared by every console client (the composition root builds it once).
 *
 * - connect timeout is explicit (5 s) so an unreachable platform fails fast and, because nothing
 *   was sent, the failure is reported as "nothing changed" rather than "outcome unknown";
 * - keep-alive stays short (4 s, below the 5 s Node/most proxies use) so we rarely reuse a socket
 *   the server is closing: a reset on a reused socket during a lifecycle POST has an unknown outcome;
 * - the agent-level header/body timeouts replace undici's 300 s defaults for anyone who borrows the
 *   agent; the client still sets its own per request.
 */
export function createConsoleAgent(opts: ConsoleAgentOptions = {}): Agent {
  return new Agent({
    connect: { timeout: opts.connectTimeoutMs ?? 5_000 },
    keepAliveTimeout: opts.keepAliveTimeoutMs ?? 4_000,
    connections: opts.connections ?? 16,
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
}
