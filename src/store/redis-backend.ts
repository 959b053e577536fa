import KeyvRedis, { createClient } from '@keyv/redis';
import { Keyv } from 'keyv';
import { maskUrl } from '../observability/url-secrets.js';
import {
  type AppendLog,
  boundedLimit,
  checkStream,
  entryId,
  idAt,
  type LogEntry,
  validCursor,
} from './append-log.js';
import type { ReportError } from './error-log.js';
import { keyvJson } from './keyv-json.js';
import { boundedRead, checkList, checkTouch, type RecentLists } from './recent-lists.js';
import { StoreConnectionError } from './store-errors.js';
import { type Backend, checkTtl, REFUSED_CLAIM } from './store-types.js';

/** Every key this app writes to Redis starts with this, so it can share a server (and tests can). */
/**
 * @keyv/redis lists a namespace by SCAN, then MGET of the keys found: a key deleted between the two
 * (an intent ended, a lease gone while another replica's sweep lists them) comes back as null, and
 * Keyv's iterator throws on it (keyv#623). Such a key is gone: it is left out, as if SCAN had not
 * reached it.
 */
class ListedKeyvRedis<T> extends KeyvRedis<T> {
  override async *iterator<U = T>(
    namespace?: string,
  ): AsyncGenerator<[string, U | undefined], void, unknown> {
    for await (const entry of super.iterator<U>(namespace)) if (entry[1] != null) yield entry;
  }
}

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
  const client = newRedisClient(url, () => everConnected);
  // Each adapter adds its own 'error' listener to the shared client.
  client.setMaxListeners(100);
  client.on('error', (error: unknown) => report('redis', error));
  try {
    await client.connect();
  } catch (cause) {
    throw new StoreConnectionError('redis', maskUrl(url), { cause });
  }
  everConnected = true;

  return {
    kind: 'redis',
    logs: createRedisLog(client),
    recent: createRedisRecentLists(client),
    createKeyv(namespace) {
      const adapter = new ListedKeyvRedis<unknown>(client, { keyPrefixSeparator: ':', throwOnErrors: true });
      // The adapter prefixes keys itself; Keyv's own prefixing would double it.
      const keyv = new Keyv(adapter, {
        namespace: redisNamespace(namespace),
        useKeyPrefix: false,
        throwOnErrors: true,
        ...keyvJson,
      });
      keyv.on('error', (error: unknown) => report(`redis:${namespace}`, error));
      return keyv;
    },
    conditional: createRedisConditional(client),
    locks: {
      async claim(key, ttlMs, holder) {
        checkTtl(ttlMs);
        if (holder !== undefined) {
          const reply = await client.eval(CLAIM_AS_SCRIPT, {
            keys: [redisClaimKey(key)],
            arguments: [String(ttlMs), holder, REFUSED_CLAIM],
          });
          return reply === 1;
        }
        const reply = await client.set(redisClaimKey(key), '1', {
          condition: 'NX',
          expiration: { type: 'PX', value: ttlMs },
        });
        return reply === 'OK';
      },
      async refuse(key, holder) {
        await client.eval(REFUSE_SCRIPT, { keys: [redisClaimKey(key)], arguments: [holder, REFUSED_CLAIM] });
      },
    },
    async close() {
      if (!client.isOpen) return;
      // A server that is gone would keep close() waiting for replies that never come.
      if (client.isReady) await client.close();
      else client.destroy();
    },
  };
}

/** Raw key of a log stream: a sorted set whose members sort by their time-sortable id (BYLEX). */
export const redisLogKey = (stream: string): string => `${REDIS_KEY_PREFIX}:_log:${stream}`;

/** The client openRedisBackend shares: before it has ever connected, an error ends connect(). */
function newRedisClient(url: string, everConnected: () => boolean) {
  return createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: connectTimeoutMs,
      // Before the first connection an error ends connect() so start-up fails loudly. After it,
      // tried at least every second: claims refused in an outage are released as soon as it ends.
      reconnectStrategy: (retries: number, cause: Error) =>
        everConnected() ? Math.min(100 * 2 ** retries, 1_000) : cause,
    },
  });
}

// The client as configured in newRedisClient (its generics differ from createClient()'s default).
type RedisClient = Pick<ReturnType<typeof newRedisClient>, 'multi' | 'zRange' | 'del' | 'get' | 'eval'>;

/** Raw key of a recent list: a sorted set of its members scored by when each was last touched. */
export const redisRecentKey = (list: string): string => `${REDIS_KEY_PREFIX}:_recent:${list}`;

/**
 * The look and the write in one script: Redis runs a script alone, so no other replica's write
 * comes between them. ARGV: whether a value is expected, the expected value, whether a value is
 * written (else the key is deleted), the value, its time to live in ms ('' for none).
 */
const SWAP_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '1' then
  if current ~= ARGV[2] then return 0 end
elseif current then
  return 0
end
if ARGV[3] ~= '1' then redis.call('DEL', KEYS[1])
elseif ARGV[5] ~= '' then redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[5])
else redis.call('SET', KEYS[1], ARGV[4]) end
return 1`;

/**
 * A claim by a holder: taken when free, refused before (REFUSED_CLAIM), or this holder's already
 * (its first answer lost). ARGV: time to live in ms, the holder, the refused mark.
 */
const CLAIM_AS_SCRIPT = `
local held = redis.call('GET', KEYS[1])
if held and held ~= ARGV[2] and held ~= ARGV[3] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[1])
return 1`;

/** A holder's claim marked refused, its time to live kept. ARGV: the holder, the refused mark. */
const REFUSE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL') end
return 1`;

function createRedisConditional(client: RedisClient): Backend['conditional'] {
  const rawKey = (namespace: string, key: string) => `${redisNamespace(namespace)}:${key}`;
  return {
    read: async (namespace, key) => (await client.get(rawKey(namespace, key))) ?? undefined,
    async swap(namespace, key, expected, next, ttlMs) {
      const reply = await client.eval(SWAP_SCRIPT, {
        keys: [rawKey(namespace, key)],
        arguments: [
          expected === undefined ? '0' : '1',
          expected ?? '',
          next === undefined ? '0' : '1',
          next ?? '',
          ttlMs === undefined ? '' : String(Math.max(1, Math.ceil(ttlMs))),
        ],
      });
      return reply === 1;
    },
  };
}

/**
 * Every member has score 0 and starts with its entry id, so lexical order is time order: a page is
 * one ZRANGE … BYLEX REV, and retention one ZREMRANGEBYLEX, both atomic for every replica.
 */
function createRedisLog(client: RedisClient): AppendLog {
  const decode = (member: string): LogEntry => {
    const bar = member.indexOf('|');
    const parsed = JSON.parse(member.slice(bar + 1)) as { at: number; data: unknown };
    return { id: member.slice(0, bar), at: parsed.at, data: parsed.data };
  };
  return {
    async append(stream, data, { at, retentionMs }) {
      checkStream(stream);
      const entry: LogEntry = { id: entryId(at), at, data };
      const key = redisLogKey(stream);
      await client
        .multi()
        .zAdd(key, { score: 0, value: `${entry.id}|${JSON.stringify({ at, data })}` })
        .zRemRangeByLex(key, '-', `(${idAt(at - retentionMs)}`)
        .pExpire(key, retentionMs)
        .exec();
      return entry;
    },
    async read(stream, { before, limit }) {
      checkStream(stream);
      const cursor = validCursor(before);
      const members = await client.zRange(
        redisLogKey(stream),
        cursor === undefined ? '+' : `(${cursor}`,
        '-',
        {
          BY: 'LEX',
          REV: true,
          LIMIT: { offset: 0, count: boundedLimit(limit) },
        },
      );
      return members.map(decode);
    },
    async drop(stream) {
      checkStream(stream);
      await client.del(redisLogKey(stream));
    },
  };
}

/**
 * A touch is one MULTI: the member scored by its time (a second touch moves it to the head) and the
 * list trimmed to its length by rank, atomic for every replica and a few bytes whatever the length.
 */
function createRedisRecentLists(client: RedisClient): RecentLists {
  return {
    async touch(list, member, { at, keep }) {
      checkTouch(list, member, keep);
      const key = redisRecentKey(list);
      await client
        .multi()
        .zAdd(key, { score: Math.floor(at), value: member })
        .zRemRangeByRank(key, 0, -(keep + 1))
        .exec();
    },
    async read(list, limit) {
      checkList(list);
      const count = boundedRead(limit);
      if (count === 0) return [];
      return client.zRange(redisRecentKey(list), 0, count - 1, { REV: true });
    },
    async drop(list) {
      checkList(list);
      await client.del(redisRecentKey(list));
    },
  };
}
