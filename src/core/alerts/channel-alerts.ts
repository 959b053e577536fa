import * as z from 'zod';
import type { StoredValues } from '../stored-values.js';
import type { DigestSchedule } from './digest-schedule.js';
import type { QuietHours } from './quiet-hours.js';

/** A channel's rhythm for alerts: hours they are held in, and a digest on a schedule. */
/** Events on one experiment this close together stay in its card, unless the channel set `window:`. */
export const DEFAULT_ALERT_WINDOW_MS = 60_000;

export interface ChannelAlerts {
  quiet?: QuietHours | undefined;
  digest?: DigestSchedule | undefined;
  /** The last digest due time this channel's digest was posted for (or skipped as empty), ms. */
  digestedAt?: number | undefined;
  /** When this channel last had an alert posted, ms (shown in `/exp subscriptions`). */
  deliveredAt?: number | undefined;
  /** `window:5m`: events on one experiment this close together stay in its card (default 60 s). */
  windowMs?: number | undefined;
  /** When each experiment last showed in the channel itself (its card posted or a reply broadcast), ms. */
  shownAt?: Record<string, number> | undefined;
  /** `long:30d`: a running experiment past this many days gets one nudge here. */
  longAfterDays?: number | undefined;
  /** Nudges, by `experimentId:startedAt`: when the next may be posted (ms; never, once posted). */
  nudged?: Record<string, number> | undefined;
  updatedBy?: string | undefined;
  /** The workspace the channel is in: what the sweep posts with. */
  workspace?: { teamId: string; enterpriseId?: string | undefined } | undefined;
}

/** An alert held in quiet hours: what the summary at their end lists. */
interface HeldAlert {
  /** The alert's event as queued (Slack's layer reads it back). */
  event: unknown;
  at: number;
}

/** More than this many held alerts in one channel: the oldest are dropped, and counted. */
const HELD_MAX = 200;
/** Channels with quiet hours or a digest the sweep looks at; more are refused when set. */
const CHANNELS_MAX = 5_000;

const Zone = z.string().min(1).max(100);
const Minute = z.int().min(0).max(1439);
const StoredQuiet = z.object({ from: Minute, to: Minute, timeZone: Zone });
const StoredDigest = z.union([
  z.object({ every: z.literal('daily'), at: Minute, timeZone: Zone }),
  z.object({ every: z.literal('weekly'), weekday: z.int().min(0).max(6), at: Minute, timeZone: Zone }),
]);
const StoredSettings = z.object({
  v: z.literal(1),
  quiet: StoredQuiet.optional(),
  digest: StoredDigest.optional(),
  digestedAt: z.number().optional(),
  deliveredAt: z.number().optional(),
  longAfterDays: z.int().min(1).max(3650).optional(),
  windowMs: z.int().min(1_000).max(86_400_000).optional(),
  shownAt: z.record(z.string().max(20), z.number()).optional(),
  nudged: z.record(z.string().max(80), z.number()).optional(),
  updatedBy: z.string().max(64).optional(),
  workspace: z.object({ teamId: z.string().max(64), enterpriseId: z.string().max(64).optional() }).optional(),
});
const StoredHeld = z.object({
  v: z.literal(1),
  alerts: z.array(z.object({ event: z.unknown(), at: z.number() })),
  dropped: z.int().min(0),
});
const StoredIndex = z.object({ v: z.literal(1), channels: z.array(z.string().max(300)) });

export interface ChannelRef {
  scope: string;
  channelId: string;
}

export interface ChannelAlertsStore {
  /** The clock quiet hours and digests are measured with (tests move it instead of waiting). */
  now(): number;
  get(ref: ChannelRef): Promise<ChannelAlerts>;
  /** Sets (or, with undefined, ends) a channel's quiet hours or digest. */
  set(
    ref: ChannelRef,
    change: Partial<
      Pick<ChannelAlerts, 'quiet' | 'digest' | 'digestedAt' | 'longAfterDays' | 'windowMs' | 'workspace'>
    >,
    by: string,
  ): Promise<ChannelAlerts>;
  /** Every channel with quiet hours or a digest (bounded by CHANNELS_MAX). */
  channels(): Promise<ChannelRef[]>;
  hold(ref: ChannelRef, alert: HeldAlert): Promise<void>;
  /** The channel's held alerts, taken: one caller across replicas gets each. */
  takeHeld(ref: ChannelRef): Promise<{ alerts: HeldAlert[]; dropped: number }>;
  /** Marks the digest due at `dueAt` as done; false when another replica (or an earlier pass) did. */
  claimDigest(ref: ChannelRef, dueAt: number): Promise<boolean>;
  /** Claims the nudge `key` at `now`: false when it was posted already and no reminder is due. */
  claimNudge(ref: ChannelRef, key: string, now: number): Promise<boolean>;
  /** The nudge `key` may be posted again from `at` ("Remind me in 7 days"). */
  remindNudge(ref: ChannelRef, key: string, at: number): Promise<void>;
  /** Notes that the experiment showed in the channel itself at `at`. */
  shown(ref: ChannelRef, experimentId: number, at: number): Promise<void>;
  /** Notes that an alert was posted in the channel now. */
  delivered(ref: ChannelRef, at: number): Promise<void>;
}

/** More channels with quiet hours or a digest than the sweep looks at: nothing was set. */
export class ChannelAlertsFullError extends Error {
  constructor() {
    super(`more than ${CHANNELS_MAX} channels have quiet hours or a digest`);
    this.name = 'ChannelAlertsFullError';
  }
}

const settingsKey = (ref: ChannelRef) => `settings:${ref.scope}:${ref.channelId}`;
const heldKey = (ref: ChannelRef) => `held:${ref.scope}:${ref.channelId}`;
const INDEX_KEY = 'index';
const refKey = (ref: ChannelRef) => `${ref.scope}\t${ref.channelId}`;

/**
 * One record per channel for its settings and one for its held alerts, and one index of the
 * channels with settings, each changed by compare-and-set: a digest claimed by its due time and
 * held alerts taken are each had by one replica.
 */
export function createChannelAlertsStore(
  { keyv, update }: StoredValues,
  options: { now?: (() => Date) | undefined } = {},
): ChannelAlertsStore {
  const clock = options.now ?? (() => new Date());
  const read = async (ref: ChannelRef): Promise<ChannelAlerts> =>
    settingsOf(await keyv.get(settingsKey(ref)));
  const change = <T>(ref: ChannelRef, fn: (current: ChannelAlerts) => { next: ChannelAlerts; result: T }) =>
    update(settingsKey(ref), (raw) => {
      const { next, result } = fn(settingsOf(raw));
      return { next: { v: 1, ...next }, result };
    });
  return {
    now: () => clock().getTime(),
    get: read,
    async set(ref, changed, by) {
      const next = await change(ref, (current) => {
        const merged = { ...current, ...changed, updatedBy: by };
        return { next: merged, result: merged };
      });
      const listed =
        next.quiet !== undefined || next.digest !== undefined || next.longAfterDays !== undefined;
      await indexChannel(update, ref, listed);
      return next;
    },
    async channels() {
      const index = StoredIndex.safeParse(await keyv.get(INDEX_KEY));
      if (!index.success) return [];
      return index.data.channels.flatMap((entry) => {
        const [scope, channelId] = entry.split('\t');
        return scope && channelId ? [{ scope, channelId }] : [];
      });
    },
    async hold(ref, alert) {
      await update(heldKey(ref), (raw) => {
        const held = heldOf(raw);
        const alerts = [...held.alerts, alert];
        const over = Math.max(0, alerts.length - HELD_MAX);
        return {
          next: { v: 1, alerts: alerts.slice(over), dropped: held.dropped + over },
          result: undefined,
        };
      });
    },
    takeHeld: (ref) =>
      update(heldKey(ref), (raw) => {
        const held = heldOf(raw);
        return { next: undefined, result: { alerts: held.alerts, dropped: held.dropped } };
      }),
    claimDigest: (ref, dueAt) =>
      change(ref, (current) =>
        (current.digestedAt ?? 0) >= dueAt
          ? { next: current, result: false }
          : { next: { ...current, digestedAt: dueAt }, result: true },
      ),
    claimNudge: (ref, key, now) =>
      change(ref, (current) => {
        const nudged = current.nudged ?? {};
        if ((nudged[key] ?? 0) > now) return { next: current, result: false };
        return { next: { ...current, nudged: keptNudges({ ...nudged, [key]: NEVER }) }, result: true };
      }),
    async remindNudge(ref, key, at) {
      await change(ref, (current) => ({
        next: { ...current, nudged: keptNudges({ ...(current.nudged ?? {}), [key]: at }) },
        result: undefined,
      }));
    },
    async shown(ref, experimentId, at) {
      await change(ref, (current) => ({
        next: { ...current, shownAt: keptNudges({ ...(current.shownAt ?? {}), [String(experimentId)]: at }) },
        result: undefined,
      }));
    },
    async delivered(ref, at) {
      await change(ref, (current) => ({ next: { ...current, deliveredAt: at }, result: undefined }));
    },
  };
}

/** A nudge posted and not to be repeated: later than any clock reads. */
const NEVER = Number.MAX_SAFE_INTEGER;
/** Nudges remembered per channel; the oldest keys go first (their runs long over). */
const NUDGES_KEPT = 500;

const keptNudges = (nudged: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(nudged).slice(-NUDGES_KEPT));

async function indexChannel(update: StoredValues['update'], ref: ChannelRef, listed: boolean) {
  await update(INDEX_KEY, (raw) => {
    const index = StoredIndex.safeParse(raw);
    const channels = index.success ? index.data.channels : [];
    const key = refKey(ref);
    const has = channels.includes(key);
    if (has === listed) return { next: raw, result: undefined };
    if (listed && channels.length >= CHANNELS_MAX) throw new ChannelAlertsFullError();
    const next = listed ? [...channels, key] : channels.filter((c) => c !== key);
    return { next: { v: 1, channels: next }, result: undefined };
  });
}

function settingsOf(raw: unknown): ChannelAlerts {
  const read = StoredSettings.safeParse(raw);
  if (!read.success) return {};
  const { v: _v, ...settings } = read.data;
  return settings;
}

function heldOf(raw: unknown): { alerts: HeldAlert[]; dropped: number } {
  const read = StoredHeld.safeParse(raw);
  return read.success
    ? { alerts: read.data.alerts.map((a) => ({ event: a.event, at: a.at })), dropped: read.data.dropped }
    : { alerts: [], dropped: 0 };
}
