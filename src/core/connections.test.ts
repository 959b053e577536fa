import { Keyv } from 'keyv';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '../console/types.js';
import { createMemoryLogger } from '../observability/logger.js';
import { backendFixture, uniqueName } from '../store/backends.test-helper.js';
import { storedValues } from '../store/conditional-update.js';
import type { Store } from '../store/store-types.js';
import { createTokenVault } from '../store/token-vault.js';
import type { StoredConnection } from './connection-vault.js';
import { createConnectionResolver } from './connections.js';

const stored = (baseUrl: string, token: string): StoredConnection => ({
  baseUrl,
  token,
  connectedBy: 'U0ADMIN',
  connectedAt: '2026-01-01T00:00:00.000Z',
  state: 'active',
});

function resolverOnVault() {
  const keyv = new Keyv();
  const vault = createTokenVault({ keyv, key: Buffer.alloc(32, 7) });
  const made: { baseUrl: string; token: string | undefined; scope: string }[] = [];
  const resolver = createConnectionResolver({
    vault,
    defaultConnection: { baseUrl: 'https://default.example.test', token: 'default-token' },
    makeClient: (connection, scope) => {
      made.push({ ...connection, scope });
      return {} as ConsoleApi;
    },
    logger: createMemoryLogger(),
    // Look-ups never touch the owner list (its own suite below runs on the stores).
    owners: { keyv: new Keyv(), update: () => Promise.reject(new Error('look-ups list no owners')) },
  });
  return { keyv, vault, resolver, made };
}

describe('connection lookup', () => {
  it("reads the channel's, the workspace's and the person's connection in one store call", async () => {
    const { keyv, vault, resolver } = resolverOnVault();
    await vault.put({ teamId: 'T1' }, stored('https://team.example.test', 'team-token'));
    const gets = vi.spyOn(keyv, 'get');
    const getManys = vi.spyOn(keyv, 'getMany');
    const found = await resolver.lookup({ teamId: 'T1' }, { userId: 'U1', channelId: 'C0TEAM' });
    expect(found).toMatchObject({ kind: 'connected', identity: 'workspace', owner: { teamId: 'T1' } });
    expect(gets).not.toHaveBeenCalled();
    expect(getManys).toHaveBeenCalledTimes(1);
    // Keyv's getMany receives the vault's keys (namespace-prefixed by Keyv below this call).
    expect(getManys.mock.calls[0]?.[0]).toEqual(['T1', ':T1:#C0TEAM', ':T1:U1']);
  });

  it('keeps the precedence: the person, else the channel, else the workspace, else the default', async () => {
    const { vault, resolver, made } = resolverOnVault();
    const via = { userId: 'U1', channelId: 'C0TEAM' };
    expect(await resolver.lookup({ teamId: 'T1' }, via)).toMatchObject({ identity: 'default' });
    await vault.put({ teamId: 'T1' }, stored('https://team.example.test', 'team-token'));
    expect(await resolver.lookup({ teamId: 'T1' }, via)).toMatchObject({ identity: 'workspace' });
    await vault.put({ teamId: 'T1', channelId: 'C0TEAM' }, stored('https://chan.example.test', 'chan-token'));
    expect(await resolver.lookup({ teamId: 'T1' }, via)).toMatchObject({ identity: 'channel' });
    // A DM is no team channel: its id is never read as one.
    expect(await resolver.lookup({ teamId: 'T1' }, { channelId: 'D0DM' })).toMatchObject({
      identity: 'workspace',
    });
    await vault.put({ teamId: 'T1', userId: 'U1' }, stored('https://chan.example.test', 'own-token'));
    expect(await resolver.lookup({ teamId: 'T1' }, via)).toMatchObject({ identity: 'personal' });
    // The person's token on the channel's platform shares the channel's cache scope.
    expect(made.at(-1)).toMatchObject({ token: 'own-token', scope: ':T1:#C0TEAM' });
    expect(await resolver.lookup({ teamId: 'T1' }, { channelId: 'C0TEAM' })).toMatchObject({
      identity: 'channel',
    });
  });
});

describe.each(['memory', 'sqlite', 'redis'] as const)('owners of stored connections on %s', (kind) => {
  const fixture = backendFixture(kind);
  const namespace = uniqueName('connection-owners');
  afterAll(() => fixture.dispose(namespace));

  /** A replica: its own Store on the backend, the vault and owner list on it, as the app builds them. */
  function replica(store: Store) {
    const vault = createTokenVault({ keyv: store.keyv(`${namespace}-vault`), key: Buffer.alloc(32, 7) });
    const resolver = createConnectionResolver({
      vault,
      defaultConnection: undefined,
      makeClient: () => ({}) as ConsoleApi,
      logger: createMemoryLogger(),
      owners: storedValues(store, namespace),
    });
    return { vault, resolver };
  }

  it('lists every owner two replicas connect at the same moment, and an uninstall removes them all', async () => {
    const first = await fixture.open();
    const second = kind === 'redis' ? await fixture.open() : first;
    const replicas = [replica(first), replica(second)];
    const owners = Array.from({ length: 24 }, (_, i) =>
      i % 3 === 0 ? { teamId: 'T7', channelId: `C0TEAM${i}` } : { teamId: 'T7', userId: `U${i}` },
    );
    await Promise.all(
      owners.map(async (owner, i) => {
        const { vault, resolver } = replicas[i % 2] as ReturnType<typeof replica>;
        await vault.put(owner, stored('https://team.example.test', `token-${i}`));
        await resolver.remember(owner);
      }),
    );
    const { vault, resolver } = replicas[0] as ReturnType<typeof replica>;
    expect(await resolver.removeAll({ teamId: 'T7' })).toEqual({ removed: owners.length });
    for (const owner of owners) expect(await vault.get(owner)).toBeUndefined();
    expect(await first.keyv(namespace).get('T7')).toBeUndefined();
  });

  it('removes an owner who connects while the uninstall is removing the others', async () => {
    const store = await fixture.open();
    const { vault, resolver } = replica(store);
    await vault.put({ teamId: 'T8', userId: 'U1' }, stored('https://team.example.test', 'token-1'));
    await resolver.remember({ teamId: 'T8', userId: 'U1' });
    const remove = vault.remove.bind(vault);
    let joined = false;
    vi.spyOn(vault, 'remove').mockImplementation(async (owner) => {
      if (!joined && owner.userId === 'U1') {
        joined = true;
        // A login lands between the uninstall's read of the list and its delete.
        await vault.put({ teamId: 'T8', userId: 'U2' }, stored('https://team.example.test', 'token-2'));
        await resolver.remember({ teamId: 'T8', userId: 'U2' });
      }
      return remove(owner);
    });
    expect(await resolver.removeAll({ teamId: 'T8' })).toEqual({ removed: 2 });
    expect(await vault.get({ teamId: 'T8', userId: 'U2' })).toBeUndefined();
    expect(await store.keyv(namespace).get('T8')).toBeUndefined();
  });
});
