import { createHmac } from 'node:crypto';

/** Slack's v0 request signature: 'v0=' + hex HMAC-SHA256(secret, `v0:${timestamp}:${rawBody}`). */
export function signSlackRequest(secret: string, timestamp: number, rawBody: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;
}
