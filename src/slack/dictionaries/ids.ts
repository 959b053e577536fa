import * as z from 'zod';
import { ConsoleExperimentContextPredicatesRequest } from '../../console/schemas.js';
import { DICTIONARY_NAMES } from '../../console/types.js';
import { decodeButton, encodeButton } from '../payload.js';

export const DICT_BLOCKS = {
  listHeader: 'exp_dict_list_header',
  listIntro: 'exp_dict_list_intro',
  list: 'exp_dict_list',
  listExamples: 'exp_dict_list_examples',
  header: 'exp_dict_header',
  summary: 'exp_dict_summary',
  cache: 'exp_dict_cache',
  warnings: 'exp_dict_warnings',
  operators: 'exp_dict_operators',
  applicability: 'exp_dict_applicability',
  nav: 'exp_dict_nav',
} as const;

/** Previous/next page buttons; both carry a DictPageButtonValue with the page to show. */
export const DICT_ACTIONS = { prev: 'exp_dict_prev', next: 'exp_dict_next' } as const;

/**
 * Longest dictionary filter kept. The same cut applies to the page shown and to the buttons, so the
 * next page filters exactly like the first; JSON escaping can grow a filter sixfold, and 6 × 200
 * plus the other fields stays under the 2000 characters of a button value.
 */
export const DICT_FILTER_MAX = 200;

/** The filter as used for matching, display and buttons: trimmed, empty → undefined, cut to the max. */
export function clipDictFilter(filter: string | undefined): string | undefined {
  const trimmed = filter?.trim() ?? '';
  if (trimmed === '') return undefined;
  if (trimmed.length <= DICT_FILTER_MAX) return trimmed;
  let cut = DICT_FILTER_MAX;
  const last = trimmed.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return trimmed.slice(0, cut);
}

export const DictPageButtonValue = z.strictObject({
  name: z.enum(DICTIONARY_NAMES),
  filter: z.string().min(1).max(DICT_FILTER_MAX).optional(),
  page: z.int().min(1).max(1_000_000),
  body: ConsoleExperimentContextPredicatesRequest.optional(),
});
export type DictPageButtonValue = z.infer<typeof DictPageButtonValue>;

/** Clips the filter (see DICT_FILTER_MAX), validates and serialises; throws SlackPayloadError. */
export function encodeDictPageValue(value: DictPageButtonValue): string {
  const filter = clipDictFilter(value.filter);
  const { filter: _ignored, ...rest } = value;
  return encodeButton(DictPageButtonValue, filter === undefined ? rest : { ...rest, filter });
}

export function decodeDictPageValue(text: string): DictPageButtonValue {
  return decodeButton(DictPageButtonValue, text);
}
