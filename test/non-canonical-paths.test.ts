import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSlackRequest } from '../src/dev/slack-emulator/driver.js';
import { type Harness, startHarness } from './support/harness.js';

// Routes are matched on the path as it came: a proxy in front of the app that routes by prefix
// (/slack/events to the app, /metrics kept inside) must not have the app serve /metrics, a hook or
// Slack's endpoint under a path it would not route there. Sent over a raw socket, since fetch and
// undici normalise a path before sending it.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** The status of a request whose request line carries `target` exactly as given. */
async function statusOf(method: string, target: string, body = '', headers: Record<string, string> = {}) {
  const { port, hostname } = new URL(h.app.url);
  const socket = connect(Number(port), hostname);
  const head = [
    `${method} ${target} HTTP/1.1`,
    `host: ${hostname}:${port}`,
    'connection: close',
    `content-length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  // Written, not ended: a client that half-closes may be answered with nothing.
  socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  let answer = '';
  for await (const chunk of socket) answer += String(chunk);
  const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
  if (status === undefined) throw new Error(`no HTTP answer to ${method} ${target}: ${answer.slice(0, 200)}`);
  return Number(status);
}

function signedHeaders(body: string): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    'content-type': 'application/x-www-form-urlencoded',
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature': signSlackRequest(h.signingSecret, timestamp, body),
  };
}

describe('paths as they came', () => {
  it('serves the routes at their own paths (a trailing slash and a query included)', async () => {
    expect(await statusOf('GET', '/metrics')).toBe(200);
    expect(await statusOf('GET', '/metrics/')).toBe(200);
    expect(await statusOf('GET', '/healthz?probe=1')).toBe(200);
    const form = h.driver.commandForm({ text: 'help' });
    expect(await statusOf('POST', '/slack/events', form, signedHeaders(form))).toBe(200);
  });

  // Each of these reached /metrics before routes were matched on the path as it came.
  it.each([
    ['dot segments', '/slack/events/../../metrics'],
    ['a dot segment', '/./metrics'],
    ['encoded dot segments', '/slack/events/%2e%2e/%2e%2e/metrics'],
    ['upper-case encoded dots', '/slack/events/%2E%2E/%2E%2E/metrics'],
    ['backslashes between dots', '/slack/events\\..\\..\\metrics'],
    ['a trailing backslash', '/metrics\\'],
    ['a leading doubled slash', '//x/metrics'],
    ['the absolute form', 'http://internal/metrics'],
  ])('answers GET with %s (%s) 404', async (_what, target) => {
    expect(await statusOf('GET', target)).toBe(404);
  });

  it.each([
    ['an encoded slash after dots', '/healthz/..%2fmetrics'],
    ['encoded slashes', '/slack%2fevents/..%2f..%2fmetrics'],
    ['an encoded backslash', '/healthz/..%5cmetrics'],
    ['a doubled slash before dots', '/healthz//../metrics'],
    ['a backslash first', '/\\metrics'],
  ])('keeps GET with %s (%s) 404', async (_what, target) => {
    expect(await statusOf('GET', target)).toBe(404);
  });

  it('is never reached by a target that starts with a backslash (Node refuses the request line)', async () => {
    expect(await statusOf('GET', '\\metrics')).toBe(400);
  });

  it.each([
    ['dot segments', '/x/../slack/events'],
    ['encoded dots', '/x/%2e%2e/slack/events'],
    ['a leading doubled slash', '//internal/slack/events'],
    ['the absolute form', 'http://internal/slack/events'],
  ])("answers a signed POST to Slack's endpoint with %s (%s) 404", async (_what, target) => {
    const form = h.driver.commandForm({ text: 'help' });
    expect(await statusOf('POST', target, form, signedHeaders(form))).toBe(404);
  });
});
