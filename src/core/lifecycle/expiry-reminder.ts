const DAY_MS = 24 * 60 * 60 * 1000;
/** Tokens expiring sooner than this get a warning (design: "warned before it does"). */
const EXPIRY_WARNING_DAYS = 7;

type Expiry = { kind: 'unknown' } | { kind: 'expired' } | { kind: 'valid'; days: number; soon: boolean };

export function expiryOf(expiresAt: Date | undefined, now: Date): Expiry {
  const at = expiresAt?.getTime();
  if (at === undefined || !Number.isFinite(at)) return { kind: 'unknown' };
  const left = at - now.getTime();
  if (left <= 0) return { kind: 'expired' };
  return { kind: 'valid', days: Math.floor(left / DAY_MS), soon: left < EXPIRY_WARNING_DAYS * DAY_MS };
}

export interface ExpiryReminderDeps {
  now(): Date;
  /** True for the first caller of a key within ttlMs, across replicas. */
  claim(key: string, ttlMs: number): Promise<boolean>;
}

/**
 * The token's expiry is mandatory and nothing else warns people before lifecycle actions start
 * failing: once a day per workspace, the person who acted hears that the token runs out soon. The
 * whole days left when that reminder is due now (and claimed for the day), else undefined.
 */
export async function dueExpiryReminder(
  deps: ExpiryReminderDeps,
  scope: string,
  expiresAt: Date | undefined,
): Promise<number | undefined> {
  const now = deps.now();
  const expiry = expiryOf(expiresAt, now);
  if (expiry.kind !== 'valid' || !expiry.soon) return undefined;
  const day = now.toISOString().slice(0, 10);
  if (!(await deps.claim(`expiry-reminder:${scope}:${day}`, DAY_MS))) return undefined;
  return expiry.days;
}
