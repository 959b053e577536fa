import { redactSecrets } from '../observability/redact.js';
import { errorCode, NEVER_SENT_CODES, TIMEOUT_PHASES } from './never-sent-codes.js';
import { redactCause } from './redact-cause.js';

export type TransportPhase = 'connect' | 'headers' | 'body';

export interface TransportErrorInit {
  kind: 'timeout' | 'connection';
  /** Which of undici's timeouts fired; undefined for other failures. */
  phase: TransportPhase | undefined;
  code: string | undefined;
  neverSent: boolean;
  outcomeUnknown: boolean;
  method: string;
  path: string;
  /** The timeout that fired, as applied to this attempt (a deadline may have shortened it). */
  timeoutMs: number | undefined;
  /** The underlying error's message, redacted. */
  detail: string;
  cause: unknown;
}

/**
 * The request got no usable answer: no connection, a timeout, or a connection that broke. Thrown by
 * the request core after its retries; each client maps it to its own error classes. The message,
 * `detail` and the whole `cause` chain are already redacted.
 */
export class TransportError extends Error {
  readonly kind: 'timeout' | 'connection';
  readonly phase: TransportPhase | undefined;
  readonly code: string | undefined;
  /** Proven never sent (see never-sent-codes.ts): nothing changed, whatever the method. */
  readonly neverSent: boolean;
  /** A state-changing request may have been applied: callers must claim neither outcome. */
  readonly outcomeUnknown: boolean;
  readonly method: string;
  readonly path: string;
  readonly timeoutMs: number | undefined;
  readonly detail: string;

  constructor(message: string, init: TransportErrorInit) {
    super(message, { cause: init.cause });
    this.name = 'TransportError';
    this.kind = init.kind;
    this.phase = init.phase;
    this.code = init.code;
    this.neverSent = init.neverSent;
    this.outcomeUnknown = init.outcomeUnknown;
    this.method = init.method;
    this.path = init.path;
    this.timeoutMs = init.timeoutMs;
    this.detail = init.detail;
  }
}

export interface FailureContext {
  method: string;
  path: string;
  /** The request changes nothing on the server, so having sent it leaves no doubt. */
  readOnly: boolean;
  secrets: readonly string[];
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** The caller's deadline aborted the attempt while it waited for this phase. */
  deadline?: { phase: 'headers' | 'body'; ms: number | undefined };
}

/** Classifies an undici/Node failure of one attempt. */
export function toTransportError(err: unknown, ctx: FailureContext): TransportError {
  const code = errorCode(err);
  const phase = ctx.deadline?.phase ?? (code === undefined ? undefined : TIMEOUT_PHASES[code]);
  // A deadline may abort before the socket is even open, but nothing proves it did.
  const neverSent = ctx.deadline === undefined && code !== undefined && NEVER_SENT_CODES.has(code);
  const outcomeUnknown = !ctx.readOnly && !neverSent;
  const detail = redactSecrets(err instanceof Error ? err.message : String(err), ctx.secrets);
  const phaseTimeoutMs =
    phase === 'headers' ? ctx.headersTimeoutMs : phase === 'body' ? ctx.bodyTimeoutMs : undefined;
  const timeoutMs = ctx.deadline === undefined ? phaseTimeoutMs : ctx.deadline.ms;
  const kind = phase === undefined ? 'connection' : 'timeout';
  const what = neverSent ? 'not sent' : kind === 'timeout' ? `timed out (${phase})` : 'connection failed';
  return new TransportError(`${ctx.method} ${ctx.path}: ${what} (${code ?? detail})`, {
    kind,
    phase,
    code,
    neverSent,
    outcomeUnknown,
    method: ctx.method,
    path: ctx.path,
    timeoutMs,
    detail,
    cause: redactCause(err, ctx.secrets),
  });
}
