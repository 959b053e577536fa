import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendFixture, uniqueName } from './backends.test-helper.js';
import type { Store } from './create-store.js';
import { generateKey, SecretDecryptionError } from './crypto.js';
import {
  createKeyvInstallationStore,
  InstallationNotFoundError,
  installationKey,
} from './installation-store.js';

const botToken = 'xoxb-1111-2222-installationsecret';

// Bolt's type, reached through the store: the boundary test keeps @slack/* imports out of src/store.
type Installation = Parameters<ReturnType<typeof createKeyvInstallationStore>['storeInstallation']>[0];

function installation(teamId: string, enterpriseId?: string): Installation {
  return {
    team: { id: teamId, name: `Team ${teamId}` },
    enterprise: enterpriseId ? { id: enterpriseId } : undefined,
    user: { id: 'U0INSTALL', token: undefined, scopes: undefined },
    bot: { id: 'B1', userId: 'U0BOT', token: botToken, scopes: ['commands', 'chat:write'] },
    tokenType: 'bot',
    isEnterpriseInstall: false,
    appId: 'A1',
    authVersion: 'v2',
  };
}

describe('installationKey', () => {
  it('keys org-wide installs on the enterprise and the rest on enterprise + team', () => {
    expect(installationKey({ teamId: 'T1' })).toBe('team:-:T1');
    expect(installationKey({ teamId: 'T1', enterpriseId: '' })).toBe('team:-:T1');
    expect(installationKey({ teamId: 'T1', enterpriseId: 'E1' })).toBe('team:E1:T1');
    expect(installationKey({ teamId: 'T1', enterpriseId: 'E1', isEnterpriseInstall: true })).toBe('org:E1');
  });
});

describe.each(['memory', 'sqlite', 'redis', 'postgres'] as const)('installation store on %s', (kind) => {
  const fixture = backendFixture(kind);
  const namespace = uniqueName('installations');
  const key = generateKey();
  let store: Store;

  beforeAll(async () => {
    store = await fixture.open();
  });
  afterAll(() => fixture.dispose(namespace));

  it('stores the installation encrypted and reads it back', async () => {
    const installations = createKeyvInstallationStore(store.keyv(namespace), key);
    await installations.storeInstallation(installation('T1'));
    const rows = await fixture.rawRows(store, namespace);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).not.toContain(botToken);
    expect(rows[0]?.value).not.toContain('U0BOT');
    const back = await installations.fetchInstallation({
      teamId: 'T1',
      enterpriseId: undefined,
      isEnterpriseInstall: false,
    });
    expect(back.bot?.token).toBe(botToken);
    expect(back.team?.id).toBe('T1');
  });

  it('throws InstallationNotFoundError for a workspace that never installed', async () => {
    const installations = createKeyvInstallationStore(store.keyv(namespace), key);
    await expect(
      installations.fetchInstallation({
        teamId: 'T0NEVER',
        enterpriseId: undefined,
        isEnterpriseInstall: false,
      }),
    ).rejects.toBeInstanceOf(InstallationNotFoundError);
  });

  it('refuses a record copied under another workspace key, and one read with another key', async () => {
    const installations = createKeyvInstallationStore(store.keyv(namespace), key);
    await installations.storeInstallation(installation('T2'));
    const [row] = (await fixture.rawRows(store, namespace)).filter((r) => r.key.endsWith('team:-:T2'));
    expect(row).toBeDefined();
    const blob = String((await store.keyv(namespace).get<string>('team:-:T2')) ?? '');
    await store.keyv(namespace).set('team:-:T3', blob);
    await expect(
      installations.fetchInstallation({ teamId: 'T3', enterpriseId: undefined, isEnterpriseInstall: false }),
    ).rejects.toBeInstanceOf(SecretDecryptionError);
    const otherKey = createKeyvInstallationStore(store.keyv(namespace), generateKey());
    await expect(
      otherKey.fetchInstallation({ teamId: 'T2', enterpriseId: undefined, isEnterpriseInstall: false }),
    ).rejects.toBeInstanceOf(SecretDecryptionError);
  });

  it('deletes idempotently, per workspace', async () => {
    const installations = createKeyvInstallationStore(store.keyv(namespace), key);
    await installations.storeInstallation(installation('T4'));
    await installations.storeInstallation(installation('T4', 'E1'));
    const deleteInstallation = installations.deleteInstallation?.bind(installations);
    expect(deleteInstallation).toBeDefined();
    await deleteInstallation?.({ teamId: 'T4', enterpriseId: undefined, isEnterpriseInstall: false });
    await deleteInstallation?.({ teamId: 'T4', enterpriseId: undefined, isEnterpriseInstall: false });
    await expect(
      installations.fetchInstallation({ teamId: 'T4', enterpriseId: undefined, isEnterpriseInstall: false }),
    ).rejects.toBeInstanceOf(InstallationNotFoundError);
    const grid = await installations.fetchInstallation({
      teamId: 'T4',
      enterpriseId: 'E1',
      isEnterpriseInstall: false,
    });
    expect(grid.enterprise?.id).toBe('E1');
  });
});
