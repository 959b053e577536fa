import { DICTIONARY_FIELD_SPECS, DICTIONARY_FIELDS, type FieldMapping } from './experiment-fields.js';
import type { DictValue, ExperimentForm, FormField, SegmentChoice } from './experiment-form.js';

// The experiment payloads a create and an edit send, built from the form through the field mapping.

/** How a PATCH says a field was removed: null for one value, [] for a list, or never (required/label). */
type Clear = null | readonly [] | 'keep';
interface Entry {
  /** The form field the payload field comes from. */
  field: FormField;
  path: string;
  value: unknown;
  clear: Clear;
}

const present = <T>(list: readonly T[] | undefined): T[] | undefined =>
  list !== undefined && list.length > 0 ? [...list] : undefined;

/** One filter of the payload: an untouched one exactly as the platform returned it. */
export function segmentPayload(segment: SegmentChoice, mapping: FieldMapping): Record<string, unknown> {
  if (segment.raw !== undefined) return structuredClone(segment.raw);
  const out: Record<string, unknown> = {};
  setPath(out, mapping.segmentParam, segment.param);
  if (segment.predicate !== undefined) setPath(out, mapping.segmentPredicate, segment.predicate);
  setPath(out, mapping.segmentValues, [...segment.values]);
  return out;
}

/** Every field the payload can carry, present or not, in a stable order. */
function entries(form: Partial<ExperimentForm>, mapping: FieldMapping): Entry[] {
  const isRetro = form.type === 'retro';
  const segments = form.markupScopeType === 'event' ? present(form.segments) : undefined;
  const dictionaryEntries = DICTIONARY_FIELDS.map((field): Entry => {
    const multiple = DICTIONARY_FIELD_SPECS[field].multiple;
    const value = form[field] as DictValue | DictValue[] | undefined;
    return multiple
      ? { field, path: mapping[field], value: present(value as DictValue[] | undefined), clear: [] }
      : { field, path: mapping[field], value, clear: null };
  });
  return [
    { field: 'name', path: mapping.name, value: form.name, clear: 'keep' },
    // A splitter label identifies the experiment to clients: changed on purpose only, never cleared.
    { field: 'label', path: mapping.label, value: form.label, clear: 'keep' },
    { field: 'description', path: mapping.description, value: form.description, clear: null },
    { field: 'type', path: 'type', value: form.type, clear: 'keep' },
    { field: 'markupScopeType', path: 'markupScopeType', value: form.markupScopeType, clear: 'keep' },
    {
      field: 'segments',
      path: 'segments',
      value: segments?.map((s) => segmentPayload(s, mapping)),
      clear: [],
    },
    { field: 'exposure', path: 'exposure', value: form.exposure, clear: 'keep' },
    {
      field: 'propagateExposureDays',
      path: 'propagateExposureDays',
      value: form.exposure === 'days' ? form.propagateExposureDays : undefined,
      clear: null,
    },
    { field: 'statisticalMethod', path: 'statisticalMethod', value: form.statisticalMethod, clear: 'keep' },
    {
      field: 'retroType',
      path: 'retro',
      value: isRetro && form.retroType !== undefined ? { type: form.retroType } : undefined,
      clear: null,
    },
    {
      field: 'parentExperimentId',
      path: 'parentExperimentId',
      value: isRetro && form.retroType === 'parent_experiment' ? form.parentExperimentId : undefined,
      clear: null,
    },
    {
      field: 'switchbackStrategy',
      path: 'switchback',
      value:
        form.type === 'switchback' && form.switchbackStrategy !== undefined
          ? { strategy: form.switchbackStrategy }
          : undefined,
      clear: null,
    },
    ...dictionaryEntries,
  ];
}

/** The create body (POST /experiments/v1): conditional fields only when their condition holds. */
export function buildExperimentPayload(form: ExperimentForm, mapping: FieldMapping): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const entry of entries(form, mapping)) {
    if (entry.value !== undefined) setPath(body, entry.path, entry.value);
  }
  return body;
}

/**
 * The update body (PATCH /experiments/v1/{id}): only what changed between the two forms. A field
 * the user removed (or whose condition no longer holds) is sent as null, or [] for a list; nothing
 * else is ever added, so an unchanged form gives {}.
 */
export function diffExperimentPayload(
  before: Partial<ExperimentForm>,
  after: Partial<ExperimentForm>,
  mapping: FieldMapping,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const entry of changedEntries(before, after, mapping)) {
    if (entry.value !== undefined) setPath(body, entry.path, entry.value);
    else if (entry.clear !== 'keep') setPath(body, entry.path, entry.clear);
  }
  return body;
}

/** The form fields the update body carries, in the payload's order (what a diff view lists). */
export function changedFields(
  before: Partial<ExperimentForm>,
  after: Partial<ExperimentForm>,
  mapping: FieldMapping,
): FormField[] {
  return changedEntries(before, after, mapping)
    .filter((entry) => entry.value !== undefined || entry.clear !== 'keep')
    .map((entry) => entry.field);
}

function changedEntries(
  before: Partial<ExperimentForm>,
  after: Partial<ExperimentForm>,
  mapping: FieldMapping,
): Entry[] {
  const old = entries(before, mapping);
  return entries(after, mapping).filter((entry, i) => {
    const previous = old[i];
    if (previous?.value === undefined && entry.value === undefined) return false;
    return !(
      previous?.value !== undefined &&
      entry.value !== undefined &&
      sameJson(previous.value, entry.value)
    );
  });
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (typeof next === 'object' && next !== null && !Array.isArray(next)) {
      node = next as Record<string, unknown>;
    } else {
      const created: Record<string, unknown> = {};
      node[key] = created;
      node = created;
    }
  }
  node[keys[keys.length - 1] ?? path] = value;
}
