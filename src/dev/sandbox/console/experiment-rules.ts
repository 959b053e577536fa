import type { SandboxDictionaries } from '../model/dictionaries.js';
import { allowedValues, findContextParam, predicatesFor } from '../model/dictionary-values.js';
import type { FieldError } from '../model/error-bodies.js';
import { REQUIRED_WHEN } from '../model/experiment-conditions.js';
import {
  type DictionaryBackedField,
  FIELD_DICTIONARIES,
  SANDBOX_EXPERIMENT_FIELDS,
} from '../model/experiment-fields.js';
import type { ExperimentChanges, SandboxExperiment, Segment } from '../model/experiment-schema.js';
import { quote } from './field-errors.js';

// Rules that need more than the payload's shape: dictionary membership, the interface's
// conditional fields, references to other experiments. `changes` is what the client sent (the
// whole definition on create); `merged` is the experiment as it would be stored.

export interface RuleContext {
  dictionaries: SandboxDictionaries;
  experiments: ReadonlyMap<number, SandboxExperiment>;
  /** The stored experiment on update; undefined on create. */
  current: SandboxExperiment | undefined;
}

export type MergedExperiment = Omit<SandboxExperiment, 'id' | 'status' | 'createdAt' | 'updatedAt'> & {
  id?: number;
};

export function experimentRuleErrors(
  changes: ExperimentChanges,
  merged: MergedExperiment,
  ctx: RuleContext,
): FieldError[] {
  return [
    ...typeErrors(changes, ctx),
    ...dictionaryErrors(changes, ctx.dictionaries),
    ...conditionalErrors(merged, ctx),
    ...(ctx.current === undefined || 'segments' in changes || 'domainId' in changes
      ? segmentErrors(merged, ctx)
      : []),
    ...labelErrors(merged, ctx),
  ];
}

function typeErrors(changes: ExperimentChanges, ctx: RuleContext): FieldError[] {
  if (changes.type === undefined) return [];
  if (!ctx.dictionaries.types.some((t) => t.value === changes.type)) {
    return [{ field: 'type', message: `unknown value ${quote(changes.type)}: not in dictionary types` }];
  }
  // The interface: adhoc "must not be used in new experiments". An old adhoc one may keep it.
  if (changes.type === 'adhoc' && ctx.current?.type !== 'adhoc') {
    return [{ field: 'type', message: 'type "adhoc" is obsolete and must not be used in new experiments' }];
  }
  return [];
}

function dictionaryErrors(changes: ExperimentChanges, dictionaries: SandboxDictionaries): FieldError[] {
  const allowed = allowedValues(dictionaries);
  const errors: FieldError[] = [];
  for (const field of Object.keys(SANDBOX_EXPERIMENT_FIELDS) as DictionaryBackedField[]) {
    const payloadField = SANDBOX_EXPERIMENT_FIELDS[field];
    const value: unknown = changes[payloadField];
    if (value === undefined || value === null) continue;
    const dictionary = FIELD_DICTIONARIES[field];
    const values = Array.isArray(value) ? value : [value];
    const seen = new Set<unknown>();
    values.forEach((v: unknown, i) => {
      const name = Array.isArray(value) ? `${payloadField}[${i}]` : payloadField;
      if (!allowed[field].has(v)) {
        errors.push({ field: name, message: `unknown value ${quote(v)}: not in dictionary ${dictionary}` });
      } else if (seen.has(v)) {
        errors.push({ field: name, message: `duplicate value ${quote(v)}` });
      }
      seen.add(v);
    });
  }
  return errors;
}

const isMissing = (value: unknown) =>
  value === undefined || value === null || (Array.isArray(value) && value.length === 0);

/** The conditions of model/experiment-conditions.ts, and the parent experiment's. */
function conditionalErrors(m: MergedExperiment, ctx: RuleContext): FieldError[] {
  const errors: FieldError[] = [];
  const broken = (r: MergedExperiment | undefined, { field, when }: (typeof REQUIRED_WHEN)[number]) =>
    r !== undefined && r[when.field] === when.equals && isMissing(r[field]);
  for (const rule of REQUIRED_WHEN) {
    const { field, when } = rule;
    // The sandbox's own assumptions refuse new values only: a record it already holds that way
    // (a switchback experiment stored without a strategy) can still be renamed.
    if (rule.basis === 'assumption' && broken(ctx.current, rule)) continue;
    if (broken(m, rule)) {
      errors.push({ field, message: `required when ${when.field} is ${when.equals}` });
    }
  }
  if (m.retro?.type === 'parent_experiment') {
    const parentId = m.parentExperimentId ?? m.retro.parentExperimentId ?? undefined;
    if (parentId === undefined) {
      errors.push({ field: 'parentExperimentId', message: 'required when retro.type is parent_experiment' });
    } else if (parentId === ctx.current?.id) {
      errors.push({ field: 'parentExperimentId', message: 'an experiment cannot be its own parent' });
    } else if (!ctx.experiments.has(parentId)) {
      errors.push({ field: 'parentExperimentId', message: `experiment id=${parentId} does not exist` });
    }
  }
  return errors;
}

function segmentErrors(m: MergedExperiment, ctx: RuleContext): FieldError[] {
  const alreadyUsed = new Set((ctx.current?.segments ?? []).map((s: Segment) => s.paramId));
  const errors: FieldError[] = [];
  (m.segments ?? []).forEach((segment, i) => {
    const at = (f: string) => `segments[${i}].${f}`;
    const param = findContextParam(ctx.dictionaries, segment.paramId);
    if (!param) {
      errors.push({ field: at('paramId'), message: `unknown context param ${segment.paramId}` });
      return;
    }
    if (param.domainId !== m.domainId) {
      errors.push({
        field: at('paramId'),
        message: `context param ${param.id} belongs to domain ${param.domainId}`,
      });
    }
    if (param.status === 'draft' || param.status === 'deleted') {
      errors.push({ field: at('paramId'), message: `context param ${param.id} is ${param.status}` });
    } else if (param.status === 'archived' && !alreadyUsed.has(param.id)) {
      errors.push({
        field: at('paramId'),
        message: `context param ${param.id} is archived: not for new filters`,
      });
    }
    if (!predicatesFor(ctx.dictionaries, param.type).includes(segment.predicate)) {
      errors.push({
        field: at('predicate'),
        message: `predicate ${quote(segment.predicate)} does not apply to ${param.type} params`,
      });
    }
  });
  return errors;
}

function labelErrors(m: MergedExperiment, ctx: RuleContext): FieldError[] {
  for (const other of ctx.experiments.values()) {
    if (other.label === m.label && other.id !== ctx.current?.id) {
      return [{ field: 'label', message: `already used by experiment id=${other.id}` }];
    }
  }
  return [];
}
