import * as z from 'zod';
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

export function getPath(source: unknown, path: string): unknown {
  let node = source;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
