import { SplitterApiError, type SplitterMethod, SplitterResponseError } from './errors.js';
import { type Feature, GetFeaturesByTagResponse, SplitterErrorBody } from './schemas.js';
import type { RawResponse } from './splitter-sender.js';

// Turns a fully read response into a result or one of the splitter's errors. Bodies kept on errors
// are redacted before they are truncated, so a cut can never leave half a token behind.

const MAX_BODY_CHARS = 2000;

type Redact = (text: string) => string;

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** A 2xx longer than the read limit was cut: its JSON cannot be trusted, whatever it begins with. */
export function refuseTruncated(method: SplitterMethod, res: RawResponse, redact: Redact): void {
  if (!res.truncated) return;
  const tail = method === 'exposeManyV2' ? '; the exposures may or may not have been registered' : '';
  throw new SplitterResponseError(
    `Splitter ${method} answered ${res.status} with a body over the size limit${tail}`,
    {
      method,
      status: res.status,
      body: keep(res.text, redact),
    },
  );
}

export function readFeatures(res: RawResponse, redact: Redact): Feature[] {
  const method = 'getFeaturesByTag';
  const json = parseJson(res.text);
  throwIfErrorBody(method, res, json, redact);
  const parsed = GetFeaturesByTagResponse.safeParse(json.ok ? json.value : undefined);
  if (!parsed.success) {
    const why = json.ok ? 'does not match { result: { features: [...] } }' : 'is not JSON';
    throw new SplitterResponseError(`Splitter ${method} answered ${res.status} with a body that ${why}`, {
      method,
      status: res.status,
      body: keep(res.text, redact),
    });
  }
  return parsed.data.result.features;
}

/**
 * The interface says the exposeManyV2 response body is empty. Assumption: `{}` or a
 * `{ result: ... }` envelope (the interface's generic success body) mean the same thing. Anything
 * else is refused rather than reported as registered: a 200 HTML page usually means the base URL
 * points at something that is not the splitter.
 */
export function checkExposeAnswer(res: RawResponse, redact: Redact): void {
  const method = 'exposeManyV2';
  if (res.text.trim() === '') return;
  const json = parseJson(res.text);
  throwIfErrorBody(method, res, json, redact);
  const value = json.ok ? json.value : undefined;
  if (isPlainObject(value) && (Object.keys(value).length === 0 || 'result' in value)) return;
  throw new SplitterResponseError(
    `Splitter ${method} answered ${res.status} with an unexpected body; the exposures may or may not have been registered`,
    { method, status: res.status, body: keep(res.text, redact) },
  );
}

/** Any non-2xx answer. The interface's error body gives kind and message; other bodies are kept raw. */
export function toApiError(method: SplitterMethod, res: RawResponse, redact: Redact): SplitterApiError {
  const json = parseJson(res.text);
  const parsed = SplitterErrorBody.safeParse(json.ok ? json.value : undefined);
  const kind = parsed.success ? parsed.data.error.kind : undefined;
  const platformMessage = parsed.success ? parsed.data.error.message : undefined;
  const message =
    platformMessage !== undefined && platformMessage.trim() !== ''
      ? keep(platformMessage, redact)
      : `Splitter ${method} failed with status ${res.status}`;
  return new SplitterApiError(message, { method, status: res.status, kind, body: keep(res.text, redact) });
}

// A 2xx carrying the interface's error body is still a refusal: the body is the more specific signal.
function throwIfErrorBody(method: SplitterMethod, res: RawResponse, json: ParsedJson, redact: Redact): void {
  if (json.ok && SplitterErrorBody.safeParse(json.value).success) throw toApiError(method, res, redact);
}

type ParsedJson = { ok: true; value: unknown } | { ok: false };

function parseJson(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function keep(text: string, redact: Redact): string {
  const clean = redact(text);
  return clean.length > MAX_BODY_CHARS ? `${clean.slice(0, MAX_BODY_CHARS)}…` : clean;
}
