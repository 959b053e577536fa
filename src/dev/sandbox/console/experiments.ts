import { json, parseJson, type SandboxReply, text } from '../http-io.js';
import {
  cannotPerformAction,
  experimentNotFound,
  type FieldError,
  validationBody,
} from '../model/error-bodies.js';
import { CREATED_STATUS, createdExperimentLocation, UPDATED_STATUS } from '../model/experiment-responses.js';
import {
  DEFAULT_GROUPS,
  ExperimentChanges,
  ExperimentDefinition,
  READ_ONLY_FIELDS,
  type SandboxExperiment,
} from '../model/experiment-schema.js';
import { isEditable } from '../model/statuses.js';
import type { SandboxState } from '../state.js';
import { experimentRuleErrors, type MergedExperiment } from './experiment-rules.js';
import { zodFieldErrors } from './field-errors.js';

// POST /experiments/v1, PATCH /experiments/v1/{id} and the sandbox-only GET /experiments/v1/{id}.
// What they answer is the sandbox's choice: model/experiment-responses.ts.

const invalid = (errors: FieldError[]): SandboxReply => json(400, validationBody(errors));

/** The experiment as JSON, id and status first so a human reading a log finds them. */
function experimentJson(exp: SandboxExperiment): Record<string, unknown> {
  const { id, status, ...rest } = exp;
  return { id, status, ...rest };
}

type BodyRead = { ok: true; body: Record<string, unknown> } | { ok: false; reply: SandboxReply };

function readObjectBody(raw: string): BodyRead {
  const parsed = parseJson(raw);
  if (!parsed.ok) return { ok: false, reply: invalid([{ field: '(body)', message: parsed.message }]) };
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reply: invalid([{ field: '(body)', message: 'a JSON object is required' }]) };
  }
  const readOnly = READ_ONLY_FIELDS.filter((f) => f in value);
  if (readOnly.length > 0) {
    return { ok: false, reply: invalid(readOnly.map((field) => ({ field, message: 'read-only field' }))) };
  }
  return { ok: true, body: value as Record<string, unknown> };
}

function generateLabel(name: string, id: number): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80);
  return slug === '' ? `exp_${id}` : `${slug}_${id}`;
}

export function createExperiment(state: SandboxState, raw: string): SandboxReply {
  const read = readObjectBody(raw);
  if (!read.ok) return read.reply;
  const parsed = ExperimentDefinition.safeParse(read.body);
  if (!parsed.success) return invalid(zodFieldErrors(parsed.error));
  const def = parsed.data;
  const id = state.nextExperimentId;
  const merged: MergedExperiment = {
    ...def,
    label: def.label ?? generateLabel(def.name, id),
    groups: def.groups ?? [...DEFAULT_GROUPS],
    tags: def.tags ?? [],
    interruptReason: null,
    interruptReasonComment: null,
  };
  const ctx = { dictionaries: state.dictionaries, experiments: state.experiments, current: undefined };
  const errors = experimentRuleErrors(def, merged, ctx);
  if (errors.length > 0) return invalid(errors);
  const now = new Date().toISOString();
  const created: SandboxExperiment = { ...merged, id, status: 'draft', createdAt: now, updatedAt: now };
  state.experiments.set(id, created);
  state.nextExperimentId = id + 1;
  return json(CREATED_STATUS, experimentJson(created), { location: createdExperimentLocation(id) });
}

export function updateExperiment(state: SandboxState, id: number, raw: string): SandboxReply {
  const read = readObjectBody(raw);
  if (!read.ok) return read.reply;
  const parsed = ExperimentChanges.safeParse(read.body);
  if (!parsed.success) return invalid(zodFieldErrors(parsed.error));
  const current = state.experiments.get(id);
  if (!current) return text(404, experimentNotFound(id));
  // ASSUMPTION: refusing an edit of an archived experiment reuses the stated lifecycle text with
  // the action "update", so clients can show it the same way as a lifecycle status conflict.
  if (!isEditable(current.status)) return text(400, cannotPerformAction(id, 'update', current.status));
  const changes = parsed.data;
  const merged: SandboxExperiment = { ...current, ...changes, updatedAt: new Date().toISOString() };
  const ctx = { dictionaries: state.dictionaries, experiments: state.experiments, current };
  const errors = experimentRuleErrors(changes, merged, ctx);
  if (errors.length > 0) return invalid(errors);
  state.experiments.set(id, merged);
  return json(UPDATED_STATUS, experimentJson(merged));
}

export function getExperiment(state: SandboxState, id: number): SandboxReply {
  const exp = state.experiments.get(id);
  return exp ? json(200, experimentJson(exp)) : text(404, experimentNotFound(id));
}
