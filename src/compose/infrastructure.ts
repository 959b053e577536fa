import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import type { Logger } from '../observability/logger.js';
import { createMetrics, type Metrics } from '../observability/metrics.js';
import { createStore, type Store } from '../store/create-store.js';
import type { KeyRing } from '../store/crypto.js';
import { createTokenVault, type RotatingTokenVault } from '../store/token-vault.js';
import type { Closers } from './closers.js';

/** What everything else stands on: the store, the key ring that seals secrets in it, metrics. */
export interface Infrastructure {
  metrics: Metrics;
  store: Store;
  keyRing: KeyRing;
  vault: RotatingTokenVault;
}

export async function buildInfrastructure(
  config: Config,
  logger: Logger,
  closers: Closers,
): Promise<Infrastructure> {
  const store = await createStore(config.store.url, { logger: logger.child({ component: 'store' }) });
  const metrics = createMetrics({
    readings: { exp_replay_guard_requests: () => store.requestsRemembered() },
  });
  closers.push(() => store.close());
  // Only where the embedded sandbox is the platform may the key be per process (config enforces it):
  // its tokens live exactly as long as the sandbox that issued them.
  // The ring: the current key seals; old keys (TOKEN_ENCRYPTION_OLD_KEYS) still open until rotated.
  const keyRing: KeyRing = {
    current: config.tokenEncryptionKey ?? randomBytes(32),
    old: config.tokenEncryptionOldKeys,
  };
  const vault = createTokenVault({ keyv: store.keyv('connections'), key: keyRing, logger });
  reportConnectionsNeedingAttention(vault, logger);
  return { metrics, store, keyRing, vault };
}

/** Finds, without changing anything, the connections no configured key opens: /readyz reports them. */
function reportConnectionsNeedingAttention(vault: RotatingTokenVault, logger: Logger): void {
  void vault.rotate({ dryRun: true }).then(
    (report) => {
      if (report.unreadable > 0 || report.resealed > 0)
        logger.warn('stored platform connections need attention', {
          unreadable: report.unreadable,
          sealedWithOldKey: report.resealed,
          hint: 'npm run rotate-keys re-seals those an old key opens; unreadable ones must be connected again',
        });
    },
    (error: unknown) => logger.warn('could not scan the stored connections', { error }),
  );
}
