import type { CachedDictionary } from '../../console/dictionaries/cache.js';
import type { DictionaryName } from '../../console/types.js';
import type { ExperimentRecord } from '../../core/experiments/record.js';
import type { DictionaryDeps } from '../../core/read-dictionary.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { DictionaryLabels } from '../dictionaries/dictionary-labels.js';
import { type ReadLabelsOptions, readDictionaryLabels } from '../dictionaries/read-dictionary-labels.js';

/** The dictionary each named field of a record takes its values from. */
const FIELD_DICTIONARIES = { type: 'types', team: 'teams', layer: 'layers' } as const;
export type NamedField = keyof typeof FIELD_DICTIONARIES;
const ALL_FIELDS: readonly NamedField[] = ['type', 'team', 'layer'];

/** The dictionaries whose names the records' known fields need (none for a record of ids only). */
function dictionariesOf(
  records: readonly ExperimentRecord[],
  fields: readonly NamedField[] = ALL_FIELDS,
): DictionaryName[] {
  const wanted = new Set<DictionaryName>();
  for (const record of records) {
    for (const field of fields) if (record[field] !== undefined) wanted.add(FIELD_DICTIONARIES[field]);
  }
  return [...wanted];
}

/**
 * Names for what cards and lists show of these records (type, team, layer), read through the
 * dictionary cache within a short budget; never throws (see readDictionaryLabels).
 */
export function cardLabels(
  deps: DictionaryDeps<CachedDictionary>,
  workspace: WorkspaceRef,
  records: readonly ExperimentRecord[],
  options: ReadLabelsOptions & { fields?: readonly NamedField[] } = {},
): Promise<DictionaryLabels> {
  return readDictionaryLabels(deps, workspace, dictionariesOf(records, options.fields), options);
}
