import type { Keyv } from 'keyv';
import { ConfigError, loadConfig } from './config.js';
import type { RotationReport } from './core/connection-vault.js';
import { hookAad } from './core/hooks/hook-store.js';
import { createLogger } from './observability/logger.js';
import { createStore } from './store/create-store.js';
import { encryptSecret, type KeyRing, openSecret, SecretDecryptionError } from './store/crypto.js';
import { rotateInstallations } from './store/installation-store.js';
import { createTokenVault } from './store/token-vault.js';

// `npm run rotate-keys`: re-seals every stored secret (platform connections, Slack installations,
// hook secrets) that an old key (TOKEN_ENCRYPTION_OLD_KEYS) opens with the current
// TOKEN_ENCRYPTION_KEY, and reports counts. Run it with the same environment as the app; once it
// reports no record sealed with an old key, the old keys can be removed. `--dry-run` only counts.

/** Hook records hold a sealed secret and, within a rotation's grace, the previous one. */
async function rotateHooks(keyv: Keyv, key: KeyRing, dryRun: boolean): Promise<RotationReport> {
  const report: RotationReport = { resealed: 0, current: 0, unreadable: 0, malformed: 0 };
  if (!keyv.iterator) throw new Error('this store cannot list its records, so keys cannot be rotated');
  // Each hook is stored twice (by workspace and by id): both copies are re-sealed, counted once.
  const seen = new Set<string>();
  for await (const [k, value] of keyv.iterator(keyv.namespace)) {
    const record = value as
      | { hookId?: unknown; sealed?: unknown; previous?: { sealed?: unknown } }
      | undefined;
    if (typeof k !== 'string' || typeof record?.hookId !== 'string' || typeof record.sealed !== 'string') {
      report.malformed += 1;
      continue;
    }
    const aad = hookAad(record.hookId);
    try {
      const opened = openSecret(record.sealed, key, aad);
      const previous =
        typeof record.previous?.sealed === 'string'
          ? openSecret(record.previous.sealed, key, aad)
          : undefined;
      const stale = opened.stale || previous?.stale === true;
      const first = !seen.has(record.hookId);
      seen.add(record.hookId);
      if (!stale) {
        if (first) report.current += 1;
        continue;
      }
      if (first) report.resealed += 1;
      if (!dryRun)
        await keyv.set(k, {
          ...record,
          sealed: encryptSecret(opened.plain, key, aad),
          ...(previous
            ? { previous: { ...record.previous, sealed: encryptSecret(previous.plain, key, aad) } }
            : {}),
        });
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      if (!seen.has(record.hookId)) report.unreadable += 1;
      seen.add(record.hookId);
    }
  }
  return report;
}

function line(name: string, r: RotationReport, dryRun: boolean): string {
  const parts = [
    `${r.resealed} ${dryRun ? 'to re-seal' : 're-sealed'} with the current key`,
    `${r.current} already current`,
    `${r.unreadable} unreadable with every configured key`,
  ];
  if (r.malformed > 0) parts.push(`${r.malformed} not in the expected shape (left alone)`);
  return `${name}: ${parts.join(', ')}`;
}

async function main(argv: readonly string[]): Promise<number> {
  const dryRun = argv.includes('--dry-run');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  if (!config.tokenEncryptionKey) {
    process.stderr.write('TOKEN_ENCRYPTION_KEY: required to rotate keys (the key to seal with)\n');
    return 1;
  }
  const key: KeyRing = { current: config.tokenEncryptionKey, old: config.tokenEncryptionOldKeys };
  const logger = createLogger({ level: 'warn', write: (l) => process.stderr.write(`${l}\n`) });
  const store = await createStore(config.store.url, { logger });
  try {
    const connections = await createTokenVault({ keyv: store.keyv('connections'), key, logger }).rotate({
      dryRun,
    });
    const installations = await rotateInstallations(store.keyv('installations'), key, { dryRun });
    const hooks = await rotateHooks(store.keyv('hooks'), key, dryRun);
    process.stdout.write(
      `${[
        line('platform connections', connections, dryRun),
        line('Slack installations', installations, dryRun),
        line('lifecycle hooks', hooks, dryRun),
      ].join('\n')}\n`,
    );
    const unreadable = connections.unreadable + installations.unreadable + hooks.unreadable;
    if (unreadable > 0)
      process.stdout.write(
        'Unreadable records were left as they are: their workspaces must connect again (/exp connect), ' +
          'or add the key that sealed them to TOKEN_ENCRYPTION_OLD_KEYS and run this again.\n',
      );
    return unreadable > 0 ? 2 : 0;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`rotate-keys failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
