import { createHmac, hash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SEEN_REQUEST_PREFIX } from '../../store/memory-once-guard.js';
import { inspectSlackBody } from '../payload-shape.js';

/** Slack's guidance: refuse a request whose timestamp is more than five minutes from the clock. */
const MAX_SKEW_SECONDS = 5 * 60;
/** Slack's payloads are far smaller; Bolt's own default (4 MB) would let one request hold 4 MB. */
const SLACK_BODY_MAX_BYTES = 1024 * 1024;
/** Longer than the signature window: after it a replay is refused as stale by the signature check. */
export const REPLAY_MEMORY_MS = 2 * MAX_SKEW_SECONDS * 1000 + 60_000;

export interface SlackRequestChecks {
  /** Known only in HTTP modes; without it nothing is verified, so nothing goes on. */
  signingSecret: string | undefined;
  /**
   * Claims a key once across replicas (the store's once-guard): true the first time. A signed body
   * seen before is a replay or a retry of the same request (its trigger_id or event_id makes every
   * genuine request's body unique), answered 200 and not acted on again.
   */
  claimOnce?: ClaimOnce | undefined;
  onReplay?: ((retryNum: string | undefined) => void) | undefined;
  /**
   * Told of a signed request of Slack's shape just before its replay claim, with its body: what it
   * starts reading then is read while the claim is made (one round trip on Redis, not two). May
   * answer with the claim to make in place of claimOnce: one that writes something with it.
   */
  onSigned?: ((rawBody: Buffer) => ClaimOnce | undefined) | undefined;
  nowMs?: (() => number) | undefined;
}

/** The replay guard's claim of a key: true the first time within ttlMs. */
export type ClaimOnce = (key: string, ttlMs: number) => Promise<boolean>;

/** What a request to Slack's endpoint turned out to be. */
export type SlackRequestVerdict =
  /** Refused with this status and a plain-text reason. */
  | { kind: 'refused'; status: 400 | 401 | 413; reason: string }
  /** Signed, but of a type the app handles nowhere, or a replay: answered 200 with nothing done. */
  | { kind: 'done' }
  /** Signed and of Slack's shape: the body, read once, for Bolt. */
  | { kind: 'accepted'; rawBody: Buffer };

const refused = (status: 400 | 401 | 413, reason: string): SlackRequestVerdict => ({
  kind: 'refused',
  status,
  reason,
});

/**
 * Every check a request to Slack's endpoint passes before Bolt sees it, in the order that costs
 * least for what is refused:
 * - a timestamp more than five minutes ahead is refused (401): a request signed with a clock ahead
 *   would otherwise stay replayable for as long as that lead;
 * - the body is read once, bounded (413);
 * - the signature (401 when missing or wrong, or the timestamp more than five minutes old);
 * - a signed interaction whose payload is not Slack's shape is refused (400): Bolt would throw on
 *   it and never answer;
 * - a replay of a signed body seen before is answered 200 and not acted on again.
 */
export async function checkSlackRequest(
  req: IncomingMessage,
  checks: SlackRequestChecks,
): Promise<SlackRequestVerdict> {
  const now = checks.nowMs ?? Date.now;
  const timestamp = req.headers['x-slack-request-timestamp'];
  if (typeof timestamp === 'string' && /^\d+$/.test(timestamp)) {
    if (Number(timestamp) - Math.floor(now() / 1000) > MAX_SKEW_SECONDS) {
      req.resume();
      return refused(401, 'x-slack-request-timestamp is more than 5 minutes in the future');
    }
  }
  let raw: Buffer | undefined;
  try {
    raw = await readBody(req, SLACK_BODY_MAX_BYTES);
  } catch {
    return refused(400, 'could not read the body');
  }
  if (raw === undefined) return refused(413, 'body too large');
  const body = raw.toString('utf8');
  const signature = req.headers['x-slack-signature'];
  const signed =
    checks.signingSecret !== undefined &&
    checks.signingSecret !== '' &&
    typeof signature === 'string' &&
    typeof timestamp === 'string' &&
    signatureValid(checks.signingSecret, timestamp, body, signature, now());
  if (!signed) return refused(401, 'invalid or missing Slack signature, or a stale timestamp');
  const inspected = inspectSlackBody(body);
  if (inspected.problem) return refused(400, `not a Slack payload: ${inspected.problem}`);
  if (inspected.ignored) return { kind: 'done' };
  const claimOnce = checks.onSigned?.(raw) ?? checks.claimOnce;
  // An options request is read-only, and typing the same query twice sends the same body.
  if (!checks.claimOnce || !claimOnce || inspected.options) return { kind: 'accepted', rawBody: raw };
  const first = await claimOnce(replayKey(raw), REPLAY_MEMORY_MS)
    // The store is down: the request goes on, and its handler says what it can.
    .catch(() => true);
  if (first) return { kind: 'accepted', rawBody: raw };
  const retry = req.headers['x-slack-retry-num'];
  checks.onReplay?.(typeof retry === 'string' ? retry : undefined);
  return { kind: 'done' };
}

/**
 * The replay guard's key for a body: 132 bits of its SHA-256 (as unlikely to collide between two
 * requests as the whole hash, within the guard's minutes) in 22 characters, since the store's
 * guard keeps one per request received (about 119 bytes each in process, src/store/memory-once-guard.ts).
 */
export function replayKey(raw: Buffer): string {
  // crypto.hash (Node 20.12+): one call, 0.4 µs here against createHash's 1.7 for a command's body.
  return `${SEEN_REQUEST_PREFIX}${hash('sha256', raw, 'base64url').slice(0, 22)}`;
}

/**
 * Slack's v0 signature (https://docs.slack.dev/authentication/verifying-requests-from-slack), the
 * timestamp within 5 minutes either way: the receiver's replacement of Bolt's own verification,
 * which its custom-receiver interface leaves to the receiver. Not Bolt's isValidSlackRequest: its
 * tsscmp comparison draws random bytes on every call, a measurable share of a `/exp help` under
 * load (docs/performance-log.md); Node's timingSafeEqual is as constant-time without it.
 */
function signatureValid(secret: string, timestamp: string, body: string, signature: string, nowMs: number) {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(Math.floor(nowMs / 1000) - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
  const expected = Buffer.from(
    `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The body, or undefined past the limit (reading stops there). Read with 'data' events rather than
 * `for await`: the async iterator's promises and objects showed in what a `/exp help` allocated,
 * where every scavenge it brings forward lands on an ack.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer | string) => {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += buffer.length;
      if (size > limit) {
        req.off('data', onData);
        req.resume();
        resolve(undefined);
        return;
      }
      chunks.push(buffer);
    };
    req.on('data', onData);
    req.once('end', () => resolve(size > limit ? undefined : Buffer.concat(chunks, size)));
    req.once('error', reject);
    // A client that goes away mid-body: 'end' never comes.
    req.once('close', () => {
      if (!req.complete) reject(new Error('the request was closed before its body was read'));
    });
  });
}
