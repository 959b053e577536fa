import { isObject } from '../../console/dictionaries/item-fields.js';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import type { ContextPredicates } from '../../console/dictionaries/predicates.js';
import type { DictionaryName } from '../../console/types.js';
import {
  DICTIONARY_FIELD_SPECS,
  DICTIONARY_FIELDS,
  type DictionaryField,
} from '../../core/experiment-fields.js';
import type { DictValue, ExperimentForm, FormValidationOptions } from '../../core/experiment-form.js';

// Which dictionary items each picker offers. The modal and the submission check use these same
// functions, so a value the modal offered is exactly a value the check accepts.

export type ModalDictionaries = Partial<Record<DictionaryName, readonly DictionaryItem[]>>;
export type PickerField = DictionaryField | 'segments';

const canonical = (s: string) => s.toLowerCase().replace(/[-_\s]/g, '');
const ALLOWED = new Set(['allowed', 'allow', 'allowlist', 'whitelist', 'include', 'included']);
const EXCLUDED = new Set(['excluded', 'exclude', 'excludelist', 'blacklist', 'deny', 'denylist']);
const METRICS = new Set(['metrics', 'metric']);
const SLICES = new Set(['slices', 'slice']);

function headOf(item: DictionaryItem): string | undefined {
  return item.group === undefined ? undefined : canonical(item.group.split(' / ')[0] ?? '');
}

/** The item with the first group segment (the side or kind, now implied) dropped from its group. */
function withoutHead(item: DictionaryItem): DictionaryItem {
  const rest = item.group?.split(' / ').slice(1).join(' / ');
  const { group: _dropped, ...kept } = item;
  return rest ? { ...kept, group: rest } : kept;
}

/**
 * The items of a split dictionary that belong to one kind (allowed lists, metrics…). When the
 * dictionary does not split that way (no item's first group names a kind), every item is offered:
 * the normaliser could not tell, and hiding everything would be worse.
 */
function ofKind(items: readonly DictionaryItem[], kinds: ReadonlySet<string>, others: ReadonlySet<string>) {
  const heads = items.map(headOf);
  if (heads.some((h) => h !== undefined && kinds.has(h))) {
    return items.filter((_, i) => kinds.has(heads[i] ?? '')).map(withoutHead);
  }
  if (heads.some((h) => h !== undefined && others.has(h))) {
    return items.filter((_, i) => !others.has(heads[i] ?? ''));
  }
  return [...items];
}

// The interface names `domainId` on context params (ConsoleContextParamDTO). ASSUMPTION: a layer
// whose raw item carries a `domainId` belongs to that domain, the same name being the likeliest;
// the layers dictionary's schema is not shown.
function domainOf(item: DictionaryItem): unknown {
  return isObject(item.raw) ? item.raw.domainId : undefined;
}

/**
 * Whether an item may go with the chosen domain: yes while no domain is chosen, when the item names
 * none, or when the two cannot be compared (only values of the same JSON type are, since the domain
 * dictionary's value may be a slug where items carry numeric ids); otherwise only when they are equal.
 */
function inDomain(item: DictionaryItem, domain: DictValue | undefined): boolean {
  const own = domainOf(item);
  return domain === undefined || own === undefined || typeof own !== typeof domain || own === domain;
}

/** What the modal knows beyond the current choices. */
export interface OfferContext {
  /** The context params of the filters the experiment had when the edit began (none on create). */
  earlierParams?: readonly DictValue[] | undefined;
}

/**
 * Whether a context param may be used in a filter. Active ones may; draft ones not yet, deleted ones
 * nowhere; archived ones "cannot be used in new filters; filters created earlier keep working", so
 * an edit keeps offering an archived param its experiment already filtered on.
 */
function usableInFilter(param: DictionaryItem, earlier: ReadonlySet<DictValue>): boolean {
  return param.status === 'active' || (param.status === 'archived' && earlier.has(param.value));
}

export function offeredItems(
  field: PickerField,
  dictionaries: ModalDictionaries,
  form: Partial<ExperimentForm>,
  context: OfferContext = {},
): DictionaryItem[] {
  if (field === 'segments') {
    const params = dictionaries['context-param-predicates'] ?? [];
    const earlier = new Set(context.earlierParams ?? []);
    // Params name their domain: once a domain is chosen, only its params apply.
    return params.filter((p) => usableInFilter(p, earlier) && inDomain(p, form.domain));
  }
  const items = dictionaries[DICTIONARY_FIELD_SPECS[field].dictionary] ?? [];
  switch (field) {
    case 'layer':
      // Layers that name their domain are offered for the chosen domain only; a dictionary
      // without domain ids offers every layer.
      return items.filter((layer) => inDomain(layer, form.domain));
    case 'allowedParticipantLists':
      return ofKind(items, ALLOWED, EXCLUDED);
    case 'excludedParticipantLists':
      return ofKind(items, EXCLUDED, ALLOWED);
    case 'metrics':
      return ofKind(items, METRICS, SLICES);
    default:
      return [...items];
  }
}

/** Operators of context params, as read from the dictionary (readContextPredicates). */
export type SegmentPredicates = ContextPredicates;

/** The operators offered for one param, or undefined when none are known. */
export function predicatesForParam(
  param: DictionaryItem | undefined,
  predicates: SegmentPredicates | undefined,
): DictionaryItem[] | undefined {
  if (predicates === undefined || predicates.items.length === 0) return undefined;
  const type = isObject(param?.raw) ? param.raw.type : undefined;
  const applicable = typeof type === 'string' ? predicates.byParamType?.get(type) : undefined;
  return applicable === undefined
    ? predicates.items
    : predicates.items.filter((p) => applicable.includes(p.value));
}

/** What validateExperimentForm needs to accept exactly what the modal offered. */
export function formValidationOptions(
  dictionaries: ModalDictionaries,
  form: Partial<ExperimentForm>,
  predicates?: SegmentPredicates,
  context: OfferContext = {},
): FormValidationOptions {
  const offered: NonNullable<FormValidationOptions['offered']> = {};
  for (const field of [...DICTIONARY_FIELDS, 'segments'] as const) {
    const name = field === 'segments' ? 'context-param-predicates' : DICTIONARY_FIELD_SPECS[field].dictionary;
    // A dictionary that was not loaded cannot be checked here; the platform still checks it.
    if (dictionaries[name] !== undefined) {
      offered[field] = offeredItems(field, dictionaries, form, context).map((i) => i.value);
    }
  }
  const params = dictionaries['context-param-predicates'] ?? [];
  return {
    offered,
    segmentPredicates: (param) =>
      predicatesForParam(
        params.find((p) => p.value === param),
        predicates,
      )?.map((p) => p.value),
  };
}
