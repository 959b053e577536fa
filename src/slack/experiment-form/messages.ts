import type { FormErrorCode, FormField } from '../../core/experiment-form.js';
import type { SafeText } from '../blocks/escape.js';

/** Texts of the create/edit modal: plain_text (never parsed) except the intros. */
export interface ExperimentModalMessages {
  /** ≤24 */
  createTitle: string;
  /** ≤24, even for the largest id */
  editTitle(p: { experimentId: number }): string;
  /** ≤24 */
  createSubmit: string;
  /** ≤24 */
  editSubmit: string;
  createIntro: SafeText;
  editIntro(p: { experimentId: number }): SafeText;
  /** Input labels, one per form field. */
  labels: Record<FormField, string>;
  hints: Partial<Record<FormField, string>>;
  /** ≤150 */
  selectPlaceholder: string;
  /** ≤150, for the type-to-search pickers of large dictionaries */
  searchPlaceholder: string;
  /** param: the context param's label as the dictionary gave it (plain text). */
  segmentPredicateLabel(p: { param: string }): string;
  segmentValuesLabel(p: { param: string }): string;
  segmentValuesHint: string;
  /** Option group (≤75) of the items without a group in a dictionary that has groups. */
  ungrouped: string;
  /** Hint of a picker whose dictionary returned nothing. */
  dictionaryEmpty: string;
  /**
   * Hint when current values are not on offer (plain text list): gone from the dictionary, or not
   * going with other choices (a layer of another domain, a deleted context param).
   */
  notOffered(p: { values: string }): string;
  /** The same in an edit: the value stays on the platform unless the person picks another. */
  notOfferedKept(p: { values: string }): string;
  /** Shown under the input (response_action errors). */
  errors: Record<FormErrorCode, string>;
}

/** Outcomes of the create and edit modals, posted after the modal closes. */
export interface ExperimentResultMessages {
  /** `experiment`: its name first and its id after (labels/label.ts experimentRef), or its name alone when the id is unknown. */
  created(p: { user: SafeText; experimentId: number | undefined; experiment: SafeText }): SafeText;
  /** `experiment`: its name first where known, its id after (labels/label.ts experimentRef). */
  updated(p: { user: SafeText; experiment: SafeText; fields: SafeText }): SafeText;
  nothingChanged(p: { experimentId: number }): SafeText;
  /** Shown in the modal when the platform has not answered inside Slack's 3 s window. */
  stillWorkingTitle: string;
  stillWorking: SafeText;
  /** The record could not be read (the interface shows no read endpoint): the form starts empty. */
  /** Edit on a platform without a read route: the form starts from what the app recorded. */
  prefilledFromRecord(p: { experimentId: number }): SafeText;
  unreadable(p: { experimentId: number }): SafeText;
  /** A modal field error carrying the platform's own words for a validation 400. */
  platformRefused(p: { detail: string }): string;
  loadFailedTitle: string;
  /** The one option offered while a large dictionary is still loading (≤75). */
  loadingOption: string;
  /** The only option offered while the app's own store is down (≤75). */
  unavailableOption: string;
}
