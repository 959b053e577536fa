import type { DictValue, ExperimentForm, FormField } from '../../core/experiment-form.js';
import { readOnlyFields } from '../../core/experiment-form.js';
import { audienceTouched, touchedFields, withTouched } from '../../core/touched-fields.js';
import type { SlackDeps } from '../deps.js';
import { readAudienceDraft, readStoredForm } from './audience-draft.js';
import { isListField } from './list-view.js';
import type { ExperimentModalMetadata } from './modal-metadata.js';
import { readExperimentModalState, type StateLookup, type StateValues } from './modal-state.js';

// The form as the person has it now: the main view's inputs, the audience kept in the draft. For an
// edit, only what the person changed differs from the experiment: each widget is compared with what
// it reported when the form opened, and an untouched one keeps the platform's value exactly. One
// reading for rebuilds and submissions.

type Deps = Pick<SlackDeps, 'drafts'>;

/** The form as the edit opened (from the metadata, or the store when it did not fit). */
export async function originalOf(
  deps: Deps,
  metadata: ExperimentModalMetadata,
): Promise<Partial<ExperimentForm> | undefined> {
  if (metadata.mode !== 'edit') return undefined;
  return metadata.original ?? (await readStoredForm(deps, metadata.originalKey)) ?? {};
}

/** What the widgets reported when the edit opened; undefined when it is lost (then nothing is sent). */
async function openedOf(deps: Deps, metadata: ExperimentModalMetadata) {
  return metadata.opened ?? (await readStoredForm(deps, metadata.openedKey));
}

export interface CurrentForm {
  form: Partial<ExperimentForm>;
  original: Partial<ExperimentForm> | undefined;
  readOnly: FormField[];
  /** Edit: the fields whose widgets the person changed (the audience included). */
  touched: FormField[];
  /** False when the audience's draft is gone (expired): the form cannot be saved from here. */
  audienceKept: boolean;
  /** False when an edit's opening values are gone: the form cannot tell what changed. */
  openedKept: boolean;
}

export async function currentForm(
  deps: Deps,
  input: { state: StateValues; lookup: StateLookup; metadata: ExperimentModalMetadata },
): Promise<CurrentForm> {
  const { metadata } = input;
  const original = await originalOf(deps, metadata);
  const read = readExperimentModalState(input.state, input.lookup);
  const draft = await readAudienceDraft(deps, metadata.audienceKey);
  const segments = draft?.segments ?? [];
  const submitted = { ...read, ...(segments.length > 0 ? { segments } : {}) };
  const audienceKept = metadata.audienceKey === undefined || draft !== undefined;
  if (original === undefined) {
    return { form: submitted, original, readOnly: [], touched: [], audienceKept, openedKept: true };
  }
  const readOnly = readOnlyOf(metadata, original) ?? [];
  const opened = await openedOf(deps, metadata);
  const touched = opened === undefined ? [] : touchedFields(opened, read);
  if (draft !== undefined && audienceTouched(original.segments, draft.segments)) touched.push('segments');
  const changed = touched.filter((field) => !readOnly.includes(field));
  // A list no menu holds changes only through the list view, whole, as the draft keeps it.
  const lists = listsChanged(original, draft?.lists, readOnly);
  const edited = { ...submitted, ...lists.values };
  changed.push(...lists.fields);
  return {
    form: withTouched(original, edited, changed),
    original,
    readOnly,
    touched: changed,
    audienceKept,
    openedKept: opened !== undefined,
  };
}

function listsChanged(
  original: Partial<ExperimentForm>,
  lists: Record<string, DictValue[]> | undefined,
  readOnly: readonly FormField[],
): { fields: FormField[]; values: Partial<ExperimentForm> } {
  const fields: FormField[] = [];
  const values: Record<string, DictValue[] | undefined> = {};
  for (const [field, list] of Object.entries(lists ?? {})) {
    if (!isListField(field) || !readOnly.includes(field)) continue;
    if (JSON.stringify(list) === JSON.stringify(original[field] ?? [])) continue;
    fields.push(field);
    values[field] = list.length > 0 ? list : undefined;
  }
  return { fields, values: values as Partial<ExperimentForm> };
}

/** The fields the edit shows without a widget, as fixed when it opened. */
export function readOnlyOf(
  metadata: ExperimentModalMetadata,
  original: Partial<ExperimentForm> | undefined,
): FormField[] | undefined {
  if (original === undefined) return undefined;
  return metadata.kept ? [...metadata.kept] : readOnlyFields(original);
}

/** Every param the experiment filtered on when the edit began: archived ones stay valid there. */
export function paramsOf(original: Partial<ExperimentForm> | undefined): DictValue[] | undefined {
  const params = (original?.segments ?? []).map((s) => s.param);
  return params.length > 0 ? [...new Set(params)] : undefined;
}
