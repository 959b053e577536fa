import * as z from 'zod';
import type { DictValue, ExperimentForm, FormField, SegmentChoice } from './experiment-form.js';
import type { DictionaryName } from './platform/platform-api.js';

// THE mapping between the form's logical fields and the create/update payload. The interface names
// the enum fields (type, markupScopeType, segments, exposure, propagateExposureDays,
// statisticalMethod, retro.type, parentExperimentId, switchback.strategy) and says the team,
// participant type, layer, holdout, participant lists, domain, metrics, tags and preset names must
// equal dictionary values, but it does NOT show the payload names or shapes of those fields, nor of
// name/label/description or of one segment. Every default below is therefore an ASSUMPTION, chosen
// to equal what the embedded sandbox accepts (src/dev/sandbox/model/experiment-fields.ts and
// experiment-schema.ts), and overridable per deployment (e.g. EXPERIMENT_FIELD_MAP='{"team":"teamCode"}').

export const DICTIONARY_FIELDS = [
  'team',
  'participantType',
  'layer',
  'holdout',
  'domain',
  'metrics',
  'presetName',
  'tags',
  'allowedParticipantLists',
  'excludedParticipantLists',
] as const;
export type DictionaryField = (typeof DICTIONARY_FIELDS)[number];

export interface DictionaryFieldSpec {
  /** The dictionary whose values (exactly as returned) the field accepts. */
  dictionary: DictionaryName;
  /** A list of values rather than one. */
  multiple: boolean;
}

export const DICTIONARY_FIELD_SPECS: Readonly<Record<DictionaryField, DictionaryFieldSpec>> = {
  team: { dictionary: 'teams', multiple: false },
  participantType: { dictionary: 'participantTypes', multiple: false },
  layer: { dictionary: 'layers', multiple: false },
  holdout: { dictionary: 'holdouts', multiple: false },
  domain: { dictionary: 'domains', multiple: false },
  metrics: { dictionary: 'objective-meta', multiple: true },
  presetName: { dictionary: 'preset-names', multiple: false },
  tags: { dictionary: 'tags', multiple: true },
  allowedParticipantLists: { dictionary: 'participant-lists', multiple: true },
  excludedParticipantLists: { dictionary: 'participant-lists', multiple: true },
};

const TEXT_FIELDS = ['name', 'label', 'description'] as const;
/** Keys inside one element of `segments` (the interface says only "list", "filters of the audience"). */
const SEGMENT_FIELDS = ['segmentParam', 'segmentPredicate', 'segmentValues'] as const;
const LOGICAL_FIELDS = [...TEXT_FIELDS, ...DICTIONARY_FIELDS, ...SEGMENT_FIELDS] as const;
export type LogicalField = (typeof LOGICAL_FIELDS)[number];

/** Logical field → payload path; a dotted path ("team.id") nests the value in objects. */
export type FieldMapping = Readonly<Record<LogicalField, string>>;

export const DEFAULT_FIELD_MAPPING: FieldMapping = Object.freeze({
  name: 'name', // ASSUMPTION
  label: 'label', // ASSUMPTION: the splitter's experimentLabel
  description: 'description', // ASSUMPTION
  team: 'teamId', // ASSUMPTION
  participantType: 'participantType', // ASSUMPTION
  layer: 'layerId', // ASSUMPTION
  holdout: 'holdoutId', // ASSUMPTION
  domain: 'domainId', // ASSUMPTION
  metrics: 'metrics', // ASSUMPTION
  presetName: 'presetName', // ASSUMPTION
  tags: 'tags', // ASSUMPTION
  allowedParticipantLists: 'allowedParticipantLists', // ASSUMPTION
  excludedParticipantLists: 'excludedParticipantLists', // ASSUMPTION
  segmentParam: 'paramId', // ASSUMPTION: the context param's id as the dictionary returned it
  segmentPredicate: 'predicate', // ASSUMPTION
  segmentValues: 'values', // ASSUMPTION
});

/** Top-level names the interface itself gives: a mapping may not reuse them. */
const INTERFACE_FIELDS = [
  'type',
  'markupScopeType',
  'segments',
  'exposure',
  'propagateExposureDays',
  'statisticalMethod',
  'retro',
  'parentExperimentId',
  'switchback',
  'interruptReason',
  'interruptReasonComment',
] as const;

export type FieldMappingProblem =
  | 'not-json'
  | 'not-an-object'
  | 'unknown-fields'
  | 'invalid-path'
  | 'conflict';

/** A field-mapping override that cannot be used; nothing falls back silently. */
export class FieldMappingError extends Error {
  override readonly name = 'FieldMappingError';
  constructor(
    readonly problem: FieldMappingProblem,
    readonly issues: readonly string[],
    readonly unknownFields: readonly string[] = [],
  ) {
    super(`Invalid experiment field mapping (${problem}): ${issues.join('; ')}`);
  }
}

const PATH = z
  .string()
  .regex(
    /^[A-Za-z_$][\w$-]*(\.[A-Za-z_$][\w$-]*)*$/,
    'expected a field name or a dotted path such as "team.id"',
  )
  .max(200);
const Overrides = z.strictObject(
  Object.fromEntries(LOGICAL_FIELDS.map((field) => [field, PATH.optional()])) as Record<
    LogicalField,
    z.ZodOptional<typeof PATH>
  >,
);

/**
 * The default mapping with `overrides` applied: undefined, an object, or its JSON text (as an
 * environment variable holds it). Throws FieldMappingError for unknown logical names, bad paths,
 * or two fields that would land on the same (or an enclosing) payload path.
 */
export function resolveFieldMapping(overrides?: unknown): FieldMapping {
  if (overrides === undefined || overrides === null || overrides === '') return DEFAULT_FIELD_MAPPING;
  let raw = overrides;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      throw new FieldMappingError('not-json', ['the override is not valid JSON']);
    }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new FieldMappingError('not-an-object', ['expected an object such as {"team":"teamCode"}']);
  }
  const known: readonly string[] = LOGICAL_FIELDS;
  const unknown = Object.keys(raw).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    throw new FieldMappingError(
      'unknown-fields',
      [`unknown field(s) ${unknown.join(', ')}; known: ${LOGICAL_FIELDS.join(', ')}`],
      unknown,
    );
  }
  const parsed = Overrides.safeParse(raw);
  if (!parsed.success) {
    throw new FieldMappingError(
      'invalid-path',
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    );
  }
  const defined = Object.entries(parsed.data).filter(([, path]) => path !== undefined);
  const mapping: FieldMapping = Object.freeze({ ...DEFAULT_FIELD_MAPPING, ...Object.fromEntries(defined) });
  const conflicts = [
    ...pathConflicts(mapping, [...TEXT_FIELDS, ...DICTIONARY_FIELDS], INTERFACE_FIELDS),
    ...pathConflicts(mapping, SEGMENT_FIELDS, []),
  ];
  if (conflicts.length > 0) throw new FieldMappingError('conflict', conflicts);
  return mapping;
}

function pathConflicts(
  mapping: FieldMapping,
  fields: readonly LogicalField[],
  reserved: readonly string[],
): string[] {
  const out: string[] = [];
  fields.forEach((field, i) => {
    const path = mapping[field];
    const head = path.split('.')[0] ?? path;
    if (reserved.includes(head)) out.push(`${field}: "${path}" is a field the interface already names`);
    for (const other of fields.slice(i + 1)) {
      const p = mapping[other];
      if (p === path || p.startsWith(`${path}.`) || path.startsWith(`${p}.`)) {
        out.push(`${field} and ${other} overlap ("${path}", "${p}")`);
      }
    }
  });
  return out;
}

// ── payloads ──────────────────────────────────────────────────────────────────────────────────────

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

export function getPath(source: unknown, path: string): unknown {
  let node = source;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
