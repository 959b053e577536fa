import {
  type DictValue,
  type ExperimentForm,
  type FormField,
  readOnlyFields,
  withReadOnlyFields,
} from '../../core/experiment-form.js';
import type { SlackDeps } from '../deps.js';
import { readAudienceDraft, readStoredForm } from './audience-draft.js';
import type { ExperimentModalMetadata } from './modal-metadata.js';
import { readExperimentModalState, type StateLookup, type StateValues } from './modal-state.js';

// The form as the person has it now: the main view's inputs, the audience kept in the draft, and the
// fields an edit keeps without inputs, as they opened. One reading for rebuilds and submissions.

type Deps = Pick<SlackDeps, 'drafts'>;

/** The form as the edit opened (from the metadata, or the store when it did not fit). */
export async function originalOf(
  deps: Deps,
  metadata: ExperimentModalMetadata,
): Promise<Partial<ExperimentForm> | undefined> {
  if (metadata.mode !== 'edit') return undefined;
  return metadata.original ?? (await readStoredForm(deps, metadata.originalKey)) ?? {};
}

export interface CurrentForm {
  form: Partial<ExperimentForm>;
  original: Partial<ExperimentForm> | undefined;
  readOnly: FormField[];
  /** False when the audience's draft is gone (expired): the form cannot be saved from here. */
  audienceKept: boolean;
}

export async function currentForm(
  deps: Deps,
  input: { state: StateValues; lookup: StateLookup; metadata: ExperimentModalMetadata },
): Promise<CurrentForm> {
  const original = await originalOf(deps, input.metadata);
  const read = readExperimentModalState(input.state, input.lookup);
  const draft = await readAudienceDraft(deps, input.metadata.audienceKey);
  const segments = draft?.segments ?? [];
  const form = withReadOnlyFields({ ...read, ...(segments.length > 0 ? { segments } : {}) }, original);
  return {
    form,
    original,
    readOnly: readOnlyFields(original),
    audienceKept: input.metadata.audienceKey === undefined || draft !== undefined,
  };
}

/** Every param the experiment filtered on when the edit began: archived ones stay valid there. */
export function paramsOf(original: Partial<ExperimentForm> | undefined): DictValue[] | undefined {
  const params = (original?.segments ?? []).map((s) => s.param);
  return params.length > 0 ? [...new Set(params)] : undefined;
}
