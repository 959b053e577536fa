import type { Installation, InstallationQuery, InstallationStore } from '@slack/bolt';
import type { Keyv } from 'keyv';
import { decryptSecret, encryptSecret } from './crypto.js';

// Slack installations hold bot (and user) tokens: the whole record is encrypted, bound to its key.
function keyOf(query: { isEnterpriseInstall?: boolean; enterpriseId?: string; teamId?: string }): string {
  if (query.isEnterpriseInstall && query.enterpriseId) return `org:${query.enterpriseId}`;
  return `team:${query.enterpriseId ?? '-'}:${query.teamId ?? '-'}`;
}

export function createKeyvInstallationStore(keyv: Keyv, key: Buffer): InstallationStore {
  return {
    async storeInstallation(installation: Installation) {
      const k = keyOf({
        isEnterpriseInstall: installation.isEnterpriseInstall,
        enterpriseId: installation.enterprise?.id,
        teamId: installation.team?.id,
      });
      await keyv.set(k, encryptSecret(JSON.stringify(installation), key, k));
    },
    async fetchInstallation(query: InstallationQuery<boolean>) {
      const k = keyOf(query);
      const blob = await keyv.get<string>(k);
      if (typeof blob !== 'string') throw new Error(`No installation for ${k}`);
      return JSON.parse(decryptSecret(blob, key, k)) as Installation;
    },
    async deleteInstallation(query: InstallationQuery<boolean>) {
      await keyv.delete(keyOf(query));
    },
  };
}
