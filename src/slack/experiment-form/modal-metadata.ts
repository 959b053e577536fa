import * as z from 'zod';
import { ExperimentId } from '../../console/schemas.js';
import {
  type DictValue,
  type ExperimentForm,
  FORM_FIELDS,
  StoredExperimentForm,
} from '../../core/experiment-form.js';
import { decodeMetadata, encodeMetadata, METADATA_JSON_MAX, SlackPayloadError } from '../payload.js';

// private_metadata of the create/edit modal. For edit it carries the form as it was opened, so the
// submission can send only what changed. A form with long texts or many values may not fit in
// Slack's 3000 characters (less the app's seal): then the caller keeps it in its store and the
// metadata carries the key.

/** Params of earlier filters the metadata carries (a hint only: submissions read them from the original). */
const EARLIER_PARAMS_MAX = 10;
/** Longer param values are not remembered: the metadata must fit whatever the platform's ids are. */
const EARLIER_PARAM_LENGTH_MAX = 100;
const EarlierParam = z.union([z.string().min(1).max(EARLIER_PARAM_LENGTH_MAX), z.number()]);

export const ExperimentModalMetadata = z
  .strictObject({
    mode: z.enum(['create', 'edit']),
    channelId: z.string().min(1).max(64),
    experimentId: ExperimentId.optional(),
    original: StoredExperimentForm.optional(),
    originalKey: z.string().min(1).max(200).optional(),
    /**
     * What each widget reported when the edit opened (its initial value read back as a submission
     * reads it): the only thing a submission is compared with. In the store when it does not fit.
     */
    opened: StoredExperimentForm.optional(),
    openedKey: z.string().min(1).max(200).optional(),
    /** Fields shown read-only when the edit opened (no widget could hold them): never sent. */
    kept: z.array(z.enum(FORM_FIELDS)).max(FORM_FIELDS.length).optional(),
    /**
     * The context params of the filters the experiment had when the edit began (whether or not
     * the original form fits here): archived ones stay usable in those filters only.
     */
    earlierParams: z.array(EarlierParam).max(EARLIER_PARAMS_MAX).optional(),
    responseUrl: z
      .url({ protocol: /^https?$/ })
      .max(1000)
      .optional(),
    /** The draft holding the audience being edited (any number of filters: see audience-draft.ts). */
    audienceKey: z.string().min(1).max(64).optional(),
    /** The audience view's page (0-based). */
    page: z.int().min(0).max(10_000).optional(),
    /** ISO time the edit form opened: what changed after it is a concurrent change. */
    openedAt: z.iso.datetime().optional(),
    /** The list view's field (a list no menu holds: LIST_FIELDS). */
    listField: z.enum(['metrics', 'tags', 'allowedParticipantLists', 'excludedParticipantLists']).optional(),
    /** The confirmation view's draft: the checked form waiting for Save. */
    confirmKey: z.string().min(1).max(64).optional(),
  })
  .refine((m) => m.mode === 'create' || m.experimentId !== undefined, {
    message: 'an edit needs the experiment id',
    path: ['experimentId'],
  });
export type ExperimentModalMetadata = z.infer<typeof ExperimentModalMetadata>;

/**
 * Room for what the views after the form add to its metadata (a confirmation's key, the audience's
 * draft and page, a list's field): an original that would fit only without them is stored instead,
 * or the confirmation of an edit of that size could not be built.
 */
const LATER_FIELDS_ROOM = JSON.stringify({
  audienceKey: 'k'.repeat(64),
  page: 10_000,
  listField: 'excludedParticipantLists',
  confirmKey: 'k'.repeat(64),
}).length;

function fitsInMetadata(meta: ExperimentModalMetadata, room: number): boolean {
  const { originalKey: _key, openedKey: _opened, ...rest } = meta;
  return JSON.stringify(rest).length + room <= METADATA_JSON_MAX;
}

/**
 * Whether the original form fits in private_metadata with room for every later view's fields;
 * when it does not, store it and pass originalKey.
 */
export function originalFitsInMetadata(meta: ExperimentModalMetadata): boolean {
  return fitsInMetadata(meta, LATER_FIELDS_ROOM);
}

/**
 * Serialises the metadata with the original form when it fits, otherwise with originalKey only.
 * Throws SlackPayloadError('too-large') when it does not fit and there is no key to fall back on.
 */
export function encodeExperimentModalMetadata(meta: ExperimentModalMetadata): string {
  if (meta.original !== undefined && fitsInMetadata(meta, 0)) {
    const { originalKey: _key, openedKey: _opened, ...withOriginal } = meta;
    return encodeMetadata(ExperimentModalMetadata, withOriginal);
  }
  const { original, opened, ...rest } = meta;
  const stored = (value: unknown, key: string | undefined) => value === undefined || key !== undefined;
  if (!stored(original, meta.originalKey) || !stored(opened, meta.openedKey)) {
    throw new SlackPayloadError('private_metadata', 'too-large', [
      'store the original form, pass originalKey',
    ]);
  }
  return encodeMetadata(ExperimentModalMetadata, rest);
}

/** The JSON the seal held (view-seal/open-metadata.ts opens what comes back from Slack first). */
export function decodeExperimentModalMetadata(text: string): ExperimentModalMetadata {
  return decodeMetadata(ExperimentModalMetadata, text);
}

/** The params of an experiment's filters that the metadata can carry (see earlierParams). */
export function earlierParamsOf(form: Partial<ExperimentForm> | undefined): DictValue[] | undefined {
  const params = (form?.segments ?? [])
    .map((segment) => segment.param)
    .filter((param) => EarlierParam.safeParse(param).success);
  return params.length > 0 ? [...new Set(params)].slice(0, EARLIER_PARAMS_MAX) : undefined;
}
