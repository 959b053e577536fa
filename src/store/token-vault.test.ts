import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoredConnection, TokenVault } from '../core/connection-vault.js';
import { type WorkspaceRef, WorkspaceRefError, workspaceKey } from '../core/workspace.js';
import { createMemoryLogger } from '../observability/logger.js';
import { backendFixture, uniqueName } from './backends.test-helper.js';
import type { Store } from './create-store.js';
import { generateKey } from './crypto.js';
import { createTokenVault } from './token-vault.js';

// Deliberately not JWT-shaped: the logger masks JWTs, which would hide a leak from these assertions.
const newToken = () => `platform-token-${randomBytes(12).toString('hex')}`;

function connection(token: string, overrides: Partial<StoredConnection> = {}): StoredConnection {
  return {
    baseUrl: 'https://console.example.test',
    token,
    connectedBy: 'U123',
    connectedAt: '2024-05-01T10:00:00.000Z',
    expiresAt: '2030-01-01T00:00:00.000Z',
    scopes: ['read:experiment:read_experiments', 'edit:experiment:manage_experiment'],
    state: 'active',
    tokenName: 'slack',
    ...overrides,
  };
}

describe('workspaceKey', () => {
  it('keys team, enterprise+team and (reserved) user connections distinctly', () => {
    expect(workspaceKey({ teamId: 'T1' })).toBe('T1');
    expect(workspaceKey({ teamId: 'T1', enterpriseId: 'E1' })).toBe('E1:T1');
    expect(workspaceKey({ teamId: 'T1', enterpriseId: 'E1', userId: 'U1' })).toBe('E1:T1:U1');
    expect(workspaceKey({ teamId: 'T1', userId: 'U1' })).toBe(':T1:U1');
    // Empty strings (Slack sends "" outside Enterprise Grid in places) mean absent.
    expect(workspaceKey({ teamId: 'T1', enterpriseId: '', userId: '' })).toBe('T1');
  });

  it.each([
    [{ teamId: '' }, 'teamId'],
    [{ teamId: 'T1:U1' }, 'teamId'],
    [{ teamId: 'T1', enterpriseId: 'E 1' }, 'enterpriseId'],
    [{ teamId: 'T1', userId: 'U:1' }, 'userId'],
  ] as [WorkspaceRef, string][])('rejects ids that would make keys ambiguous: %j', (ref, field) => {
    expect(() => workspaceKey(ref)).toThrow(WorkspaceRefError);
    try {
      workspaceKey(ref);
    } catch (error) {
      expect((error as WorkspaceRefError).field).toBe(field);
    }
  });
});

describe.each(['memory', 'sqlite', 'redis', 'postgres'] as const)('token vault on %s', (kind) => {
  const fixture = backendFixture(kind);
  const namespace = uniqueName('vault');
  const key = generateKey();
  let store: Store & { logLines: string[] };
  let logger: ReturnType<typeof createMemoryLogger>;
  let vault: TokenVault;

  beforeAll(async () => {
    store = await fixture.open();
    logger = createMemoryLogger();
    vault = createTokenVault({ keyv: store.keyv(namespace), key, logger });
  });
  afterAll(() => fixture.dispose(namespace));

  it('puts, gets, marks invalid and removes a connection', async () => {
    const ref = { teamId: 'T-crud' };
    const token = newToken();
    expect(await vault.get(ref)).toBeUndefined();

    await vault.put(ref, connection(token));
    expect(await vault.get(ref)).toEqual(connection(token));

    await vault.markInvalid(ref, 'Invalid api key provided');
    expect(await vault.get(ref)).toEqual(
      connection(token, { state: 'invalid', invalidReason: 'Invalid api key provided' }),
    );

    // Reconnecting replaces the record, invalid state included.
    const fresh = newToken();
    await vault.put(ref, connection(fresh, { tokenName: undefined, scopes: undefined }));
    expect(await vault.get(ref)).toEqual({ ...connection(fresh), tokenName: undefined, scopes: undefined });

    expect(await vault.remove(ref)).toBe(true);
    expect(await vault.get(ref)).toBeUndefined();
    expect(await vault.remove(ref)).toBe(false);
  });

  it('shares a read under way between gets of one connection, and reads again after a write', async () => {
    const keyv = store.keyv(namespace);
    const shared = createTokenVault({ keyv, key, logger });
    const ref = { teamId: 'T-shared' };
    const token = newToken();
    await shared.put(ref, connection(token));
    const gets = vi.spyOn(keyv, 'get');
    const [a, b, c] = await Promise.all([shared.get(ref), shared.get(ref), shared.get(ref)]);
    expect(gets).toHaveBeenCalledTimes(1);
    expect([a, b, c]).toEqual([connection(token), connection(token), connection(token)]);
    // Each caller has its own copy.
    expect(a).not.toBe(b);
    // Nothing kept once settled, and a write here is seen by the reads that start during it.
    const during = shared.get(ref);
    const marking = shared.markInvalid(ref, 'Invalid api key provided');
    const racing = shared.get(ref);
    await Promise.all([during, marking]);
    expect((await shared.get(ref))?.state).toBe('invalid');
    await racing;
    expect(gets.mock.calls.length).toBeGreaterThanOrEqual(3);
    gets.mockRestore();
  });

  it('reads several connections in one store call, in the order asked, joining a read under way', async () => {
    const keyv = store.keyv(namespace);
    const many = createTokenVault({ keyv, key, logger });
    const workspace = { teamId: 'T-many' };
    const channel = { teamId: 'T-many', channelId: 'C0MANY' };
    const person = { teamId: 'T-many', userId: 'U0MANY' };
    const [workspaceToken, personToken] = [newToken(), newToken()];
    await many.put(workspace, connection(workspaceToken));
    await many.put(person, connection(personToken, { state: 'invalid', invalidReason: 'refused' }));
    const gets = vi.spyOn(keyv, 'get');
    const getManys = vi.spyOn(keyv, 'getMany');
    const pending = many.get(workspace);
    const [w, c, p] = await many.getMany([workspace, channel, person]);
    expect(w).toEqual(connection(workspaceToken));
    expect(c).toBeUndefined();
    expect(p).toEqual(connection(personToken, { state: 'invalid', invalidReason: 'refused' }));
    expect(await pending).toEqual(w);
    // The workspace's read was under way: joined, not read again; the other two in one call.
    expect(gets).toHaveBeenCalledTimes(1);
    expect(getManys).toHaveBeenCalledTimes(1);
    expect(getManys.mock.calls[0]?.[0]).toEqual([workspaceKey(channel), workspaceKey(person)]);
    // Each caller has its own copy; nothing is kept once settled.
    expect(w).not.toBe(await pending);
    await many.getMany([workspace]);
    expect(getManys).toHaveBeenCalledTimes(2);
    gets.mockRestore();
    getManys.mockRestore();
  });

  it('markInvalid leaves a missing connection missing', async () => {
    await vault.markInvalid({ teamId: 'T-never' }, 'gone');
    expect(await vault.get({ teamId: 'T-never' })).toBeUndefined();
  });

  it('markInvalid with onlyIfToken spares a token connected meanwhile', async () => {
    const ref = { teamId: 'T-race' };
    const old = newToken();
    const current = newToken();
    await vault.put(ref, connection(current));
    await vault.markInvalid(ref, 'Invalid api key provided', old);
    expect((await vault.get(ref))?.state).toBe('active');
    await vault.markInvalid(ref, 'Invalid api key provided', current);
    expect((await vault.get(ref))?.state).toBe('invalid');
  });

  it("keeps workspaces apart: A's token is never returned for B", async () => {
    const refs: WorkspaceRef[] = [
      { teamId: 'T-iso' },
      { teamId: 'T-iso', enterpriseId: 'E-iso' },
      { teamId: 'T-iso', enterpriseId: 'E-other' },
      { teamId: 'T-iso2' },
      { teamId: 'T-iso', userId: 'U-iso' },
      { teamId: 'T-iso', enterpriseId: 'E-iso', userId: 'U-iso' },
    ];
    const tokens = refs.map(() => newToken());
    for (const [i, ref] of refs.entries()) await vault.put(ref, connection(tokens[i] ?? ''));
    for (const [i, ref] of refs.entries()) expect((await vault.get(ref))?.token).toBe(tokens[i]);
    expect(await vault.get({ teamId: 'T-iso3' })).toBeUndefined();
    expect(await vault.get({ teamId: 'E-iso' })).toBeUndefined();

    await vault.remove({ teamId: 'T-iso', enterpriseId: 'E-iso' });
    expect(await vault.get({ teamId: 'T-iso', enterpriseId: 'E-iso' })).toBeUndefined();
    expect((await vault.get({ teamId: 'T-iso' }))?.token).toBe(tokens[0]);
  });

  it('stores the token encrypted: the raw backend never holds it', async () => {
    const ref = { teamId: 'T-raw', enterpriseId: 'E-raw' };
    const token = newToken();
    await vault.put(ref, connection(token));
    await vault.markInvalid(ref, 'expired');

    const rows = await fixture.rawRows(store, namespace);
    const row = rows.find((r) => r.key.endsWith(`${namespace}:E-raw:T-raw`));
    expect(row, 'raw row of the workspace').toBeDefined();
    // The clear fields are there (so this is the right row), the token is not, in any form.
    expect(row?.value).toContain('https://console.example.test');
    expect(row?.value).toContain('"state":"invalid"');
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(Buffer.from(token).toString('base64'));
    expect(everything).not.toContain(token.slice('platform-token-'.length));
  });

  it('never opens a ciphertext copied to another workspace (unreadable there), with a warning naming it', async () => {
    const token = newToken();
    await vault.put({ teamId: 'T-src' }, connection(token));
    const source = (await fixture.rawRows(store, namespace)).find((r) => r.key.endsWith(':T-src'));
    await fixture.writeRaw(store, namespace, 'T-dst', source?.value ?? '');

    logger.lines.length = 0;
    expect(await vault.get({ teamId: 'T-dst' })).toMatchObject({ state: 'unreadable', token: '' });
    expect((await vault.get({ teamId: 'T-src' }))?.token).toBe(token);
    expect(logger.lines.join('\n')).toContain('"workspace":"T-dst"');
    expect(logger.lines.join('\n')).not.toContain(token);
  });

  it('never opens a record whose baseUrl was rewritten (the token cannot be redirected)', async () => {
    await vault.put({ teamId: 'T-redirect' }, connection(newToken()));
    const source = (await fixture.rawRows(store, namespace)).find((r) => r.key.endsWith(':T-redirect'));
    const tampered = source?.value.replace('https://console.example.test', 'https://evil.example.test') ?? '';
    expect(tampered).toContain('evil');
    await fixture.writeRaw(store, namespace, 'T-redirect', tampered);
    expect(await vault.get({ teamId: 'T-redirect' })).toMatchObject({ state: 'unreadable', token: '' });
  });

  it('never treats a record no key opens as absent: it is unreadable, logged without the token', async () => {
    const token = newToken();
    await vault.put({ teamId: 'T-rotate' }, connection(token));
    const rotatedLogger = createMemoryLogger();
    const rotated = createTokenVault({
      keyv: store.keyv(namespace),
      key: generateKey(),
      logger: rotatedLogger,
    });
    const got = await rotated.get({ teamId: 'T-rotate' });
    expect(got).toMatchObject({ state: 'unreadable', token: '' });
    expect(rotated.unreadableCount()).toBe(1);
    const log = rotatedLogger.lines.join('\n');
    expect(log).toContain('"level":"warn"');
    expect(log).toContain('"workspace":"T-rotate"');
    expect(log).toContain('"reason":"unknown-key"');
    expect(log).not.toContain(token);
  });

  it('opens records sealed with an old key and re-seals them with the current one on rotate', async () => {
    const oldKey = generateKey();
    const newKey = generateKey();
    const ns = uniqueName('rot');
    const before = createTokenVault({ keyv: store.keyv(ns), key: oldKey });
    const tokens = [newToken(), newToken()];
    await before.put({ teamId: 'T-a' }, connection(tokens[0] ?? ''));
    await before.put({ teamId: 'T-b', userId: 'U1' }, connection(tokens[1] ?? ''));
    const ring = createTokenVault({ keyv: store.keyv(ns), key: { current: newKey, old: [oldKey] } });
    expect((await ring.get({ teamId: 'T-a' }))?.token).toBe(tokens[0]);
    expect(await ring.rotate({ dryRun: true })).toEqual({
      resealed: 2,
      current: 0,
      unreadable: 0,
      malformed: 0,
    });
    expect(await ring.rotate()).toEqual({ resealed: 2, current: 0, unreadable: 0, malformed: 0 });
    expect(await ring.rotate()).toEqual({ resealed: 0, current: 2, unreadable: 0, malformed: 0 });
    // The old key is no longer needed.
    const after = createTokenVault({ keyv: store.keyv(ns), key: newKey });
    expect((await after.get({ teamId: 'T-a' }))?.token).toBe(tokens[0]);
    expect((await after.get({ teamId: 'T-b', userId: 'U1' }))?.token).toBe(tokens[1]);
    expect(after.unreadableCount()).toBe(0);
  });

  it('treats a record of the wrong shape as absent, with a warning', async () => {
    await store.keyv(namespace).set('T-shape', { baseUrl: 'https://x.test', token: 'plain' });
    logger.lines.length = 0;
    expect(await vault.get({ teamId: 'T-shape' })).toBeUndefined();
    expect(logger.lines.join('\n')).toContain('unexpected shape');
    expect(logger.lines.join('\n')).toContain('"workspace":"T-shape"');
    // markInvalid does not resurrect it either.
    await vault.markInvalid({ teamId: 'T-shape' }, 'x');
    expect(await vault.get({ teamId: 'T-shape' })).toBeUndefined();
  });
});

describe('createTokenVault', () => {
  it('refuses a key that is not 32 bytes', async () => {
    const fixture = backendFixture('memory');
    const store = await fixture.open();
    expect(() => createTokenVault({ keyv: store.keyv('v'), key: Buffer.alloc(16) })).toThrow(RangeError);
    await fixture.dispose('v');
  });
});
