import type { LifecycleAction } from '../lifecycle-action.js';

// What the app knows about one experiment of one workspace. The platform interface shows no read
// endpoint, no statuses and no events, so every fact keeps where it came from and when: a reply can
// then say "status running (reported by the platform 2 min ago)" instead of pretending to know.

/**
 * - platform-read: the assumed read endpoint answered (see read-route.ts);
 * - platform-conflict: a 400 "current status is …" named it;
 * - app-action: the app's own successful action, the status inferred from the transition table;
 * - app-form: the create/edit form the app sent (and the platform accepted);
 * - event: an inbound lifecycle event.
 */
export type FactSource = 'platform-read' | 'platform-conflict' | 'app-action' | 'app-form' | 'event';

export interface Fact<T> {
  value: T;
  source: FactSource;
  /** ISO time the app learnt it. */
  at: string;
}

export type RecordedActionKind = LifecycleAction | 'create' | 'edit';

export interface RecordedAction {
  action: RecordedActionKind;
  /** Slack user id for actions taken through the app; free text for outside events. */
  actorId?: string | undefined;
  actor?: string | undefined;
  at: string;
  source: 'slack' | 'event';
  /** Where it was done (Slack channel id), when through the app. */
  channelId?: string | undefined;
  interruptReason?: string | undefined;
  comment?: string | undefined;
  /** Changed field names of an edit. */
  fields?: string[] | undefined;
}

/** The message in a channel that anchors the experiment's thread and shows its current state. */
export interface ChannelThread {
  channelId: string;
  /** ts of the parent message (posted by the app, so chat.update can keep it current). */
  parentTs: string;
  at: string;
}

export interface ExperimentRecord {
  experimentId: number;
  name?: Fact<string> | undefined;
  type?: Fact<string> | undefined;
  team?: Fact<string> | undefined;
  layer?: Fact<string> | undefined;
  status?: Fact<string> | undefined;
  /** The platform answered "not found" for this id (a lifecycle 404 or the read route's 404). */
  notFound?: Fact<true> | undefined;
  /** Newest first, bounded. */
  actions: RecordedAction[];
  threads: ChannelThread[];
  /** Last time anything was learnt: orders `/exp list`. */
  touchedAt: string;
}

export const MAX_RECORDED_ACTIONS = 10;
export const MAX_THREADS = 50;

/** What one observation adds to a record; absent fields leave what is known alone. */
export interface RecordUpdate {
  name?: string | undefined;
  type?: string | undefined;
  team?: string | undefined;
  layer?: string | undefined;
  status?: string | undefined;
  notFound?: boolean | undefined;
  action?: RecordedAction | undefined;
  thread?: { channelId: string; parentTs: string } | undefined;
}

export function emptyRecord(experimentId: number, at: string): ExperimentRecord {
  return { experimentId, actions: [], threads: [], touchedAt: at };
}

/**
 * Pure merge of one observation. A fact replaces the known one unless the known one is newer (two
 * replicas may write out of order); anything the platform reports about the experiment clears an
 * earlier "not found", and a new "not found" clears nothing else (the id may be reused later).
 */
export function applyUpdate(
  record: ExperimentRecord,
  update: RecordUpdate,
  source: FactSource,
  at: string,
): ExperimentRecord {
  const next: ExperimentRecord = { ...record, touchedAt: laterOf(record.touchedAt, at) };
  const fact = <T>(current: Fact<T> | undefined, value: T | undefined): Fact<T> | undefined => {
    if (value === undefined) return current;
    if (current && current.at > at) return current;
    return { value, source, at };
  };
  next.name = fact(record.name, nonEmpty(update.name));
  next.type = fact(record.type, nonEmpty(update.type));
  next.team = fact(record.team, nonEmpty(update.team));
  next.layer = fact(record.layer, nonEmpty(update.layer));
  next.status = fact(record.status, nonEmpty(update.status));
  if (update.notFound === true) next.notFound = fact(record.notFound, true as const);
  else if (update.status !== undefined || update.action !== undefined || update.name !== undefined) {
    if (record.notFound && record.notFound.at <= at) next.notFound = undefined;
  }
  if (update.action) {
    next.actions = [update.action, ...record.actions]
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
      .slice(0, MAX_RECORDED_ACTIONS);
  }
  if (update.thread) {
    const { channelId, parentTs } = update.thread;
    next.threads = [
      { channelId, parentTs, at },
      ...record.threads.filter((t) => t.channelId !== channelId),
    ].slice(0, MAX_THREADS);
  }
  return next;
}

export function threadIn(record: ExperimentRecord | undefined, channelId: string): ChannelThread | undefined {
  return record?.threads.find((t) => t.channelId === channelId);
}

/** Whether the platform said "not found" within the last `withinMs` (and nothing since said otherwise). */
export function recentlyNotFound(record: ExperimentRecord | undefined, now: Date, withinMs: number): boolean {
  if (!record?.notFound) return false;
  return now.getTime() - Date.parse(record.notFound.at) <= withinMs;
}

function nonEmpty(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, 300);
}

function laterOf(a: string, b: string): string {
  return a > b ? a : b;
}
