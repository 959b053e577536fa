import { randomUUID } from 'node:crypto';
import { createClient } from '@keyv/redis';
import {
  AUDIT_KEEP_MS,
  connectionKey,
  type GuardedStore,
  LISTED,
  policyKey,
  REPLAY_MS,
} from './guarded-store.js';

const P = 'bolt-guarded';
const stamp = (ms: number) => String(ms).padStart(15, '0');

/**
 * The lean guarded start's store on Redis, seven round trips a start: one MULTI for the replay
 * claim and the intent, one MGET for the policy and the connection, the intent marked before and
 * after the platform call, the record read, one MULTI for the record, the audit entry, the recent
 * list and the intent's end, and the subscriptions read.
 */
export async function guardedRedis(url: string): Promise<GuardedStore> {
  const redis = createClient({ url });
  await redis.connect();
  return {
    async claim(requestKey, intentKey, intent) {
      const [claimed] = await redis
        .multi()
        .set(`${P}:once:${requestKey}`, '1', { NX: true, PX: REPLAY_MS })
        .set(`${P}:${intentKey}`, intent)
        .exec();
      if (String(claimed) === 'OK') return true;
      // A replay: the intent written beside the refused claim is not this request's.
      await redis.unlink(`${P}:${intentKey}`);
      return false;
    },
    async context(team) {
      const [policy, connection] = await redis.mGet([
        `${P}:${policyKey(team)}`,
        `${P}:${connectionKey(team)}`,
      ]);
      return { policy: policy ?? undefined, connection: connection ?? undefined };
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
      await redis
        .multi()
        .set(`${P}:${recordKey}`, record)
        .zAdd(audit, { score: 0, value: `${stamp(at)}-${randomUUID()}|${auditEntry}` })
        .zRemRangeByLex(audit, '-', `(${stamp(at - AUDIT_KEEP_MS)}`)
        .pExpire(audit, AUDIT_KEEP_MS)
        .zAdd(listed, { score: at, value: experimentId })
        .zRemRangeByRank(listed, 0, -(LISTED + 1))
        .unlink(`${P}:${intentKey}`)
        .exec();
    },
    async subscriptions(team) {
      return (await redis.get(`${P}:subscriptions:${team}`)) ?? undefined;
    },
    async connect(team, connection) {
      await redis.set(`${P}:${connectionKey(team)}`, connection);
    },
  };
}
