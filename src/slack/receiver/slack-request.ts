import { createHmac, hash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SEEN_REQUEST_PREFIX } from '../../store/memory-once-guard.js';
import { bodyEncodingOf, inspectSlackBody, type SlackBody } from '../payload-shape.js';

/** Slack's guidance: refuse a request whose timestamp is more than five minutes from the clock. */
const MAX_SKEW_SECONDS = 5 * 60;
/** Slack's payloads are far smaller; Bolt's own default (4 MB) would let one request hold 4 MB. */
const SLACK_BODY_MAX_BYTES = 1024 * 1024;
/** Longer than the signature window: after it a replay is refused as stale by the signature check. */
const REPLAY_MEMORY_MS = 2 * MAX_SKEW_SECONDS * 1000 + 60_000;

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
   * Told of a signed request of Slack's shape just before its replay claim, with its body as its
   * listeners read it: what it starts reading then is read while the claim is made.
   */
  onSigned?: ((body: SlackBody) => void) | undefined;
  /**
   * Marks a delivery's claim refused (OnceGuard.refuse): nothing was done under it, so a retry of
   * the same body takes it and acts. Without it a claim that failed may be left held, and a retry
   * of its body answered as a replay.
   */
  refuseClaim?: ((key: string, holder: string) => Promise<void>) | undefined;
  /** Told when a failed delivery's claim could not be marked refused within REFUSAL_TRIES. */
  onRefusalLost?: ((error: unknown) => void) | undefined;
  nowMs?: (() => number) | undefined;
  /** Waits between claims asked again (tests shorten them). */
  waits?: ClaimWaits | undefined;
}

/**
 * The replay guard's claim of a key: true the first time within ttlMs, and to the same holder asking
 * again (its first answer lost); a claim refused by its holder is taken by the next.
 */
type ClaimOnce = (key: string, ttlMs: number, holder: string) => Promise<boolean>;

interface ClaimWaits {
  /** Before each claim asked again after a failure: the store may be back, and the claim may have landed. */
  afterFailure: readonly number[];
  /** Before each claim asked again after a replay: a failed delivery of the same body may refuse its claim. */
  afterReplay: readonly number[];
  /** Between tries to mark a failed delivery's claim refused. */
  refusal: number;
}

/** Within Slack's 3 s: a claim asked at most three times, about 0.75 s of waiting either way. */
const CLAIM_WAITS: ClaimWaits = { afterFailure: [250, 500], afterReplay: [300, 450], refusal: 250 };
/** 30 s of tries at `refusal` apart: a store down longer leaves the claim to expire. */
const REFUSAL_TRIES = 120;

type RefusalStatus = 400 | 401 | 413 | 415;

/** What a request to Slack's endpoint turned out to be. */
export type SlackRequestVerdict =
  /** Refused with this status and a plain-text reason. */
  | { kind: 'refused'; status: RefusalStatus; reason: string }
  /** Signed, but of a type the app handles nowhere, or a replay: answered 200 with nothing done. */
  | { kind: 'done' }
  /** Signed and of Slack's shape: the body, read once, and its parse for Bolt. */
  | { kind: 'accepted'; rawBody: Buffer; slack: SlackBody }
  /**
   * Signed and of Slack's shape, but its replay claim could not be made (the store failed): nothing
   * may act on it, since a retry once the store is back would be claimed afresh and act again.
   */
  | { kind: 'unclaimed'; slack: SlackBody; error: unknown };

const refused = (status: RefusalStatus, reason: string): SlackRequestVerdict => ({
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
 * - a body that is neither a form nor JSON by its Content-Type is refused (415);
 * - a signed body that does not parse as its Content-Type says, or an interaction whose payload is
 *   not Slack's shape, is refused (400): Bolt would throw on it and never answer;
 * - a replay of a signed body seen before is answered 200 and not acted on again; one whose claim
 *   the store could not make is `unclaimed`, for the receiver to refuse.
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
  const encoding = bodyEncodingOf(req.headers['content-type']);
  if (encoding === undefined) return refused(415, 'Slack posts forms and JSON: unsupported content-type');
  const slack = inspectSlackBody(body, encoding);
  if (slack.problem !== undefined) return refused(400, `not a Slack payload: ${slack.problem}`);
  if (slack.ignored) return { kind: 'done' };
  return claimed(req, checks, raw, slack);
}

/** The replay guard's verdict on a signed body of Slack's shape. */
async function claimed(
  req: IncomingMessage,
  checks: SlackRequestChecks,
  rawBody: Buffer,
  slack: SlackBody,
): Promise<SlackRequestVerdict> {
  checks.onSigned?.(slack);
  const { claimOnce } = checks;
  // An options request is read-only, and typing the same query twice sends the same body; a
  // handshake is answered by the receiver, with nothing done.
  if (!claimOnce || slack.options || isHandshake(slack)) return { kind: 'accepted', rawBody, slack };
  const key = replayKey(rawBody);
  const holder = randomUUID();
  const waits = checks.waits ?? CLAIM_WAITS;
  const ask = () => claimOnce(key, REPLAY_MEMORY_MS, holder);
  let first: boolean;
  try {
    first = await askedAgainAfterFailure(ask, waits.afterFailure);
  } catch (error) {
    void refuseInBackground(checks, key, holder, waits.refusal);
    return { kind: 'unclaimed', slack, error };
  }
  // Only a store whose claims can be refused (where a claim can fail) may free one meanwhile.
  if (!first && checks.refuseClaim) first = await askedAgainAfterReplay(ask, waits.afterReplay);
  if (first) return { kind: 'accepted', rawBody, slack };
  const retry = req.headers['x-slack-retry-num'];
  checks.onReplay?.(typeof retry === 'string' ? retry : undefined);
  return { kind: 'done' };
}

/**
 * A claim whose store failed is asked again by the same holder: it may have landed with its answer
 * lost (then it is this request's), or the store may be back.
 */
async function askedAgainAfterFailure(ask: () => Promise<boolean>, waits: readonly number[]) {
  for (const wait of waits) {
    try {
      return await ask();
    } catch {
      await sleep(wait);
    }
  }
  return ask();
}

/**
 * A body claimed already is a replay, unless the delivery holding it failed and refuses its claim
 * in the meantime (a retry sent while the store came back): then this one takes it and acts. A
 * store failure here leaves it a replay: the first answer said the claim was held.
 */
async function askedAgainAfterReplay(ask: () => Promise<boolean>, waits: readonly number[]) {
  for (const wait of waits) {
    await sleep(wait);
    if (await ask().catch(() => false)) return true;
  }
  return false;
}

/** Marks a failed delivery's claim refused as soon as the store answers, so a retry is not a replay. */
async function refuseInBackground(checks: SlackRequestChecks, key: string, holder: string, waitMs: number) {
  const refuse = checks.refuseClaim;
  if (!refuse) return;
  let lastError: unknown;
  for (let attempt = 0; attempt < REFUSAL_TRIES; attempt++) {
    try {
      await refuse(key, holder);
      return;
    } catch (error) {
      lastError = error;
      await sleep(waitMs);
    }
  }
  checks.onRefusalLost?.(lastError);
}

/** A wait that keeps no process alive (a replica stopping does not wait for a refusal). */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Slack's checks of the endpoint itself (a command URL's ssl_check, an events URL's
 * url_verification), answered by the receiver: no listener runs for them.
 */
export const isHandshake = (slack: SlackBody): boolean =>
  slack.source === 'command' ? slack.body.ssl_check === '1' : slack.body.type === 'url_verification';

/**
 * The replay guard's key for a body: 132 bits of its SHA-256 (as unlikely to collide between two
 * requests as the whole hash, within the guard's minutes) in 22 characters, since the store's
 * guard keeps one per request received (in process on SQLite and memory: src/store/memory-once-guard.ts).
 */
function replayKey(raw: Buffer): string {
  // crypto.hash (Node 20.12+): one call, cheaper than building a Hash object for every request.
  return `${SEEN_REQUEST_PREFIX}${hash('sha256', raw, 'base64url').slice(0, 22)}`;
}

/**
 * Slack's v0 signature (https://docs.slack.dev/authentication/verifying-requests-from-slack), the
 * timestamp within 5 minutes either way: the receiver's replacement of Bolt's own verification,
 * which its custom-receiver interface leaves to the receiver. Not Bolt's isValidSlackRequest: its
 * tsscmp comparison draws random bytes on every call; Node's timingSafeEqual is as constant-time
 * without it.
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
