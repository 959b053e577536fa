import KeyvRedis, { createClient } from '@keyv/redis';
import { Keyv } from 'keyv';
import type { ReportError } from './error-log.js';
import { describeStoreUrl, StoreConnectionError } from './store-errors.js';
import { type Backend, checkTtl } from './store-types.js';

/** Every key this app writes to Redis starts with this, so it can share a server (and tests can). */
export const REDIS_KEY_PREFIX = 'exp-chatops';
/** Raw key of a Keyv entry: `exp-chatops:<namespace>:<key>`. */
export const redisNamespace = (namespace: string): string => `${REDIS_KEY_PREFIX}:${namespace}`;
/** Claims use a segment no namespace can take (namespaces start with a letter or digit). */
export const redisClaimKey = (key: string): string => `${REDIS_KEY_PREFIX}:_once:${key}`;

const connectTimeoutMs = 5_000;

/**
 * redis:// and rediss://: the multi-replica store. One client per Store, shared by every namespace's
 * adapter and by the claims. Commands fail at once while disconnected (no offline queue) rather
 * than hang a Slack handler past its 3-second window; the client keeps reconnecting in the background.
 */
export async function openRedisBackend(url: string, report: ReportError): Promise<Backend> {
  let everConnected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: connectTimeoutMs,
      // Before the first connection an error ends connect() so start-up fails loudly.
      reconnectStrategy: (retries: number, cause: Error) =>
        everConnected ? Math.min(100 * 2 ** retries, 5_000) : cause,
    },
  });
  // Each adapter adds its own 'error' listener to the shared client.
  client.setMaxListeners(100);
  client.on('error', (error: unknown) => report('redis', error));
  try {
    await client.connect();
  } catch (cause) {
    throw new StoreConnectionError('redis', describeStoreUrl(url), { cause });
  }
  everConnected = true;

  return {
    kind: 'redis',
    createKeyv(namespace) {
      const adapter = new KeyvRedis<unknown>(client, { keyPrefixSeparator: ':', throwOnErrors: true });
      // The adapter prefixes keys itself; Keyv's own prefixing would double it.
      const keyv = new Keyv(adapter, {
        namespace: redisNamespace(namespace),
        useKeyPrefix: false,
        throwOnErrors: true,
      });
      keyv.on('error', (error: unknown) => report(`redis:${namespace}`, error));
      return keyv;
    },
    locks: {
      async claim(key, ttlMs) {
        checkTtl(ttlMs);
        const reply = await client.set(redisClaimKey(key), '1', {
          condition: 'NX',
          expiration: { type: 'PX', value: ttlMs },
        });
        return reply === 'OK';
      },
    },
    async close() {
      if (client.isOpen) await client.close();
    },
  };
}
