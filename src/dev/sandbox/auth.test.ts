import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALL_SCOPES, SCOPES } from './model/scopes.js';
import { call } from './sandbox-http.test-helper.js';
import { type Sandbox, startSandbox } from './server.js';

const secret = new TextEncoder().encode('sandbox-auth-test-secret-0123456789');
let sandbox: Sandbox;
let api: string;

beforeEach(async () => {
  sandbox = await startSandbox({ secret });
  api = `${sandbox.url}/api/console/experiments/v1`;
});
afterEach(() => sandbox.close());

const dict = () => `${api}/dictionaries/tags`;

async function expectInvalidKey(token: string, url = dict(), method = 'GET') {
  const res = await call(url, method, { token });
  expect(res.status).toBe(403);
  expect(res.text).toBe('Invalid api key provided');
  expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
}

describe('console authentication', () => {
  it('answers 401 without an Authorization header, on every kind of endpoint', async () => {
    for (const [url, method] of [
      [dict(), 'GET'],
      [`${api}/1/start`, 'POST'],
      [api, 'POST'],
      [`${api}/1`, 'PATCH'],
    ] as const) {
      const res = await call(url, method);
      expect(res.status).toBe(401);
      expect(res.json()).toEqual({ message: 'Authorization header is required' });
    }
    expect(sandbox.state.experiments.get(1)?.status).toBe('running');
  });

  it('treats an empty Authorization header as missing', async () => {
    const res = await call(dict(), 'GET', { headers: { authorization: '' } });
    expect(res.status).toBe(401);
  });

  it('accepts a freshly issued token', async () => {
    const res = await call(dict(), 'GET', { token: await sandbox.issueToken() });
    expect(res.status).toBe(200);
  });

  it('refuses an expired token with 403 "Invalid api key provided"', async () => {
    await expectInvalidKey(await sandbox.issueToken({ expiresInSeconds: -60 }));
  });

  it('refuses a revoked token, for good', async () => {
    const token = await sandbox.issueToken();
    expect((await call(dict(), 'GET', { token })).status).toBe(200);
    sandbox.revokeToken(token);
    await expectInvalidKey(token);
    await expectInvalidKey(token, `${api}/123/start`, 'POST');
    expect(sandbox.state.experiments.get(123)?.status).toBe('draft');
    // Revoking one token leaves the others working.
    expect((await call(dict(), 'GET', { token: await sandbox.issueToken() })).status).toBe(200);
  });

  it('refuses garbage, a wrong scheme and a wrong signature', async () => {
    await expectInvalidKey('not-a-jwt');
    await expectInvalidKey('a.b.c');
    const res = await call(dict(), 'GET', {
      headers: { authorization: `Basic ${await sandbox.issueToken()}` },
    });
    expect(res.status).toBe(403);
    expect(res.text).toBe('Invalid api key provided');
    const other = new TextEncoder().encode('another-secret-another-secret-0123');
    const forged = await new SignJWT({ scopes: [...ALL_SCOPES] })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(other);
    await expectInvalidKey(forged);
  });

  it('refuses a token without exp or without scopes, even when correctly signed', async () => {
    const noExp = await new SignJWT({ scopes: [...ALL_SCOPES] })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret);
    await expectInvalidKey(noExp);
    const noScopes = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(secret);
    await expectInvalidKey(noScopes);
  });

  it('accepts the scope claim as a space-separated string', async () => {
    const token = await new SignJWT({ scope: `${SCOPES.read} ${SCOPES.manage}` })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(secret);
    expect((await call(dict(), 'GET', { token })).status).toBe(200);
    expect((await call(`${api}/123/start`, 'POST', { token })).status).toBe(200);
  });

  it('authenticates before routing: unknown paths are 401 anonymously, 404 with a token', async () => {
    expect((await call(`${api}/nowhere/at/all/deep`, 'GET')).status).toBe(401);
    const res = await call(`${api}/nowhere/at/all/deep`, 'GET', { token: await sandbox.issueToken() });
    expect(res.status).toBe(404);
  });
});

describe('console scopes', () => {
  const insufficient = (scope: string) => ({
    message: `Insufficient scope: requires ${scope}`,
    requiredScope: scope,
  });

  it('requires read for dictionaries and experiment reads', async () => {
    const token = await sandbox.issueToken({ scopes: [SCOPES.manage, SCOPES.create, SCOPES.update] });
    for (const url of [dict(), `${api}/dictionaries/context-param-predicates`, `${api}/1`]) {
      const res = await call(url, 'GET', { token });
      expect(res.status).toBe(403);
      expect(res.json()).toEqual(insufficient(SCOPES.read));
    }
  });

  it('requires manage for every lifecycle action and changes nothing without it', async () => {
    const token = await sandbox.issueToken({ scopes: [SCOPES.read, SCOPES.create, SCOPES.update] });
    for (const action of ['start', 'stop', 'archive', 'unarchive']) {
      const res = await call(`${api}/123/${action}`, 'POST', { token });
      expect(res.status).toBe(403);
      expect(res.json()).toEqual(insufficient('edit:experiment:manage_experiment'));
    }
    expect(sandbox.state.experiments.get(123)?.status).toBe('draft');
  });

  it('requires the create scope for POST /experiments/v1 and the update scope for PATCH', async () => {
    const readOnly = await sandbox.issueToken({ scopes: [SCOPES.read] });
    const created = await call(api, 'POST', { token: readOnly, body: { name: 'x' } });
    expect(created.status).toBe(403);
    expect(created.json()).toEqual(insufficient('edit:experiment:create_experiment'));
    const updated = await call(`${api}/4`, 'PATCH', { token: readOnly, body: { name: 'renamed' } });
    expect(updated.status).toBe(403);
    expect(updated.json()).toEqual(insufficient('edit:experiment:update_experiment'));
    expect(sandbox.state.experiments.get(4)?.name).toBe('Onboarding tour');

    const updater = await sandbox.issueToken({ scopes: [SCOPES.update] });
    expect((await call(`${api}/4`, 'PATCH', { token: updater, body: { name: 'renamed' } })).status).toBe(200);
    expect(sandbox.state.experiments.get(4)?.name).toBe('renamed');
  });

  it('checks the scope before the experiment id, so probing ids needs the right', async () => {
    const token = await sandbox.issueToken({ scopes: [SCOPES.read] });
    expect((await call(`${api}/999999/start`, 'POST', { token })).status).toBe(403);
  });
});
