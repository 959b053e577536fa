import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { inspectSlackBody } from './payload-shape.js';

/** Slack's guidance: refuse a request whose timestamp is more than five minutes from the clock. */
export const MAX_SKEW_SECONDS = 5 * 60;
/** Slack's payloads are far smaller; Bolt's own default (4 MB) would let one request hold 4 MB. */
export const SLACK_BODY_MAX_BYTES = 1024 * 1024;

export interface RequestGuardOptions {
  paths: readonly string[];
  /** Known only in HTTP modes; without it only the timestamp is checked. */
  signingSecret: string | undefined;
  /**
   * Claims a key once across replicas (the store's once-guard): true the first time. A signed body
   * seen before is a replay or a retry of the same request (its trigger_id or event_id makes every
   * genuine request's body unique), answered 200 and not acted on again.
   */
  claimOnce?: ((key: string, ttlMs: number) => Promise<boolean>) | undefined;
  onReplay?: ((retryNum: string | undefined) => void) | undefined;
  nowMs?: () => number;
}

/** Longer than the signature window: after it a replay is refused as stale by the signature check. */
export const REPLAY_MEMORY_MS = 2 * MAX_SKEW_SECONDS * 1000 + 60_000;

/**
 * In front of Bolt's receiver, on Slack's endpoint:
 * - a timestamp more than five minutes ahead is refused (401): Bolt 5.1 checks only the past, so a
 *   request signed with a clock ahead would stay replayable for as long as that lead;
 * - the body is read once, bounded (413), and handed to Bolt already buffered (Bolt uses
 *   `req.rawBody` when it is there);
 * - the signature is checked here, once (Bolt's receiver has its own check off): a missing or wrong
 *   signature, or a timestamp more than five minutes old, is answered 401;
 * - a correctly signed interaction whose payload is not Slack's shape is answered 400 (Bolt would
 *   throw on it and never answer).
 */
export function guardSlackRequests(server: Server, options: RequestGuardOptions): void {
  const now = options.nowMs ?? Date.now;
  const listeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    for (const listener of listeners) listener.call(server, req, res);
  };
  const answer = (res: ServerResponse, status: number, text: string) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`${text}\n`);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method !== 'POST' || !options.paths.includes(path)) return pass(req, res);
    const header = req.headers['x-slack-request-timestamp'];
    if (typeof header === 'string' && /^\d+$/.test(header)) {
      if (Number(header) - Math.floor(now() / 1000) > MAX_SKEW_SECONDS) {
        req.resume();
        return answer(res, 401, 'x-slack-request-timestamp is more than 5 minutes in the future');
      }
    }
    readBody(req, SLACK_BODY_MAX_BYTES).then(
      (raw) => {
        if (raw === undefined) return answer(res, 413, 'body too large');
        (req as IncomingMessage & { rawBody?: Buffer }).rawBody = raw;
        const signature = req.headers['x-slack-signature'];
        {
          const body = raw.toString('utf8');
          // Fails closed: without a signing secret nothing can be verified, so nothing goes on.
          const signed =
            options.signingSecret !== undefined &&
            options.signingSecret !== '' &&
            typeof signature === 'string' &&
            typeof header === 'string' &&
            signatureValid(options.signingSecret, header, body, signature, now());
          // The one check of the signature (Bolt's own is off): a request that fails it goes no further.
          if (!signed) return answer(res, 401, 'invalid or missing Slack signature, or a stale timestamp');
          const inspected = inspectSlackBody(body);
          if (inspected.problem) return answer(res, 400, `not a Slack payload: ${inspected.problem}`);
          if (inspected.ignored) {
            res.writeHead(200);
            return res.end();
          }
          if (options.claimOnce && !inspected.options) {
            const key = `slack-request:${createHash('sha256').update(raw).digest('hex')}`;
            return options.claimOnce(key, REPLAY_MEMORY_MS).then(
              (first) => {
                if (first) return pass(req, res);
                const retry = req.headers['x-slack-retry-num'];
                options.onReplay?.(typeof retry === 'string' ? retry : undefined);
                res.writeHead(200);
                res.end();
              },
              // The store is down: the request goes on, and its handler says what it can.
              () => pass(req, res),
            );
          }
        }
        pass(req, res);
      },
      () => {
        if (!res.headersSent) answer(res, 400, 'could not read the body');
      },
    );
  });
}

/**
 * Slack's v0 signature (https://docs.slack.dev/authentication/verifying-requests-from-slack), the
 * timestamp within 5 minutes either way. Written here rather than Bolt's isValidSlackRequest: its
 * tsscmp comparison draws random bytes on every call, which was 7 % of the CPU of a /exp help
 * under load (bench/); Node's timingSafeEqual is as constant-time without it.
 */
export function signatureValid(
  secret: string,
  timestamp: string,
  body: string,
  signature: string,
  nowMs: number,
) {
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
 * `for await`: the async iterator's promises and objects were 3 % of what a `/exp help` allocated
 * (sampling heap profile under autocannon), where every scavenge it brings forward lands on an ack.
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
