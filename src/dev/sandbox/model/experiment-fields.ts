import type { DictionaryPath as DictionaryName } from './interface-values.js';

// ASSUMPTION (interface: "Names and shapes of the fields that carry the team, participant type,
// layer, holdout, domain, metrics and tags: not shown"). These are the payload field names the
// sandbox's create (POST /experiments/v1) and update (PATCH /experiments/v1/{id}) accept. The app's
// default field mapping should equal this object so `npm start` works against the sandbox; a real
// platform may name them differently, which is why the app makes its mapping configurable.
export const SANDBOX_EXPERIMENT_FIELDS = {
  team: 'teamId',
  participantType: 'participantType',
  layer: 'layerId',
  holdout: 'holdoutId',
  domain: 'domainId',
  metrics: 'metrics',
  tags: 'tags',
  allowedParticipantLists: 'allowedParticipantLists',
  excludedParticipantLists: 'excludedParticipantLists',
  presetName: 'presetName',
} as const;

export type DictionaryBackedField = keyof typeof SANDBOX_EXPERIMENT_FIELDS;

/** Which dictionary supplies the allowed values of each field. */
export const FIELD_DICTIONARIES: Readonly<Record<DictionaryBackedField, DictionaryName>> = {
  team: 'teams',
  participantType: 'participantTypes',
  layer: 'layers',
  holdout: 'holdouts',
  domain: 'domains',
  metrics: 'objective-meta',
  tags: 'tags',
  allowedParticipantLists: 'participant-lists',
  excludedParticipantLists: 'participant-lists',
  presetName: 'preset-names',
};
