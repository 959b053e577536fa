import { Keyv } from 'keyv';
import { describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '../console/types.js';
import { createMemoryLogger } from '../observability/logger.js';
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
    owners: new Keyv(),
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
