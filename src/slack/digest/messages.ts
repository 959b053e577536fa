import type { SafeText } from '../blocks/escape.js';

/** A digest's parts and the `/exp digest` replies; `experiment` arrives as name first, id after. */
export interface DigestMessages {
  /** The heading: the period the digest covers. */
  title(p: { from: SafeText; to: SafeText }): SafeText;
  runningHeading(p: { count: number }): SafeText;
  /** `days` whole days and `hours` past them since the start the app knows of. */
  runningLine(p: { experiment: SafeText; days: number; hours: number }): SafeText;
  happenedHeading: SafeText;
  happenedLine(p: {
    action: 'start' | 'stop' | 'archive';
    experiment: SafeText;
    user: SafeText;
    when: SafeText;
    why: SafeText | undefined;
  }): SafeText;
  waitingHeading: SafeText;
  waitingLine(p: { what: SafeText; user: SafeText }): SafeText;
  dueHeading: SafeText;
  dueLine(p: { what: SafeText; when: SafeText }): SafeText;
  longHeading(p: { days: number }): SafeText;
  /** Under a preview: only the person sees it, and how the channel gets one. */
  previewNote(p: { schedule: SafeText | undefined }): SafeText;
  /** A preview of a period in which nothing happened, waits, comes due or runs long. */
  emptyPreview(p: { schedule: SafeText | undefined }): SafeText;
  /** A schedule in words: `daily at 09:00 (Europe/Berlin)`. */
  schedule(p: { weekday: number | undefined; at: SafeText; zone: SafeText }): SafeText;
  /** In-channel note: the channel's digest set. */
  set(p: { user: SafeText; schedule: SafeText; next: SafeText }): SafeText;
  /** In-channel note: the channel's digest turned off. */
  off(p: { user: SafeText }): SafeText;
  notSet: SafeText;
  /** What `/exp digest` takes, with the words that were not understood. */
  unreadable(p: { words: SafeText }): SafeText;
  saveFailed: SafeText;
  /** The workspace has the most channels with quiet hours or a digest the app looks after. */
  full: SafeText;
  readFailed: SafeText;
  /** In-channel note: the channel's quiet hours set. */
  quietSet(p: { user: SafeText; hours: SafeText; zone: SafeText }): SafeText;
  /** In-channel note: the channel's quiet hours ended. */
  quietOff(p: { user: SafeText; released: number }): SafeText;
  quietNone: SafeText;
  /** `quiet:` was given something other than `HH:MM-HH:MM` or `off`, or a zone Intl does not know. */
  quietUnreadable(p: { value: SafeText; problem: 'unreadable' | 'empty' | 'unknown-zone' }): SafeText;
  /** A channel's rhythm in `/exp subscriptions`: each part only when set. */
  channelNote(p: {
    channel: SafeText;
    quiet: SafeText | undefined;
    digest: SafeText | undefined;
    /** The running-long mark, in days. */
    long: number | undefined;
    /** The alert window: the channel's, or the default for a subscribed channel that set none. */
    window: { text: SafeText; isDefault: boolean } | undefined;
    delivered: SafeText | undefined;
  }): SafeText;
  /** The nudge for an experiment running past the channel's mark. */
  nudge(p: { experiment: SafeText; days: number; since: SafeText; mark: number }): SafeText;
  remindButton: string;
  /** To the person who clicked "Remind me": when the channel hears of it again. */
  reminded(p: { experiment: SafeText; at: SafeText }): SafeText;
  /** In-channel note: the channel's running-long mark set, or turned off (days undefined). */
  longSet(p: { user: SafeText; days: number | undefined }): SafeText;
  /** In-channel note: the channel's coalescing window set. */
  windowSet(p: { user: SafeText; window: SafeText }): SafeText;
  /** `window:` was given something other than `90s`, `5m` or `1h` (1 s to 24 h). */
  windowUnreadable(p: { value: SafeText }): SafeText;
  /** `long:` was given something other than `30d` or `off`. */
  longUnreadable(p: { value: SafeText }): SafeText;
  /** The summary posted when a channel's quiet hours end. */
  /** `total` held, of which the latest `shown` are listed below it. */
  quietSummary(p: { shown: number; total: number; hours: SafeText }): SafeText;
}
