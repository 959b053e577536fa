import type { Keyv } from 'keyv';
import type { Logger } from '../observability/logger.js';
import { maskUrl, secretsOfUrl } from '../observability/url-secrets.js';
import { createErrorReporter, type ReportError } from './error-log.js';
import { openMemoryBackend } from './memory-backend.js';
import { StoreConfigError } from './store-errors.js';
import type { Backend, Store } from './store-types.js';
import { parseStoreUrl, type StoreTarget } from './store-url.js';

export { StoreConfigError, StoreConnectionError } from './store-errors.js';
export type { OnceGuard, Store } from './store-types.js';

export interface CreateStoreOptions {
  logger: Logger;
  /** How often expired rows are deleted on sqlite, postgres and memory. Default 10 minutes. */
  cleanupIntervalMs?: number;
}

const defaultCleanupIntervalMs = 10 * 60_000;
// No ':' — Keyv's iterator splits keys on the first colon to remove the namespace.
const namespacePattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/**
 * Opens the store named by STORE_URL. Rejects with StoreConfigError for a URL it cannot use and
 * StoreConnectionError when the backend cannot be reached, so a bad store stops start-up.
 *
 * Adapters are built here as instances: handing Keyv a connection string silently gives an
 * in-memory store.
 */
export async function createStore(url: string, opts: CreateStoreOptions): Promise<Store> {
  const target = parseStoreUrl(url);
  const intervalMs = opts.cleanupIntervalMs ?? defaultCleanupIntervalMs;
  if (!Number.isInteger(intervalMs) || intervalMs <= 0) {
    throw new RangeError('cleanupIntervalMs must be a positive integer');
  }
  const logger = opts.logger.child({ component: 'store', store: target.kind });
  const report = createErrorReporter(logger, secretsOfUrl(url));
  const backend = await open(target, report);

  let cleaning: Promise<void> | undefined;
  const cleanup = backend.cleanup;
  const timer = cleanup
    ? setInterval(() => {
        // A slow run is not stacked on: the next tick finds it still going and skips.
        cleaning ??= cleanup()
          .catch((error: unknown) => report('cleanup', error))
          .finally(() => {
            cleaning = undefined;
          });
      }, intervalMs)
    : undefined;
  timer?.unref();

  const keyvs = new Map<string, Keyv>();
  let closing: Promise<void> | undefined;
  logger.info('store ready', { where: maskUrl(url) });

  const keyvOf = (namespace: string): Keyv => {
    if (!namespacePattern.test(namespace)) {
      throw new StoreConfigError('namespace', `"${namespace}": use letters, digits, '-' and '_' (max 64)`);
    }
    let keyv = keyvs.get(namespace);
    if (!keyv) {
      keyv = backend.createKeyv(namespace);
      keyvs.set(namespace, keyv);
    }
    return keyv;
  };
  return {
    kind: backend.kind,
    keyv: keyvOf,
    conditional: {
      // The namespace checked and made first, as for keyv() (the backend's table or map with it).
      read: async (namespace, key) => {
        keyvOf(namespace);
        return backend.conditional.read(namespace, key);
      },
      swap: async (namespace, key, expected, next, ttlMs) => {
        keyvOf(namespace);
        return backend.conditional.swap(namespace, key, expected, next, ttlMs);
      },
    },
    locks: backend.locks,
    logs: backend.logs,
    recent: backend.recent,
    forgetReads: () => backend.forgetReads?.(),
    requestsRemembered: () => backend.requestsRemembered?.() ?? 0,
    close() {
      closing ??= (async () => {
        clearInterval(timer);
        await cleaning;
        await backend.close();
      })();
      return closing;
    },
  };
}

/**
 * Each engine's client is loaded only when STORE_URL names it: a process on SQLite never holds the
 * Redis and PostgreSQL clients in memory (the idle memory budget, docs/benchmarks.md).
 */
async function open(target: StoreTarget, report: ReportError): Promise<Backend> {
  switch (target.kind) {
    case 'memory':
      return openMemoryBackend(report);
    case 'sqlite':
      return (await import('./sqlite-backend.js')).openSqliteBackend(target.path, report);
    case 'redis':
      return (await import('./redis-backend.js')).openRedisBackend(target.url, report);
    case 'postgres':
      return (await import('./postgres-backend.js')).openPostgresBackend(target.url, report);
  }
}
