import { redactSecrets } from '../observability/redact.js';
import {
  type ConsoleError,
  type ConsoleErrorInit,
  ExperimentNotFoundError,
  ForbiddenError,
  InsufficientScopeError,
  InvalidTokenError,
  MissingAuthError,
  ServerError,
  StatusConflictError,
  UnexpectedStatusError,
  ValidationError,
} from './errors.js';

/** How much of a response body an error keeps: enough to diagnose, small enough to log. */
const KEPT_BODY_CHARS = 4096;

// The interface fixes these sentences but not the body format that carries them ("not shown").
// They are searched for in every string of a JSON body and in plain text, so a platform that wraps
// them in {message}, {error:{message}}, {detail} or anything else is still understood.
const NOT_FOUND = /Experiment with id=(\d+) was not found for action ([A-Za-z0-9_-]+)/;

const MESSAGE_FIELDS = [
  'message',
  'error',
  'errors',
  'detail',
  'title',
  'description',
  'msg',
  'errorMessage',
];
const MAX_WALKED_STRINGS = 500;

/** Redacts the token (and anything secret-shaped), then truncates: platforms sometimes echo headers. */
export function keepBody(text: string, token: string | undefined): string {
  const redacted = redactSecrets(text, token === undefined ? [] : [token]);
  return redacted.length > KEPT_BODY_CHARS ? `${redacted.slice(0, KEPT_BODY_CHARS)}…` : redacted;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function walkStrings(value: unknown, out: string[], depth: number): void {
  if (out.length >= MAX_WALKED_STRINGS || depth > 8) return;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) walkStrings(item, out, depth + 1);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) walkStrings(item, out, depth + 1);
}

/** The platform's human message from common JSON fields, or the plain text itself. */
export function primaryMessage(text: string): string | undefined {
  return primaryOf(parseJson(text), text);
}

function primaryOf(parsed: ReturnType<typeof parseJson>, text: string): string | undefined {
  if (!parsed.ok) return text.trim() === '' ? undefined : text.trim();
  let value = parsed.value;
  for (let depth = 0; depth < 4; depth++) {
    if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
    // A list holding one error is that error; with several, none of them is "the" message.
    if (Array.isArray(value)) {
      if (value.length !== 1) return undefined;
      value = value[0];
      continue;
    }
    if (value === null || typeof value !== 'object') return undefined;
    const record = value as Record<string, unknown>;
    const key = MESSAGE_FIELDS.find(
      (k) => typeof record[k] === 'string' || (typeof record[k] === 'object' && record[k] !== null),
    );
    if (key === undefined) return undefined;
    value = record[key];
  }
  return undefined;
}

/** Every string that may hold the platform's sentence, most likely first. */
function candidateMessages(text: string): string[] {
  const parsed = parseJson(text);
  if (!parsed.ok) return [text];
  const primary = primaryOf(parsed, text);
  const out: string[] = primary === undefined ? [] : [primary];
  walkStrings(parsed.value, out, 0);
  return out;
}

function safeId(digits: string | undefined): number | undefined {
  const n = Number(digits);
  return digits !== undefined && Number.isSafeInteger(n) ? n : undefined;
}

function matchNotFound(text: string) {
  for (const candidate of candidateMessages(text)) {
    const m = NOT_FOUND.exec(candidate);
    if (m) return { sentence: m[0], experimentId: safeId(m[1]), action: m[2] };
  }
  return undefined;
}

/** The lifecycle request an error answers: the only one a status conflict can be about. */
export interface SentAction {
  action: string;
  experimentId: number;
}

/**
 * The interface's 400 sentence for exactly the action and experiment that were sent, as the whole
 * message of the body (plain text, or the JSON body's message), with the status as its single last
 * token. Anything else is not the interface's sentence: a validation 400 that quotes it (an echoed
 * comment, a field error), one about another experiment or action, or one with text after the
 * status stays a validation failure, so the app never records a status the platform did not state.
 * The status itself is opaque (statuses are not shown): `RUNNING_WITH_ERRORS`, `на_паузе` are kept.
 */
export function matchConflict(text: string, sent: SentAction) {
  const message = primaryMessage(text);
  if (message === undefined) return undefined;
  const prefix = `Cannot perform action ${sent.action} for experiment id=${sent.experimentId}: current status is `;
  if (!message.startsWith(prefix)) return undefined;
  const status = message.slice(prefix.length);
  if (!/^\S+$/u.test(status)) return undefined;
  return { sentence: message, action: sent.action, experimentId: sent.experimentId, currentStatus: status };
}

/** The interface's exact 403 text for expired, revoked or invalid tokens. */
const INVALID_KEY_TEXT = 'Invalid api key provided';

export interface ErrorResponse {
  status: number;
  /** Body text, already redacted. */
  text: string;
  method: string;
  path: string;
  /** The path names one experiment, so a bare 404 means that experiment is missing. */
  experimentScoped: boolean;
  /** Set for the four lifecycle actions: a 400 is a status conflict only about this one. */
  lifecycle?: SentAction | undefined;
}

/** Maps a non-2xx answer to its error class; the class follows the status even when the text is unreadable. */
export function parseErrorResponse(res: ErrorResponse): ConsoleError {
  const init: ConsoleErrorInit = {
    status: res.status,
    body: res.text.length > KEPT_BODY_CHARS ? `${res.text.slice(0, KEPT_BODY_CHARS)}…` : res.text,
    method: res.method,
    path: res.path,
  };
  const detail = primaryMessage(res.text)?.slice(0, 300);
  const generic = `Console API ${res.method} ${res.path} answered ${res.status}${detail ? `: ${detail}` : ''}`;
  const { status } = res;

  if (status === 401) return new MissingAuthError(generic, init);
  if (status === 403) {
    // Plain words ("requires scope …") or the OAuth error code (RFC 6750 `insufficient_scope`).
    if (res.text.includes(INVALID_KEY_TEXT)) return new InvalidTokenError(generic, init);
    if (/\bscopes?\b|insufficient_scope/i.test(res.text)) return new InsufficientScopeError(generic, init);
    return new ForbiddenError(generic, init);
  }
  if (status === 404) {
    const found = matchNotFound(res.text);
    if (found) {
      const { experimentId, action } = found;
      return new ExperimentNotFoundError(found.sentence, { ...init, experimentId, action });
    }
    // A 404 on a dictionary or create path means a wrong base URL, not a missing experiment.
    if (!res.experimentScoped) return new UnexpectedStatusError(generic, init);
    return new ExperimentNotFoundError(generic, { ...init, experimentId: undefined, action: undefined });
  }
  if (status === 400) {
    const conflict = res.lifecycle === undefined ? undefined : matchConflict(res.text, res.lifecycle);
    if (conflict) {
      const { experimentId, action, currentStatus } = conflict;
      return new StatusConflictError(conflict.sentence, { ...init, experimentId, action, currentStatus });
    }
    return new ValidationError(generic, init);
  }
  if (status >= 500 && status <= 599) return new ServerError(generic, init);
  return new UnexpectedStatusError(generic, init);
}
