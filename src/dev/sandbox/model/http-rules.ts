// ASSUMPTIONS about HTTP handling the interface does not state ("Rate limits, size limits: not
// shown").
// - Request bodies above MAX_BODY_BYTES get 413. The rest of such a body is read and discarded up
//   to DISCARD_LIMIT_BYTES so the client sees the 413 instead of a reset; beyond that the socket
//   is destroyed.
// - Console paths match exactly: no trailing slash, no case folding (participant-types is 404).
//   Unknown paths get 404, a known path with another method 405 (with `Allow`).
// - Console: authentication runs before routing, so without a valid token even an unknown path
//   answers 401/403 (nothing about the API surface leaks to anonymous callers). An Authorization
//   header that is present but empty counts as missing (401); any other non-Bearer value is an
//   invalid token (403).
// - Content-Type of requests is not checked; a non-empty body must be JSON (else validation 400).
// - GET /experiments/v1/{id} (read scope) is a sandbox convenience: read endpoints are not shown.
// - Path ids: digits only, as a safe integer; anything else (`abc`, `-1`, `1.5`) is a validation
//   400 on field `id`. Id 0 and unknown ids are 404 with the stated text.
// - Order of checks: auth → scope → id format → body syntax and shape → existence (404) → status
//   (lifecycle 400, or update of an archived experiment) → rules needing the stored experiment
//   (cross-field conditions and dictionary values on the merged record).
// - The sandbox keeps the last MAX_RECORDED_REQUESTS requests in state.requests.
// - Latency set with setLatency delays the RESPONSE: the request has already been applied, which
//   is exactly the "outcome unknown" case a client timeout must handle.

export const MAX_BODY_BYTES = 1024 * 1024;
export const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024;
export const MAX_RECORDED_REQUESTS = 5000;
export const CONSOLE_PREFIX = '/api/console';
export const SPLITTER_PREFIX = '/splitter';
