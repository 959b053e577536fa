import type * as z from 'zod';

// One class per way a splitter call can fail; callers switch on the class, never on text. Every
// message and body kept here has already passed through redactSecrets with the client's token.

export type SplitterMethod = 'getFeaturesByTag' | 'exposeManyV2';

export interface SplitterErrorInit {
  method: SplitterMethod;
  cause?: unknown;
}

export abstract class SplitterError extends Error {
  readonly method: SplitterMethod;

  constructor(message: string, init: SplitterErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.method = init.method;
  }
}

/** The request did not validate, so nothing was sent and nothing changed. */
export class SplitterRequestError extends SplitterError {
  readonly issues: readonly z.core.$ZodIssue[];
  constructor(message: string, init: SplitterErrorInit & { issues: readonly z.core.$ZodIssue[] }) {
    super(message, init);
    this.issues = init.issues;
  }
}

/**
 * The platform refused the call. With the interface's error body, kind and message come from it
 * (kind is opaque: its values are not shown); otherwise kind is undefined and body keeps the text.
 */
export class SplitterApiError extends SplitterError {
  readonly status: number;
  readonly kind: string | undefined;
  /** Raw response text, redacted and truncated. */
  readonly body: string;
  constructor(
    message: string,
    init: SplitterErrorInit & { status: number; kind: string | undefined; body: string },
  ) {
    super(message, init);
    this.status = init.status;
    this.kind = init.kind;
    this.body = init.body;
  }
}

/** 2xx whose body is not what the interface promises (not JSON, or the wrong shape). */
export class SplitterResponseError extends SplitterError {
  readonly status: number;
  /** Raw response text, redacted and truncated. */
  readonly body: string;
  constructor(message: string, init: SplitterErrorInit & { status: number; body: string }) {
    super(message, init);
    this.status = init.status;
    this.body = init.body;
  }
}

export type TimeoutPhase = 'connect' | 'headers' | 'body';

/**
 * No answer in time. After the request was sent, a state-changing call (exposeManyV2) may or may
 * not have been registered: outcomeUnknown says so and callers must claim neither outcome.
 */
export class SplitterTimeoutError extends SplitterError {
  readonly phase: TimeoutPhase;
  readonly outcomeUnknown: boolean;
  constructor(message: string, init: SplitterErrorInit & { phase: TimeoutPhase; outcomeUnknown: boolean }) {
    super(message, init);
    this.phase = init.phase;
    this.outcomeUnknown = init.outcomeUnknown;
  }
}

/**
 * The splitter could not be reached, or the connection broke. A break after sending leaves the
 * outcome of a state-changing call unknown, like a timeout.
 */
export class SplitterConnectionError extends SplitterError {
  readonly code: string | undefined;
  readonly outcomeUnknown: boolean;
  constructor(
    message: string,
    init: SplitterErrorInit & { code: string | undefined; outcomeUnknown: boolean },
  ) {
    super(message, init);
    this.code = init.code;
    this.outcomeUnknown = init.outcomeUnknown;
  }
}
