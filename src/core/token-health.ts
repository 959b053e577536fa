// When a platform token's owner must hear about it: a week and a day before it expires, when it has
// expired, and when the platform refused it ("Invalid api key provided"). Each at most once per
// token (the caller keys the once-guard on the connection's connectedAt, new for every token).

export type TokenReminder =
  | { kind: 'invalid' }
  | { kind: 'expired' }
  /** days: whole days left, 0 for less than one. */
  | { kind: '1d'; days: number }
  | { kind: '7d'; days: number };

const DAY_MS = 24 * 60 * 60 * 1000;

export function dueReminder(
  connection: { state: 'active' | 'invalid' | 'unreadable'; expiresAt: Date | undefined },
  now: Date,
): TokenReminder | undefined {
  if (connection.state === 'invalid') return { kind: 'invalid' };
  if (connection.state !== 'active') return undefined;
  const at = connection.expiresAt?.getTime();
  if (at === undefined || Number.isNaN(at)) return undefined;
  const left = at - now.getTime();
  if (left <= 0) return { kind: 'expired' };
  const days = Math.floor(left / DAY_MS);
  if (left <= DAY_MS) return { kind: '1d', days };
  if (left <= 7 * DAY_MS) return { kind: '7d', days };
  return undefined;
}
