import type { FactSource, RecordedActionKind } from '../../core/experiments/record.js';
import type { LifecycleAction } from '../../core/lifecycle-action.js';
import type { SafeText } from '../blocks/escape.js';

/**
 * Texts of what the app knows of an experiment: cards (`/exp show`, the parent of an experiment's
 * thread, unfurls), `/exp list`, and the refusals that come from that knowledge. Ages are Slack
 * date tokens (`ago`), so they stay true while the message ages.
 */
export interface ExperimentCardMessages {
  /**
   * Names first, as labels/label.ts experimentRef: "*Search ranking v2* (#4)", "*Experiment 4*" when
   * no name is known; link: the console page, already a safe `<url|…>` target, on the name.
   */
  title(p: { experimentId: number; name: SafeText | undefined; link: string | undefined }): SafeText;
  labels: { status: string; type: string; team: string; layer: string };
  /** Stands for `ago` when the moment is not a readable date: "at an unknown time". */
  unknownTime: SafeText;
  /** A dictionary value with the dictionary's name for it: "Checkout (`211`)" (value already code). */
  namedValue(p: { name: SafeText; value: SafeText }): SafeText;
  /** The status with where it came from and how old it is. */
  /** `status` arrives ready: its label (labels/label.ts), else the platform's value as code. */
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
  /** After `empty`, on the embedded sandbox: its experiments follow, each with Show. */
  sandboxExamples: SafeText;
  /** `experiment`: its name first, its id after (labels/label.ts experimentRef); `status` its label. */
  exampleLine(p: { experiment: SafeText; status: SafeText }): SafeText;
  line(p: {
    experiment: SafeText;
    status: SafeText | undefined;
    ago: SafeText;
    /** The experiment's team, named from the teams dictionary when it can be. */
    team?: SafeText | undefined;
  }): SafeText;
  refreshNote(p: { refreshed: number; missing: boolean }): SafeText;
  previous: string;
  next: string;
}

/** `/exp edit ID`: read-only fields, the audience view, the diff before saving, concurrent changes. */
export interface ExperimentEditMessages {
  /** A field the edit could not read: shown, never an input, kept as it is. */
  lockedField(p: { label: string }): SafeText;
  /** An adhoc experiment keeps its (obsolete) type. */
  adhocKept(p: { label: string }): SafeText;
  /** A text longer than a Slack input holds: kept, not cut. */
  keptText(p: { label: string; length: number; max: number }): SafeText;
  /**
   * A list no menu can show whole (more values than a menu holds, or values the dictionary no
   * longer offers): kept, not shortened.
   */
  keptList(p: { label: string; count: number; notOffered: number; max: number }): SafeText;
  /** The button beside a kept list: pushes the list view (≤75). */
  editList: string;
  /** The list view's title (≤24). */
  listTitle: string;
  listIntro(p: { label: string; count: number; from: number; to: number }): SafeText;
  listEmpty: SafeText;
  /** A value its dictionary no longer offers (already shown as code). */
  listValueNotOffered(p: { value: SafeText }): SafeText;
  /** The new value's select (≤2000). */
  listNewLabel: string;
  /** ≤75 */
  listAdd: string;
  listAdded(p: { value: SafeText }): SafeText;
  listAddRefused: Record<'none' | 'present', SafeText>;
  audienceSummary(p: { count: number; archived: number }): SafeText;
  /** The filters could not all be read: the audience is kept as it is. */
  audienceLocked: SafeText;
  editAudience: string;
  audienceTitle: string;
  audienceDone: string;
  audienceBack: string;
  audienceIntro(p: { count: number; from: number; to: number }): SafeText;
  audienceEmpty: SafeText;
  filterLine(p: { param: SafeText; predicate: SafeText; values: SafeText; archived: boolean }): SafeText;
  remove: string;
  previousPage: string;
  nextPage: string;
  newFilterTitle: SafeText;
  newParamLabel: string;
  newPredicateLabel: string;
  newValuesLabel: string;
  newValuesHint: string;
  add: string;
  addRefused: Record<'param' | 'predicate' | 'values', SafeText>;
  added(p: { filter: SafeText }): SafeText;
  /** The audience's draft is gone (expired, or the store lost it): nothing changes from here. */
  audienceExpired: SafeText;
  confirmTitle: string;
  confirmSubmit: string;
  confirmIntro(p: { experimentId: number }): SafeText;
  fieldChange(p: { label: string; before: SafeText; after: SafeText }): SafeText;
  /** A list changed value by value: what left it, what joined it, how many it holds now. */
  listChange(p: {
    label: string;
    removed: SafeText | undefined;
    added: SafeText | undefined;
    count: number;
  }): SafeText;
  filterAdded(p: { filter: SafeText }): SafeText;
  filterRemoved(p: { filter: SafeText }): SafeText;
  filterChanged(p: { before: SafeText; after: SafeText }): SafeText;
  audienceHeading: SafeText;
  noValue: SafeText;
  noChangesTitle: string;
  noChanges(p: { experimentId: number }): SafeText;
  conflictTitle: string;
  conflict(p: { experimentId: number; basis: 'platform' | 'record' }): SafeText;
  conflictNone: SafeText;
  /** One action taken while the form was open; at: a Slack date token. */
  conflictAction(p: { who: SafeText; action: RecordedActionKind; at: SafeText }): SafeText;
  /** The message after saving: who changed what, with the same diff the confirmation showed. */
  /** `experiment`: its name first where known, its id after (labels/label.ts experimentRef). */
  updated(p: { user: SafeText; experiment: SafeText; changes: SafeText }): SafeText;
  saveFailedTitle: string;
}
