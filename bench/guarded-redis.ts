import { randomUUID } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { AUDIT_KEEP_MS, connectionKey, type GuardedStore, LISTED, REPLAY_MS } from './guarded-store.js';

const P = 'bolt-guarded';
const CLAIM = `if not redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
return 1`;
const stamp = (ms: number) => String(ms).padStart(15, '0');

/** bench/bolt-guarded.ts's store on Redis: the client's commands, as the app makes them there. */
export async function guardedRedis(url: string): Promise<GuardedStore> {
  const redis = createClient({ url });
  await redis.connect();
  return {
    async claim(requestKey, intentKey, intent) {
      const keys = [`${P}:once:${requestKey}`, `${P}:${intentKey}`];
      return (await redis.eval(CLAIM, { keys, arguments: [String(REPLAY_MS), intent] })) === 1;
    },
    async context(team, user, channel) {
      const connection = `${P}:${connectionKey(team)}`;
      const [, policy, connections] = await Promise.all([
        redis.mGet([`${P}:languages:${team}:${user}`, `${P}:languages:${team}`]),
        redis.get(`${P}:policies:${team}`),
        redis.mGet([connection, `${connection}:${channel}`, `${connection}:${user}`]),
      ]);
      return { policy: policy ?? undefined, connection: connections[0] ?? undefined };
    },
    async mark(intentKey, intent) {
      await redis.set(`${P}:${intentKey}`, intent);
    },
    async record(recordKey) {
      return (await redis.get(`${P}:${recordKey}`)) ?? undefined;
    },
    async finish({ team, recordKey, experimentId, record, at, auditEntry, intentKey }) {
      const audit = `${P}:audit:${team}`;
      const listed = `${P}:recent:${team}`;
      await Promise.all([
        redis.set(`${P}:${recordKey}`, record),
        redis
          .multi()
          .zAdd(audit, { score: 0, value: `${stamp(at)}-${randomUUID()}|${auditEntry}` })
          .zRemRangeByLex(audit, '-', `(${stamp(at - AUDIT_KEEP_MS)}`)
          .pExpire(audit, AUDIT_KEEP_MS)
          .zAdd(listed, { score: at, value: experimentId })
          .zRemRangeByRank(listed, 0, -(LISTED + 1))
          .exec(),
        redis.unlink(`${P}:${intentKey}`),
      ]);
    },
    async subscriptions(team) {
      return (await redis.get(`${P}:subscriptions:${team}`)) ?? undefined;
    },
    async connect(team, connection) {
      await redis.set(`${P}:${connectionKey(team)}`, connection);
    },
  };
}
