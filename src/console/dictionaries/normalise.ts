import { ContextParamStatus } from '../schemas.js';
import type { DictionaryName } from '../types.js';
import { type CollectContext, collect, describe } from './collect-items.js';
import {
  type DictionaryItem,
  hasStrongValue,
  isObject,
  type JsonObject,
  looksLikeItem,
  WRAPPER_KEYS,
} from './item-fields.js';

export type { DictionaryItem } from './item-fields.js';

import { canonicalToken } from './names.js';

export interface NormalisedDictionary {
  name: DictionaryName;
  items: DictionaryItem[];
  /** Non-item parts worth keeping, e.g. predicates and predicateApplicability of context-param-predicates. */
  extra?: Record<string, unknown>;
  /** What was skipped or guessed; empty for a clean read. */
  warnings: string[];
}

// Ten of the eleven response schemas are not shown by the interface: every shape below is an
// assumption. Recognised (see collect-items.ts and item-fields.ts for the details):
// - arrays of strings/numbers, of [value, label] pairs, of objects; value key by priority
//   id > value > key > code > slug > name, label by title > label > name > displayName >
//   description > value, falling back to String(value);
// - wrappers {items|data|result|results|values|content|list|dictionary: …} beside scalar metadata,
//   nested, and at the top level also a single key named after the dictionary ({layers: […]})
//   unless the object itself names a value (a tree root);
// - value→label maps {"regular": "Classic A/B"} and maps of entry objects;
// - grouped objects {allowed: […], excluded: […]}, {metrics: […], slices: […]}: key = group;
// - trees through children/teams/subteams/items/nodes: parents' labels form the group path;
// - participant-lists items flagged {excluded: true} or {type: 'allowed'}.
// Whatever else comes is skipped with a warning; normalising never throws.

const MAX_TOP_UNWRAPS = 4;

export function normaliseDictionary(name: DictionaryName, json: unknown): NormalisedDictionary {
  const ctx: CollectContext = { name, items: [], warnings: [] };
  const { payload, at } = unwrapTop(name, json);
  let extra: Record<string, unknown> | undefined;
  if (isEmpty(payload)) {
    // an empty dictionary is a valid answer
  } else if (name === 'context-param-predicates') {
    extra = collectContextParams(payload, at, ctx);
  } else if (Array.isArray(payload) || isObject(payload)) {
    collect(payload, ctx, [], at);
  } else {
    ctx.warnings.push(`${at}: ${describe(payload)} is not a dictionary, no items read`);
  }
  const result: NormalisedDictionary = {
    name,
    items: dedupe(ctx.items, ctx.warnings),
    warnings: ctx.warnings,
  };
  if (extra !== undefined) result.extra = extra;
  return result;
}

function isEmpty(payload: unknown): boolean {
  return (
    payload === null ||
    payload === undefined ||
    (Array.isArray(payload) && payload.length === 0) ||
    (isObject(payload) && Object.keys(payload).length === 0)
  );
}

/** Peels response envelopes, recording where the payload was found for warnings. */
function unwrapTop(name: DictionaryName, json: unknown): { payload: unknown; at: string } {
  let payload = json;
  let at = '$';
  for (let i = 0; i < MAX_TOP_UNWRAPS && isObject(payload) && !hasStrongValue(payload); i++) {
    const key = envelopeKey(name, payload);
    if (key === undefined) break;
    payload = payload[key];
    at += `.${key}`;
  }
  return { payload, at };
}

/**
 * The one key of an envelope: a wrapper key or the dictionary's own name, holding a list, an object
 * or null, with only scalars beside it. Two candidate keys mean it is not an envelope.
 */
function envelopeKey(name: DictionaryName, obj: JsonObject): string | undefined {
  const own = canonicalToken(name);
  // {name: 'Org', teams: […]} is a tree root, not an envelope named after the dictionary.
  const selfNamed = (key: string) =>
    !looksLikeItem(obj) && [own, own.replace(/s$/, '')].includes(canonicalToken(key));
  const isWrapper = (key: string) => (WRAPPER_KEYS as readonly string[]).includes(key) || selfNamed(key);
  const candidates = Object.keys(obj).filter(isWrapper);
  if (candidates.length !== 1) return undefined;
  const key = candidates[0] as string;
  for (const [other, value] of Object.entries(obj)) {
    const nested = typeof value === 'object' && value !== null;
    if (other === key ? !nested && value !== null : nested) return undefined;
  }
  return key;
}

const PARAM_STATUSES: readonly string[] = ContextParamStatus.options;

/**
 * The one documented shape: {params: ConsoleContextParamDTO[], predicates, predicateApplicability}.
 * Params become items (value = id as sent, label = title, then label); everything beside params is
 * kept raw in `extra`, since the structure of predicates and predicateApplicability is not shown.
 */
function collectContextParams(
  payload: unknown,
  at: string,
  ctx: CollectContext,
): Record<string, unknown> | undefined {
  if (!isObject(payload) || !('params' in payload)) {
    ctx.warnings.push(
      `${at}: no "params" (expected {params, predicates, predicateApplicability}), read as a plain list`,
    );
    collect(payload, ctx, [], at);
    return undefined;
  }
  const { params, ...rest } = payload;
  if (!isEmpty(params)) {
    if (!Array.isArray(params))
      ctx.warnings.push(`${at}.params: ${describe(params)} where a list was expected`);
    collect(params, ctx, [], `${at}.params`);
  }
  for (const item of ctx.items) {
    if (item.status === undefined || !PARAM_STATUSES.includes(item.status)) {
      ctx.warnings.push(
        `param ${JSON.stringify(item.value)}: status ${JSON.stringify(item.status)} is not a ContextParamStatus`,
      );
    }
  }
  return rest;
}

/** Drops repeats of the same value (same type) within one group, keeping the first. */
function dedupe(items: DictionaryItem[], warnings: string[]): DictionaryItem[] {
  const seen = new Set<string>();
  const kept: DictionaryItem[] = [];
  for (const item of items) {
    const key = JSON.stringify([item.group ?? null, typeof item.value, item.value]);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(item);
  }
  const dropped = items.length - kept.length;
  if (dropped > 0) warnings.push(`${dropped} duplicate value(s) dropped within their group`);
  return kept;
}
