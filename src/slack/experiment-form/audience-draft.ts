import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import {
  type DictValue,
  type ExperimentForm,
  type SegmentChoice,
  StoredExperimentForm,
} from '../../core/experiment-form.js';
import type { SlackDeps } from '../deps.js';

// An audience of any size does not fit in private_metadata (3000 characters, less the seal): the
// filters being edited live in the app's store, under a key the sealed metadata carries. The form's
// other fields are kept there too while the audience view is on top (Slack sends the view under it
// nowhere), so the form can be rebuilt with the new summary when the person is done.

/** As long as a form may stay open. */
export const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;

const Segments = StoredExperimentForm.shape.segments.unwrap();
const AudienceDraft = z.object({
  segments: Segments,
  /** The form's fields when the audience or a list view was pushed. */
  form: StoredExperimentForm.optional(),
  /** Lists no menu holds, as edited in the list view (absent: as they opened). */
  lists: z.record(z.string(), StoredExperimentForm.shape.tags.unwrap()).optional(),
});
export type AudienceDraft = {
  segments: SegmentChoice[];
  form?: Partial<ExperimentForm> | undefined;
  lists?: Record<string, DictValue[]> | undefined;
};

type Drafts = Pick<SlackDeps, 'drafts'>;

export async function createAudienceDraft(deps: Drafts, segments: readonly SegmentChoice[]): Promise<string> {
  const key = `audience:${randomUUID()}`;
  await deps.drafts.set(key, { segments: [...segments] }, DRAFT_TTL_MS);
  return key;
}

/** undefined when the key is absent, expired or holds something else (then the form is stale). */
export async function readAudienceDraft(
  deps: Drafts,
  key: string | undefined,
): Promise<AudienceDraft | undefined> {
  if (key === undefined) return undefined;
  const parsed = AudienceDraft.safeParse(await deps.drafts.get(key));
  return parsed.success ? (parsed.data as AudienceDraft) : undefined;
}

export async function writeAudienceDraft(deps: Drafts, key: string, draft: AudienceDraft): Promise<void> {
  await deps.drafts.set(key, draft, DRAFT_TTL_MS);
}

/** The checked form of an edit waiting for its confirmation. */
export async function createConfirmDraft(deps: Drafts, form: Partial<ExperimentForm>): Promise<string> {
  const key = `confirm:${randomUUID()}`;
  await deps.drafts.set(key, form, DRAFT_TTL_MS);
  return key;
}

export async function readStoredForm(
  deps: Drafts,
  key: string | undefined,
): Promise<Partial<ExperimentForm> | undefined> {
  if (!key) return undefined;
  const parsed = StoredExperimentForm.safeParse(await deps.drafts.get(key));
  return parsed.success ? (parsed.data as Partial<ExperimentForm>) : undefined;
}
