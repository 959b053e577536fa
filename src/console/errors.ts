import type { PlatformFailureKind } from '../core/platform/failures.js';

// One class per way a console API call can fail, each of the shape the domain's port names
// (core/platform/failures.ts). Handlers switch on the class or the kind, never on text.
// Messages never contain the token: the request core builds them from status and body only.

export interface ConsoleErrorInit {
  status?: number;
  body?: string;
  method: string;
  path: string;
  cause?: unknown;
}

export abstract class ConsoleError extends Error {
  abstract readonly kind: PlatformFailureKind;
  readonly status: number | undefined;
  /** Raw response text (truncated), kept for diagnostics and for messages that quote the platform. */
  readonly body: string | undefined;
  readonly method: string;
  readonly path: string;

  constructor(message: string, init: ConsoleErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.body = init.body;
    this.method = init.method;
    this.path = init.path;
  }
}

/** 401: the request carried no Authorization header (the workspace is not connected). */
export class MissingAuthError extends ConsoleError {
  readonly kind = 'missing_auth';
}

/** 403 "Invalid api key provided": the token is expired, revoked or invalid. */
export class InvalidTokenError extends ConsoleError {
  readonly kind = 'invalid_token';
}

/**
 * 403 whose text does not say "Invalid api key provided" but names a missing scope. The interface
 * does not show how a valid token without the right scope is refused; telling this apart keeps a
 * good connection from being marked invalid when it only lacks a right.
 */
export class InsufficientScopeError extends ConsoleError {
  readonly kind = 'insufficient_scope';
}

/**
 * Any other 403: a gateway, a firewall or a rule of the platform refused this request. The token is
 * not known to be bad (only the interface's own "Invalid api key provided" says so), so the
 * connection stays as it is and the person is told the platform refused.
 */
export class ForbiddenError extends ConsoleError {
  readonly kind = 'forbidden';
}

/** 404 "Experiment with id=<id> was not found for action <action>". */
export class ExperimentNotFoundError extends ConsoleError {
  readonly kind = 'not_found';
  constructor(
    message: string,
    init: ConsoleErrorInit & { experimentId: number | undefined; action: string | undefined },
  ) {
    super(message, init);
    this.experimentId = init.experimentId;
    this.action = init.action;
  }
  readonly experimentId: number | undefined;
  readonly action: string | undefined;
}

/**
 * 400 "Cannot perform action <action> for experiment id=<id>: current status is <status>", built
 * only when that sentence is the whole message and names the action and experiment that were sent
 * (parse-error.ts matchConflict); any other 400 is a ValidationError. currentStatus is the single
 * token the sentence ends with, opaque: the interface does not list statuses.
 */
export class StatusConflictError extends ConsoleError {
  readonly kind = 'status_conflict';
  constructor(
    message: string,
    init: ConsoleErrorInit & {
      experimentId: number | undefined;
      action: string | undefined;
      currentStatus: string | undefined;
    },
  ) {
    super(message, init);
    this.experimentId = init.experimentId;
    this.action = init.action;
    this.currentStatus = init.currentStatus;
  }
  readonly experimentId: number | undefined;
  readonly action: string | undefined;
  readonly currentStatus: string | undefined;
}

/** Any other 400: the request did not validate. The body shape is not shown by the interface. */
export class ValidationError extends ConsoleError {
  readonly kind = 'validation';
}

/** 5xx from the platform. */
export class ServerError extends ConsoleError {
  readonly kind = 'server';
}

/** A status the interface does not describe (e.g. 409, 429, 3xx). */
export class UnexpectedStatusError extends ConsoleError {
  readonly kind = 'unexpected_status';
}

/** 2xx whose body is not what the interface promises (not JSON, truncated, wrong shape). */
export class UnexpectedResponseError extends ConsoleError {
  readonly kind = 'unexpected_response';
}

/**
 * The platform did not answer in time. For a lifecycle POST that may have reached the server the
 * outcome is unknown: outcomeUnknown says so and callers must not claim success or failure.
 */
export class ConsoleTimeoutError extends ConsoleError {
  readonly kind = 'timeout';
  constructor(message: string, init: ConsoleErrorInit & { outcomeUnknown: boolean }) {
    super(message, init);
    this.outcomeUnknown = init.outcomeUnknown;
  }
  readonly outcomeUnknown: boolean;
}

/** The platform could not be reached at all (DNS, refused, reset before any response). */
export class ConnectionError extends ConsoleError {
  readonly kind = 'connection';
  constructor(message: string, init: ConsoleErrorInit & { outcomeUnknown: boolean }) {
    super(message, init);
    this.outcomeUnknown = init.outcomeUnknown;
  }
  readonly outcomeUnknown: boolean;
}

/**
 * The caller's input was refused before any network call (bad experiment id, unknown action or
 * dictionary, a body the interface does not allow). Nothing was sent, so nothing changed.
 */
export class InvalidRequestError extends ConsoleError {
  readonly kind = 'invalid_request';
  constructor(message: string, init: ConsoleErrorInit & { issues: readonly string[] }) {
    super(message, init);
    this.issues = init.issues;
  }
  readonly issues: readonly string[];
}
