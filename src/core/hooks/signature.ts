import { createHmac, timingSafeEqual } from 'node:crypto';

// Inbound events are signed like Slack's own requests: `v1=` + hex HMAC-SHA256 of
// "v1:{timestamp}:{raw body}" with the workspace's hook secret; the timestamp must be within five
// minutes of the app's clock, in either direction.

const HOOK_SKEW_SECONDS = 5 * 60;

export function signHookBody(secret: string, timestamp: string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`v1:${timestamp}:${body}`).digest('hex')}`;
}

/** Constant-time: true when the signature matches one of the secrets (the current, or one still in grace). */
export function signatureMatches(
  secrets: readonly string[],
  timestamp: string,
  body: string,
  signature: string,
): boolean {
  const given = Buffer.from(signature, 'utf8');
  let ok = false;
  for (const secret of secrets) {
    const expected = Buffer.from(signHookBody(secret, timestamp, body), 'utf8');
    // Every secret is compared, whatever matched before: the time taken does not tell which.
    if (expected.length === given.length && timingSafeEqual(expected, given)) ok = true;
  }
  return ok;
}

export type TimestampCheck = { ok: true } | { ok: false; problem: 'missing' | 'stale' | 'future' };

export function checkTimestamp(timestamp: string | undefined, nowMs: number): TimestampCheck {
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return { ok: false, problem: 'missing' };
  const skew = Number(timestamp) - Math.floor(nowMs / 1000);
  if (skew < -HOOK_SKEW_SECONDS) return { ok: false, problem: 'stale' };
  if (skew > HOOK_SKEW_SECONDS) return { ok: false, problem: 'future' };
  return { ok: true };
}
