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
  readFailed: SafeText;
  /** The summary posted when a channel's quiet hours end. */
  quietSummary(p: { count: number; hours: SafeText; dropped: number }): SafeText;
}
