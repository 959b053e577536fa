import type { FactSource, RecordedActionKind } from '../../lifecycle/experiments/record.js';
import type { LifecycleAction } from '../../lifecycle/lifecycle-action.js';
import type { SafeText } from '../blocks/escape.js';

/**
 * Texts of what the app knows of an experiment: cards (`/exp show`, the parent of an experiment's
 * thread, unfurls), `/exp list`, and the refusals that come from that knowledge. Ages are Slack
 * date tokens (`ago`), so they stay true while the message ages.
 */
export interface ExperimentCardMessages {
  /** "*Experiment 4* · Search ranking v2"; link: the console page, already a safe `<url|…>` target. */
  title(p: { experimentId: number; name: SafeText | undefined; link: string | undefined }): SafeText;
  labels: { status: string; type: string; team: string; layer: string };
  /** The status with where it came from and how old it is. */
  status(p: { status: SafeText; source: FactSource; ago: SafeText; by: SafeText | undefined }): SafeText;
  statusUnknown: SafeText;
  /** One past action: who, what, when; stop reason and comment when given. */
  action(p: {
    action: RecordedActionKind;
    user: SafeText;
    ago: SafeText;
    reason: SafeText | undefined;
    comment: SafeText | undefined;
    /** Reported by an inbound event rather than done through the app. */
    viaEvent: boolean;
  }): SafeText;
  lastActionsTitle: SafeText;
  /** What can be done from the known status (buttons follow), or why nothing is offered. */
  next(p: { experimentId: number; status: SafeText; actions: readonly LifecycleAction[] }): SafeText;
  /** The status is one the transition table does not know: no guessed buttons. */
  nothingKnownFrom(p: { experimentId: number; status: SafeText }): SafeText;
  /** No status known: how to act anyway. */
  statusUnknownHint(p: { experimentId: number }): SafeText;
  readRouteMissing: SafeText;
  readFailed: SafeText;
  notFound(p: { experimentId: number; ago: SafeText }): SafeText;
  /** `/exp show` of an id the app has never seen and cannot read. */
  neverSeen(p: { experimentId: number }): SafeText;
  /** A click on a button built for another state; the message is refreshed. */
  stale(p: { experimentId: number; status: SafeText | undefined }): SafeText;
  /** Forms refused before opening, from what the app knows. */
  formNotAllowed(p: {
    action: 'stop' | 'edit';
    experimentId: number;
    status: SafeText;
    actions: readonly LifecycleAction[];
  }): SafeText;
  formNotFound(p: { experimentId: number; ago: SafeText }): SafeText;
  /** Button labels (≤75). */
  showButton: string;
  /** Unfurl footer. */
  openInConsole: SafeText;
}

export interface ExperimentListMessages {
  header: string;
  summary(p: {
    shown: number;
    total: number;
    page: number;
    pages: number;
    filter: SafeText | undefined;
  }): SafeText;
  empty(p: { filter: SafeText | undefined }): SafeText;
  line(p: {
    experimentId: number;
    name: SafeText | undefined;
    status: SafeText | undefined;
    ago: SafeText;
  }): SafeText;
  refreshNote(p: { refreshed: number; missing: boolean }): SafeText;
  previous: string;
  next: string;
}
