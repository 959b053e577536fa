import type { Keyv } from 'keyv';
import type { ActionRequest } from '../core/requests/action-request.js';
import {
  LegacyApproval,
  LegacyScheduled,
  requestOfLegacyApproval,
  requestOfLegacySchedule,
} from '../core/requests/legacy-requests.js';
import type { RequestStore } from '../core/requests/request-store.js';
import type { Logger } from '../observability/logger.js';
import type { Store } from '../store/store-types.js';

/** One replica carries them over; the others wait for nothing (adopting is idempotent anyway). */
const MIGRATION_LOCK = 'migrate:requests:v1';
const MIGRATION_LOCK_MS = 10 * 60_000;

/**
 * Carries what an earlier version kept waiting (scheduled actions, approvals asked for now) into
 * the request store, then forgets the old records: each becomes a request decided in full when it
 * runs, told to its people when it ends. A store that cannot list its records is left as it is
 * (logged): nothing is lost, nothing is carried.
 */
export async function migrateLegacyRequests(input: {
  store: Pick<Store, 'keyv' | 'locks'>;
  requests: RequestStore;
  logger: Logger;
}): Promise<number> {
  const { store, requests, logger } = input;
  if (!(await store.locks.claim(MIGRATION_LOCK, MIGRATION_LOCK_MS))) return 0;
  const approvals = store.keyv('approvals');
  const schedules = store.keyv('schedules');
  if (!approvals.iterator || !schedules.iterator) {
    logger.warn('requests of an earlier version cannot be listed on this store; none carried over');
    return 0;
  }
  const legacyApprovals = new Map<string, LegacyApproval>();
  for (const [key, value] of await entries(approvals)) {
    const parsed = LegacyApproval.safeParse(value);
    if (parsed.success) legacyApprovals.set(parsed.data.id, parsed.data);
    else await approvals.delete(key);
  }
  let carried = 0;
  const carry = async (request: ActionRequest | undefined) => {
    if (request && (await requests.adopt(request))) carried += 1;
  };
  for (const [key, value] of await entries(schedules)) {
    const parsed = LegacyScheduled.safeParse(value);
    if (parsed.success)
      await carry(requestOfLegacySchedule(parsed.data, legacyApprovals.get(parsed.data.approvalId ?? '')));
    await schedules.delete(key);
  }
  for (const [id, approval] of legacyApprovals) {
    await carry(requestOfLegacyApproval(approval));
    await approvals.delete(`approval:${approval.scope}:${id}`);
  }
  if (carried > 0) logger.info('requests of an earlier version carried over', { carried });
  return carried;
}

/** Every [key, value] of a namespace (read whole first: the loop deletes as it goes). */
async function entries(keyv: Keyv): Promise<Array<[string, unknown]>> {
  const all: Array<[string, unknown]> = [];
  if (!keyv.iterator) return all;
  for await (const [key, value] of keyv.iterator(keyv.namespace) as AsyncIterable<[unknown, unknown]>)
    if (typeof key === 'string') all.push([key, value]);
  return all;
}
