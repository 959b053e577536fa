// Error codes that prove a request never left this process: the failure happened while resolving
// the host, opening the socket, negotiating TLS or checking the request's own arguments, all of which
// come before undici writes the first byte of the request line. Whatever the method, nothing changed
// on the server, so a lifecycle POST that failed this way can be reported as "nothing changed".
//
// Anything not listed (ECONNRESET, UND_ERR_SOCKET "other side closed", EPIPE, header/body timeouts,
// undici's mock errors, unknown codes) may have happened after the request was written, so a
// state-changing request that fails that way has an unknown outcome. The list only ever errs on
// that side: a code is added here only when it cannot occur once the socket is carrying the request.
export const NEVER_SENT_CODES: ReadonlySet<string> = new Set([
  // Nothing listens on the port: the TCP handshake was refused.
  'ECONNREFUSED',
  // DNS has no such name: there was no address to connect to.
  'ENOTFOUND',
  // DNS failed temporarily: same, no address yet.
  'EAI_AGAIN',
  // No route to the host or its network: the SYN never arrived.
  'EHOSTUNREACH',
  'ENETUNREACH',
  // The local address or port could not be bound for the outgoing socket.
  'EADDRNOTAVAIL',
  // undici gave up on the TCP/TLS handshake (the agent's connect timeout).
  'UND_ERR_CONNECT_TIMEOUT',
  // undici refused the request's own options (bad header, body, method) before dispatching it.
  'UND_ERR_INVALID_ARG',
  // The URL could not be parsed, so no connection was even attempted.
  'ERR_INVALID_URL',
  // TLS certificate checks run during the handshake, before any HTTP byte is encrypted and sent.
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** undici's timeouts and the phase each one bounds. The connect timeout is also a never-sent code. */
export const TIMEOUT_PHASES: Readonly<Record<string, 'connect' | 'headers' | 'body'>> = {
  UND_ERR_CONNECT_TIMEOUT: 'connect',
  UND_ERR_HEADERS_TIMEOUT: 'headers',
  UND_ERR_BODY_TIMEOUT: 'body',
};

/**
 * The error's code, looking through AggregateError (Node's happy-eyeballs connect tries every
 * address and wraps the failures) and `cause` wrappers (undici nests the system error).
 */
export function errorCode(err: unknown, depth = 0): string | undefined {
  if (depth > 3 || err === null || typeof err !== 'object') return undefined;
  const { code, cause, errors } = err as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const found = errorCode(inner, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return errorCode(cause, depth + 1);
}
