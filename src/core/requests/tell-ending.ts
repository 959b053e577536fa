import type { ActionRequest } from './action-request.js';
import type { RequestChange, RequestPorts } from './ports.js';

// An ending people are told of (cancelled, rejected, expired) is owed until told (tellOwed): told
// here by whoever made it, else by the due pass once the process that made it has had its chance.

/** Tells an ending's people; once told, the request no longer owes it (kept until the store takes it). */
export async function tellEnding(
  ports: Pick<RequestPorts, 'notify' | 'requests' | 'logger'>,
  request: ActionRequest,
  change: RequestChange,
): Promise<void> {
  if (!(await ports.notify(request, change))) return;
  if (!request.tellOwed) return;
  await ports.requests.apply(request.scope, request.id, { kind: 'told' }, { keep: true }).catch((error) =>
    ports.logger.warn('a told ending could not be marked told yet; kept to write later', {
      error,
      id: request.id,
    }),
  );
}

/** The change a stored ending tells, read back from the request (for the due pass). */
export function endingChange(request: ActionRequest): RequestChange | undefined {
  const by = request.history.at(-1)?.by;
  switch (request.state) {
    case 'cancelled':
      return by === undefined ? undefined : { kind: 'cancelled', by };
    case 'rejected':
      return by === undefined ? undefined : { kind: 'rejected', by, reason: request.approval?.reason };
    case 'expired':
      return request.why === 'missed' ? { kind: 'missed' } : { kind: 'expired' };
    default:
      return undefined;
  }
}
