import type { Installation, InstallationQuery, InstallationStore } from '@slack/bolt';
import type { Keyv } from 'keyv';
import type { RotationReport } from '../core/connection-vault.js';
import { decryptSecret, encryptSecret, type KeyRing, openSecret, SecretDecryptionError } from './crypto.js';

/** No installation is stored under this key (never installed, uninstalled, or its bot token revoked). */
export class InstallationNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No installation for ${key}`);
    this.name = 'InstallationNotFoundError';
  }
}

// Slack installations hold bot (and user) tokens: the whole record is encrypted, bound to its key.
export function installationKey(query: {
  isEnterpriseInstall?: boolean;
  enterpriseId?: string | undefined;
  teamId?: string | undefined;
}): string {
  if (query.isEnterpriseInstall && query.enterpriseId) return `org:${query.enterpriseId}`;
  // '' counts as absent: payloads outside Enterprise Grid may carry an empty enterprise_id.
  return `team:${query.enterpriseId || '-'}:${query.teamId || '-'}`;
}

export function createKeyvInstallationStore(keyv: Keyv, key: Buffer | KeyRing): InstallationStore {
  return {
    async storeInstallation(installation: Installation) {
      const k = installationKey({
        isEnterpriseInstall: installation.isEnterpriseInstall,
        enterpriseId: installation.enterprise?.id,
        teamId: installation.team?.id,
      });
      await keyv.set(k, encryptSecret(JSON.stringify(installation), key, k));
    },
    async fetchInstallation(query: InstallationQuery<boolean>) {
      const k = installationKey(query);
      const blob = await keyv.get<string>(k);
      if (typeof blob !== 'string') throw new InstallationNotFoundError(k);
      return JSON.parse(decryptSecret(blob, key, k)) as Installation;
    },
    // Idempotent: app_uninstalled and tokens_revoked both delete, in either order, and may be retried.
    async deleteInstallation(query: InstallationQuery<boolean>) {
      await keyv.delete(installationKey(query));
    },
  };
}

/** Re-seals every installation an old key opens with the current key (`npm run rotate-keys`). */
export async function rotateInstallations(
  keyv: Keyv,
  key: KeyRing,
  options: { dryRun?: boolean } = {},
): Promise<RotationReport> {
  const report: RotationReport = { resealed: 0, current: 0, unreadable: 0, malformed: 0 };
  if (!keyv.iterator) throw new Error('this store cannot list its records, so keys cannot be rotated');
  for await (const [k, blob] of keyv.iterator(keyv.namespace)) {
    if (typeof k !== 'string' || typeof blob !== 'string') {
      report.malformed += 1;
      continue;
    }
    try {
      const opened = openSecret(blob, key, k);
      if (!opened.stale) report.current += 1;
      else {
        report.resealed += 1;
        if (!options.dryRun) await keyv.set(k, encryptSecret(opened.plain, key, k));
      }
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      report.unreadable += 1;
    }
  }
  return report;
}
