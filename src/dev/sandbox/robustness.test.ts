import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from './sandbox-http.test-helper.js';
import { type Sandbox, startSandbox } from './server.js';

let sandbox: Sandbox;
let api: string;
let token: string;

beforeEach(async () => {
  sandbox = await startSandbox();
  api = `${sandbox.url}/api/console/experiments/v1`;
  token = await sandbox.issueToken();
});
afterEach(() => sandbox.close());

describe('robustness', () => {
  it('answers 413 to bodies over 1 MB on both APIs and keeps serving', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    const consoleRes = await call(api, 'POST', { token, rawBody: huge });
    expect(consoleRes.status).toBe(413);
    expect(consoleRes.json()).toEqual({ message: 'request body exceeds 1048576 bytes' });
    const splitterRes = await call(`${sandbox.splitterUrl}/exposeManyV2`, 'POST', { rawBody: huge });
    expect(splitterRes.status).toBe(413);
    expect(splitterRes.json()).toMatchObject({ error: { kind: 'payload_too_large' } });
    expect(sandbox.state.exposures).toEqual([]);
    expect((await call(`${api}/dictionaries/tags`, 'GET', { token })).status).toBe(200);
  });

  it('accepts a body just under the limit', async () => {
    const name = 'y'.repeat(150);
    const padding = ' '.repeat(1024 * 1024 - 2000);
    const body = `${JSON.stringify({ name, interruptReasonComment: null })}${padding}`;
    const res = await call(`${api}/1/stop`, 'POST', { token, rawBody: body });
    // Reached validation (unknown field "name"), not the size limit.
    expect(res.status).toBe(400);
  });

  it('answers 404 outside the two APIs', async () => {
    for (const path of ['/', '/api', '/api/consoles/x', '/splitterx/getFeaturesByTag']) {
      const res = await call(`${sandbox.url}${path}`, 'GET');
      expect(res.status).toBe(404);
    }
  });

  it('records every request without its credentials', async () => {
    await call(`${api}/123/stop`, 'POST', {
      token,
      body: { interruptReason: 'bug' },
      headers: { 'x-trace': 't-1' },
    });
    await call(`${sandbox.splitterUrl}/getFeaturesByTag/?debug=1`, 'POST', {
      body: { tag: 't', platform: { id: 1 }, participant: { userId: 1 } },
      headers: { 'x-source': 'tests' },
    });
    expect(sandbox.state.requests).toMatchObject([
      {
        method: 'POST',
        url: '/api/console/experiments/v1/123/stop',
        body: '{"interruptReason":"bug"}',
        status: 400,
        headers: { 'x-trace': 't-1', 'content-type': 'application/json' },
      },
      {
        method: 'POST',
        url: '/splitter/getFeaturesByTag/?debug=1',
        status: 200,
        headers: { 'x-source': 'tests' },
      },
    ]);
    expect(sandbox.state.requests[0]?.headers.authorization).toBeUndefined();
    expect(JSON.stringify(sandbox.state.requests)).not.toContain(token);
  });

  it('answers a console server error with 500 JSON and keeps serving', async () => {
    const experiments = sandbox.state.experiments;
    (sandbox.state as { experiments: unknown }).experiments = undefined;
    const res = await call(`${api}/1`, 'GET', { token });
    expect(res.status).toBe(500);
    expect(res.json()).toEqual({ message: 'internal error in the sandbox platform' });
    sandbox.state.experiments = experiments;
    expect((await call(`${api}/1`, 'GET', { token })).status).toBe(200);
  });

  it('survives a client that disconnects mid-body', async () => {
    const controller = new AbortController();
    const pending = request(`${api}/1/stop`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-length': '1000' },
      body: Readable.from(
        (async function* () {
          yield Buffer.from('{"interruptReason":');
          controller.abort();
        })(),
      ),
      signal: controller.signal,
    });
    await expect(pending).rejects.toThrow();
    expect((await call(`${api}/1`, 'GET', { token })).status).toBe(200);
    expect(sandbox.state.experiments.get(1)?.status).toBe('running');
  });
});

describe('latency injection', () => {
  it('delays matching responses after applying the request: a short client timeout sees no answer', async () => {
    sandbox.setLatency(3000, { method: 'POST', pathIncludes: '/start' });
    const slow = request(`${api}/123/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      headersTimeout: 300,
    });
    await expect(slow).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
    // The outcome-unknown case: the platform did start it.
    expect(sandbox.state.experiments.get(123)?.status).toBe('running');
    // Other requests are not delayed.
    const fast = await request(`${api}/dictionaries/tags`, {
      headers: { authorization: `Bearer ${token}` },
      headersTimeout: 2000,
    });
    expect(fast.statusCode).toBe(200);
    await fast.body.text();
  });

  it('clears with 0', async () => {
    sandbox.setLatency(5000);
    sandbox.setLatency(0);
    const res = await request(`${api}/dictionaries/tags`, {
      headers: { authorization: `Bearer ${token}` },
      headersTimeout: 2000,
    });
    expect(res.statusCode).toBe(200);
    await res.body.text();
  });

  it('refuses a negative latency', () => {
    expect(() => sandbox.setLatency(-1)).toThrow(RangeError);
  });
});

describe('failNext', () => {
  it('injects one response for the next matching request, before auth and routing', async () => {
    sandbox.failNext({ status: 503, body: 'upstream down' }, { method: 'POST', pathIncludes: '/stop' });
    sandbox.failNext(
      {
        status: 502,
        body: '{"error":{"kind":"bad_gateway","message":"x"}}',
        contentType: 'application/json',
      },
      { pathIncludes: '/splitter/' },
    );
    // Not matching: served normally, injections stay queued.
    expect((await call(`${api}/dictionaries/tags`, 'GET', { token })).status).toBe(200);
    const injected = await call(`${api}/1/stop`, 'POST');
    expect(injected.status).toBe(503);
    expect(injected.text).toBe('upstream down');
    expect(injected.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(sandbox.state.experiments.get(1)?.status).toBe('running');
    const split = await call(`${sandbox.splitterUrl}/exposeManyV2`, 'POST', { body: { exposures: [] } });
    expect(split.status).toBe(502);
    expect(split.headers['content-type']).toBe('application/json');
    // One-shot: the next calls are real again.
    expect((await call(`${api}/1/stop`, 'POST', { token })).status).toBe(200);
    expect(
      (await call(`${sandbox.splitterUrl}/exposeManyV2`, 'POST', { body: { exposures: [] } })).status,
    ).toBe(200);
  });

  it('matches any request when no match is given', async () => {
    sandbox.failNext({ status: 500, body: 'boom' });
    expect((await call(`${sandbox.url}/anything`, 'GET')).status).toBe(500);
    expect((await call(`${sandbox.url}/anything`, 'GET')).status).toBe(404);
  });
});
