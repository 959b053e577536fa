import type { LifecycleAction } from './interface-values.js';
import type { ExperimentStatus } from './statuses.js';

// Response bodies of the sandbox's errors. Three texts are STATED by the interface and sent byte
// for byte as text/plain (the interface calls them "text"): the 403 token message and the two
// lifecycle messages. Everything else is an ASSUMPTION, sent as JSON so clients can tell a sandbox
// invention from a stated text.

export const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Stated: expired, revoked or invalid token. */
export const INVALID_API_KEY = 'Invalid api key provided';

/** Stated: lifecycle action on an unknown experiment (404). */
export function experimentNotFoundForAction(id: number, action: LifecycleAction): string {
  return `Experiment with id=${id} was not found for action ${action}`;
}

/** Stated: lifecycle action refused in the current status (400); also used for editing an archived one. */
export function cannotPerformAction(id: number, action: string, status: ExperimentStatus): string {
  return `Cannot perform action ${action} for experiment id=${id}: current status is ${status}`;
}

/** ASSUMPTION: 404 of GET/PATCH /experiments/v1/{id} mirrors the lifecycle text without the action. */
export function experimentNotFound(id: number): string {
  return `Experiment with id=${id} was not found`;
}

/** ASSUMPTION: 401 body (interface: "not shown"). */
export const MISSING_AUTH_BODY = { message: 'Authorization header is required' };

/**
 * ASSUMPTION: a valid token without the required scope (the interface does not show this case)
 * gets 403 with a JSON body distinct from "Invalid api key provided", so a client can tell
 * "reconnect with a new token" from "ask for more rights".
 */
export function insufficientScopeBody(scope: string): { message: string; requiredScope: string } {
  return { message: `Insufficient scope: requires ${scope}`, requiredScope: scope };
}

export interface FieldError {
  field: string;
  message: string;
}

/** ASSUMPTION: validation 400 body (interface: "body shape not shown"). */
export function validationBody(errors: readonly FieldError[]): { message: string; errors: FieldError[] } {
  return { message: 'Validation failed', errors: [...errors] };
}

/** ASSUMPTION: other console errors are JSON `{ message }`. */
export function consoleMessageBody(message: string): { message: string } {
  return { message };
}

/**
 * Splitter errors: the shape `{ error: { kind, message } }` is stated; the kinds are an ASSUMPTION
 * ("The set of kind values: not shown"), each repeating the HTTP status it travels with.
 */
const SPLITTER_ERROR_KINDS = {
  400: 'bad_request',
  401: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  500: 'internal',
} as const;
export type SplitterErrorStatus = keyof typeof SPLITTER_ERROR_KINDS;

export function splitterErrorBody(
  status: SplitterErrorStatus,
  message: string,
): { error: { kind: string; message: string } } {
  return { error: { kind: SPLITTER_ERROR_KINDS[status], message } };
}
