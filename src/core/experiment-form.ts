import * as z from 'zod';
import {
  DICTIONARY_FIELD_SPECS,
  DICTIONARY_FIELDS,
  type DictionaryField,
  type FieldMapping,
  getPath,
} from './experiment-fields.js';
import {
  ConsoleExposureType,
  type CreatableExperimentType,
  ExperimentMarkupScopeType,
  ExperimentType,
  RetroType,
  StatisticsMethod,
  SwitchbackStrategy,
} from './experiment-schemas.js';
import { entryValue, isObject } from './platform/entry-value.js';

/** A dictionary value exactly as the platform returned it: 12 and "12" are different values. */
export type DictValue = string | number;

/** A filter value with its JSON type: 71002, "71002" and true are three different values. */
type SegmentValue = string | number | boolean;

/** One audience filter of an event-markup experiment. */
export interface SegmentChoice {
  /** The context param's value (its id) as the dictionary returned it. */
  param: DictValue;
  predicate?: DictValue;
  values: SegmentValue[];
  /**
   * The filter exactly as the platform returned it, while nobody changed it: sent back as it came,
   * keys the form cannot read included.
   */
  raw?: Record<string, unknown> | undefined;
}

export interface ExperimentForm {
  name: string;
  label?: string;
  description?: string;
  /** adhoc only on an experiment that already has it (edits keep it; nothing new may use it). */
  type: ExperimentFormType | 'adhoc';
  markupScopeType: ExperimentMarkupScopeType;
  segments?: SegmentChoice[];
  exposure: ConsoleExposureType;
  propagateExposureDays?: number;
  statisticalMethod: StatisticsMethod;
  retroType?: RetroType;
  parentExperimentId?: number;
  switchbackStrategy?: SwitchbackStrategy;
  team: DictValue;
  participantType: DictValue;
  layer: DictValue;
  holdout?: DictValue;
  domain: DictValue;
  metrics: DictValue[];
  presetName?: DictValue;
  tags?: DictValue[];
  allowedParticipantLists?: DictValue[];
  excludedParticipantLists?: DictValue[];
}
/** Every ExperimentType but the obsolete `adhoc`. */
type ExperimentFormType = z.infer<typeof CreatableExperimentType>;

export const FORM_FIELDS = [
  'name',
  'label',
  'description',
  'type',
  'retroType',
  'parentExperimentId',
  'switchbackStrategy',
  'markupScopeType',
  'segments',
  'exposure',
  'propagateExposureDays',
  'statisticalMethod',
  ...DICTIONARY_FIELDS,
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

const FORM_ERROR_CODES = [
  'required',
  'invalid',
  'obsolete_type',
  'not_offered',
  'positive_integer',
  'segments_required',
  'segment_incomplete',
  'lists_overlap',
] as const;
export type FormErrorCode = (typeof FORM_ERROR_CODES)[number];
/** Codes, not sentences: the Slack layer words them in the user's language. */
export type FormErrors = Partial<Record<FormField, FormErrorCode>>;

// ASSUMPTION (the interface does not say which fields are required): the same set as the embedded
// sandbox requires on create, plus every conditional rule the interface states.
const REQUIRED: readonly FormField[] = [
  'name',
  'type',
  'markupScopeType',
  'exposure',
  'statisticalMethod',
  'team',
  'participantType',
  'layer',
  'domain',
  'metrics',
];
const Value = z.union([z.string().min(1), z.number()]);
const SegmentValueSchema = z.union([z.string(), z.number(), z.boolean()]);
const Values = z.array(Value);
const PositiveInt = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
// The interface states no length for name, label or description: none is checked here (a Slack
// input holds at most 3,000 characters, which is the widget's limit, not the platform's).
const Text = () =>
  z
    .string()
    .trim()
    .transform((s) => (s.length === 0 ? undefined : s));

/**
 * The structure of a form without limits or business rules: how a form is kept between requests
 * (private_metadata, the store) so an edit can be diffed against what it started from.
 */
export const StoredExperimentForm = z.strictObject({
  name: z.string().optional(),
  label: z.string().optional(),
  description: z.string().optional(),
  type: ExperimentType.optional(),
  markupScopeType: ExperimentMarkupScopeType.optional(),
  segments: z
    .array(
      z.strictObject({
        param: Value,
        predicate: Value.optional(),
        values: z.array(SegmentValueSchema),
        raw: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
  exposure: ConsoleExposureType.optional(),
  propagateExposureDays: z.number().optional(),
  statisticalMethod: StatisticsMethod.optional(),
  retroType: RetroType.optional(),
  parentExperimentId: z.number().optional(),
  switchbackStrategy: SwitchbackStrategy.optional(),
  // Single or multiple as DICTIONARY_FIELD_SPECS says (a test keeps the two in step).
  team: Value.optional(),
  participantType: Value.optional(),
  layer: Value.optional(),
  holdout: Value.optional(),
  domain: Value.optional(),
  metrics: Values.optional(),
  presetName: Value.optional(),
  tags: Values.optional(),
  allowedParticipantLists: Values.optional(),
  excludedParticipantLists: Values.optional(),
});

/** What a submission is read with: the stored structure plus trimming and what to refuse. */
const SubmittedForm = StoredExperimentForm.extend({
  name: Text().optional(),
  // ASSUMPTION: the interface does not say a label may not hold whitespace. A label is how the
  // splitter knows the experiment, so a new one is refused with a space in it; in an edit only a
  // label the person typed is checked (see `touched`), never the one already on the platform.
  label: Text()
    .refine((s) => s === undefined || !/\s/.test(s), { message: 'invalid' })
    .optional(),
  description: Text().optional(),
  // 'adhoc' parses here so it can be refused with its own message below (unless the edit keeps it).
  type: ExperimentType.optional(),
  // NaN is what an unreadable number input gives: refused below with its own message.
  propagateExposureDays: z.union([z.number(), z.nan()]).optional(),
  parentExperimentId: z.union([z.number(), z.nan()]).optional(),
});

export interface FormValidationOptions {
  /**
   * The values each picker offered (exact platform values). A field without an entry is not
   * checked against a dictionary; the caller should pass every dictionary it rendered.
   */
  offered?: Partial<Record<DictionaryField | 'segments', readonly DictValue[]>>;
  /** Operators offered for a segment param; undefined when they are not known (then unchecked). */
  segmentPredicates?: (param: DictValue) => readonly DictValue[] | undefined;
  /**
   * Edit: the form as it opened. Fields it could not read are not required (they are kept as they
   * are, never re-typed), filters it had pass unchecked (an archived param keeps working in them),
   * and an adhoc experiment keeps its type.
   */
  original?: Partial<ExperimentForm> | undefined;
  /**
   * Edit: the fields whose widgets the person changed. Only they (and the fields their choice
   * conditions) are checked: a value already on the platform is never refused by the form.
   */
  touched?: readonly FormField[] | undefined;
}

export type FormValidation = { ok: true; form: ExperimentForm } | { ok: false; errors: FormErrors };

const isEmpty = (v: unknown) => v === undefined || (Array.isArray(v) && v.length === 0);

/**
 * Checks a form as read from the modal. On success the form is normalised: conditional fields whose
 * condition does not hold are dropped, so a stale choice in a hidden field can never reach a payload.
 */
export function validateExperimentForm(input: unknown, options: FormValidationOptions = {}): FormValidation {
  const errors: FormErrors = {};
  const fail = (field: FormField, code: FormErrorCode) => {
    if (errors[field] === undefined) errors[field] = code;
  };
  // Field by field, so one malformed field does not hide the others' errors; unknown keys are ignored.
  const source = isObject(input) ? input : {};
  const f: z.output<typeof SubmittedForm> = {};
  for (const field of FORM_FIELDS) {
    const parsed = SubmittedForm.shape[field].safeParse(source[field]);
    if (parsed.success) (f as Record<string, unknown>)[field] = parsed.data;
    else fail(field, 'invalid');
  }
  const locked = new Set(options.original === undefined ? [] : lockedFields(options.original));
  for (const field of REQUIRED) if (isEmpty(f[field]) && !locked.has(field)) fail(field, 'required');
  if (f.type === 'adhoc' && options.original?.type !== 'adhoc') fail('type', 'obsolete_type');

  const event = f.markupScopeType === 'event';
  const days = f.exposure === 'days';
  const retro = f.type === 'retro';
  const parent = retro && f.retroType === 'parent_experiment';
  const switchback = f.type === 'switchback';
  // Read from the interface's "used with markupScopeType=event" and "used with exposure=days": a
  // filterless event markup or a day count without days would mean nothing.
  if (event && isEmpty(f.segments) && !locked.has('segments')) fail('segments', 'segments_required');
  if (days && !PositiveInt.safeParse(f.propagateExposureDays).success) {
    fail('propagateExposureDays', f.propagateExposureDays === undefined ? 'required' : 'positive_integer');
  }
  // ASSUMPTION: the interface names retro.type ("type of retro analysis") but never says a retro
  // experiment must have one. Asked for because a retro analysis needs a basis to run on.
  if (retro && f.retroType === undefined) fail('retroType', 'required');
  // Stated: parentExperimentId is "required when retro.type=parent_experiment".
  if (parent && !PositiveInt.safeParse(f.parentExperimentId).success) {
    fail('parentExperimentId', f.parentExperimentId === undefined ? 'required' : 'positive_integer');
  }
  // ASSUMPTION: the interface gives switchback.strategy exactly one value but never says a switchback
  // experiment must carry it. Asked for all the same; the picker preselects that one value.
  if (switchback && f.switchbackStrategy !== 'DETERMINISTIC_RANDOM') fail('switchbackStrategy', 'required');

  for (const field of DICTIONARY_FIELDS) {
    const offered = options.offered?.[field];
    const value = f[field];
    if (offered === undefined || value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    // Only a new value must be on offer: one the experiment already had may stay (an edit of a list
    // keeps the values its dictionary no longer offers unless they are removed).
    const had = options.original?.[field];
    const kept = new Set<unknown>(Array.isArray(had) ? had : had === undefined ? [] : [had]);
    if (values.some((v) => !offered.includes(v) && !kept.has(v))) fail(field, 'not_offered');
  }
  if (event && f.segments !== undefined) {
    const offered = options.offered?.segments;
    const kept = options.original?.segments ?? [];
    for (const segment of f.segments) {
      if (kept.some((k) => sameSegment(k, segment))) continue;
      if (offered !== undefined && !offered.includes(segment.param)) fail('segments', 'not_offered');
      const predicates = options.segmentPredicates?.(segment.param);
      if (segment.predicate === undefined || segment.values.length === 0) {
        fail('segments', 'segment_incomplete');
      } else if (predicates !== undefined && !predicates.includes(segment.predicate)) {
        fail('segments', 'not_offered');
      }
    }
  }
  // ASSUMPTION: the interface lists participant lists as "allowed / excluded" without saying one list
  // cannot be both; refused because a participant who is both let in and kept out has no meaning.
  const excluded = new Set<DictValue>(f.excludedParticipantLists ?? []);
  if ((f.allowedParticipantLists ?? []).some((v) => excluded.has(v))) {
    fail('excludedParticipantLists', 'lists_overlap');
  }
  if (options.touched !== undefined) keepTouchedErrors(errors, options.touched);
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const form = { ...f } as ExperimentForm;
  if (!event) delete form.segments;
  if (!days) delete form.propagateExposureDays;
  if (!retro) delete form.retroType;
  if (!parent) delete form.parentExperimentId;
  if (!switchback) delete form.switchbackStrategy;
  for (const key of Object.keys(form) as (keyof ExperimentForm)[]) {
    if (isEmpty(form[key])) delete form[key];
  }
  return { ok: true, form };
}

/** Fields whose rules depend on another field's choice: checked again when that choice changes. */
const CONDITIONED_BY: Partial<Record<FormField, readonly FormField[]>> = {
  retroType: ['type'],
  parentExperimentId: ['type', 'retroType'],
  switchbackStrategy: ['type'],
  segments: ['markupScopeType', 'domain'],
  propagateExposureDays: ['exposure'],
  excludedParticipantLists: ['allowedParticipantLists'],
};

function keepTouchedErrors(errors: FormErrors, touched: readonly FormField[]): void {
  const changed = new Set(touched);
  for (const field of Object.keys(errors) as FormField[]) {
    const conditions = CONDITIONED_BY[field] ?? [];
    if (!changed.has(field) && !conditions.some((c) => changed.has(c))) delete errors[field];
  }
}

// ── prefill for edit ──────────────────────────────────────────────────────────────────────────────

function asValue(v: unknown): DictValue | undefined {
  if ((typeof v === 'string' && v.length > 0) || (typeof v === 'number' && Number.isFinite(v))) return v;
  // A record may embed the referenced entry ({team: {id: 12, name: …}}): take its value key.
  return isObject(v) ? entryValue(v) : undefined;
}

const isSegmentValue = (v: unknown): v is SegmentValue =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/** A filter as read, values with their JSON types; undefined when any part of it does not read. */
function asSegment(raw: unknown, mapping: FieldMapping): SegmentChoice | undefined {
  if (!isObject(raw)) return undefined;
  const param = asValue(getPath(raw, mapping.segmentParam));
  if (param === undefined) return undefined;
  const predicate = asValue(getPath(raw, mapping.segmentPredicate));
  const values = getPath(raw, mapping.segmentValues);
  if (!Array.isArray(values) || !values.every(isSegmentValue)) return undefined;
  return { param, ...(predicate === undefined ? {} : { predicate }), values: [...values], raw: { ...raw } };
}

/** The same filter: param, operator and values equal with their JSON types. */
function sameSegment(a: SegmentChoice, b: SegmentChoice): boolean {
  return (
    JSON.stringify([a.param, a.predicate ?? null, a.values]) ===
    JSON.stringify([b.param, b.predicate ?? null, b.values])
  );
}

/**
 * Fields an edit cannot show because the record did not read as expected: required ones it lacks,
 * and the audience of an event experiment whose filters did not all read. They are kept as they are.
 */
function lockedFields(original: Partial<ExperimentForm>): FormField[] {
  const locked: FormField[] = REQUIRED.filter((field) => isEmpty(original[field]));
  if (original.markupScopeType === 'event' && original.segments === undefined) locked.push('segments');
  return locked;
}

/** Fields an edit shows without an input: the locked ones, and an adhoc type (kept, never chosen). */
export function readOnlyFields(original: Partial<ExperimentForm> | undefined): FormField[] {
  if (original === undefined) return [];
  const fields = lockedFields(original);
  if (original.type === 'adhoc') fields.push('type');
  return fields;
}

/**
 * Prefills the edit form from an experiment record. The record's full schema is not shown by the
 * interface: whatever does not read as expected is left out, never guessed, and the form then shows
 * it as kept (lockedFields). The audience is read whole or not at all: a filter left out would be a
 * filter deleted. `adhoc` is kept: an existing adhoc experiment may be edited.
 */
export function formFromExperiment(record: unknown, mapping: FieldMapping): Partial<ExperimentForm> {
  if (!isObject(record)) return {};
  const form: Partial<ExperimentForm> = {};
  const put = <K extends keyof ExperimentForm>(key: K, value: ExperimentForm[K] | undefined) => {
    if (value !== undefined) form[key] = value;
  };
  const text = (path: string) => {
    const v = getPath(record, path);
    return typeof v === 'string' && v.trim().length > 0 ? v : undefined;
  };
  const parse = <T>(schema: z.ZodType<T>, v: unknown) => {
    const r = schema.safeParse(v);
    return r.success ? r.data : undefined;
  };
  put('name', text(mapping.name));
  put('label', text(mapping.label));
  put('description', text(mapping.description));
  put('type', parse(ExperimentType, record.type));
  put('markupScopeType', parse(ExperimentMarkupScopeType, record.markupScopeType));
  if (Array.isArray(record.segments)) {
    const segments = record.segments.map((s) => asSegment(s, mapping));
    const whole = segments.filter((s) => s !== undefined);
    if (whole.length > 0 && whole.length === segments.length) put('segments', whole);
  }
  put('exposure', parse(ConsoleExposureType, record.exposure));
  put('propagateExposureDays', parse(PositiveInt, record.propagateExposureDays));
  put('statisticalMethod', parse(StatisticsMethod, record.statisticalMethod));
  put('retroType', parse(RetroType, getPath(record, 'retro.type')));
  // Listed by the interface as its own field; a record may also nest it in `retro`.
  put(
    'parentExperimentId',
    parse(PositiveInt, record.parentExperimentId ?? getPath(record, 'retro.parentExperimentId')),
  );
  put('switchbackStrategy', parse(SwitchbackStrategy, getPath(record, 'switchback.strategy')));
  for (const field of DICTIONARY_FIELDS) {
    const raw = getPath(record, mapping[field]);
    if (DICTIONARY_FIELD_SPECS[field].multiple) {
      if (!Array.isArray(raw)) continue;
      const values = raw.map(asValue).filter((v) => v !== undefined);
      if (values.length > 0) (form as Record<string, unknown>)[field] = values;
    } else {
      const value = asValue(raw);
      if (value !== undefined) (form as Record<string, unknown>)[field] = value;
    }
  }
  return form;
}
