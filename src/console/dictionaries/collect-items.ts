import type { DictionaryName } from '../types.js';
import {
  childLists,
  type DictionaryItem,
  hasStrongValue,
  isObject,
  isScalar,
  type JsonObject,
  looksLikeItem,
  participantListSide,
  pickDescription,
  pickLabel,
  pickStatus,
  pickValue,
  type Scalar,
  unwrapOnce,
} from './item-fields.js';

export interface CollectContext {
  name: DictionaryName;
  items: DictionaryItem[];
  warnings: string[];
}

// JSON cannot be cyclic, but a caller may hand us any object graph: bound the walk.
const MAX_DEPTH = 32;

/**
 * Walks any JSON the platform may answer with and appends items. `path` holds the labels of the
 * enclosing groups (object keys) and tree parents; it becomes the item's group "A / B".
 * `at` is a JSONPath-like location used only in warnings.
 */
export function collect(node: unknown, ctx: CollectContext, path: string[], at: string, depth = 0): void {
  if (depth > MAX_DEPTH) {
    ctx.warnings.push(`${at}: nested deeper than ${MAX_DEPTH} levels, ignored`);
    return;
  }
  if (Array.isArray(node)) {
    collectArray(node, ctx, path, at, depth);
    return;
  }
  if (isScalar(node)) {
    push(ctx, { value: node, label: String(node), group: groupOf(path), raw: node });
    return;
  }
  if (isObject(node)) {
    collectObject(node, ctx, path, at, depth);
    return;
  }
  ctx.warnings.push(`${at}: ${describe(node)} is not a dictionary entry, skipped`);
}

function collectArray(list: unknown[], ctx: CollectContext, path: string[], at: string, depth: number): void {
  // [[value, label], …] as Object.entries would produce: only when every element is such a pair,
  // otherwise a nested array is an anonymous sub-list and is flattened.
  if (list.length > 0 && list.every(isPair)) {
    for (const pair of list as [Scalar, string][]) {
      push(ctx, { value: pair[0], label: labelOr(pair[1], pair[0]), group: groupOf(path), raw: pair });
    }
    return;
  }
  list.forEach((element, index) => {
    collect(element, ctx, path, `${at}[${index}]`, depth + 1);
  });
}

function collectObject(
  obj: JsonObject,
  ctx: CollectContext,
  path: string[],
  at: string,
  depth: number,
): void {
  // A strong value key wins over the wrapper reading so that a tree root such as
  // {id, name, items:[…]} stays an item with children instead of being unwrapped away.
  if (hasStrongValue(obj)) {
    collectNode(obj, ctx, path, at, depth);
    return;
  }
  const unwrapped = unwrapOnce(obj);
  if (unwrapped) {
    collect(unwrapped.payload, ctx, path, `${at}.${unwrapped.key}`, depth + 1);
    return;
  }
  if (looksLikeItem(obj)) {
    collectNode(obj, ctx, path, at, depth);
    return;
  }
  const entries = Object.entries(obj);
  if (entries.length === 0) {
    ctx.warnings.push(`${at}: empty object skipped`);
    return;
  }
  // Scalars beside arrays or sub-groups are metadata (total, page…), not entries.
  const hasGroups = entries.some(
    ([, value]) => Array.isArray(value) || (isObject(value) && !isEntryObject(value)),
  );
  for (const [key, value] of entries) {
    const keyAt = `${at}.${key}`;
    if (Array.isArray(value)) {
      collect(value, ctx, [...path, key], keyAt, depth + 1);
    } else if (isObject(value)) {
      if (isEntryObject(value)) collectNode(value, ctx, path, keyAt, depth + 1, key);
      else collect(value, ctx, [...path, key], keyAt, depth + 1);
    } else if (hasGroups) {
      // metadata, see above
    } else if (typeof value === 'string') {
      // {"regular": "Classic A/B"}: JSON keys are strings, so the value is the key as sent.
      push(ctx, { value: key, label: labelOr(value, key), group: groupOf(path), raw: { [key]: value } });
    } else {
      // {"Search": 12} reads as name→id as well as value→label: the two readings send different
      // values, so refuse to guess rather than let a form send the wrong one.
      ctx.warnings.push(`${keyAt}: ${describe(value)} under a key is ambiguous, skipped`);
    }
  }
}

/** An object under a map key that describes one entry: it has a value or at least a label. */
function isEntryObject(obj: JsonObject): boolean {
  return looksLikeItem(obj) || ['title', 'label', 'displayName'].some((key) => typeof obj[key] === 'string');
}

function collectNode(
  obj: JsonObject,
  ctx: CollectContext,
  path: string[],
  at: string,
  depth: number,
  fallbackValue?: string,
): void {
  const value = pickValue(obj) ?? (fallbackValue === '' ? undefined : fallbackValue);
  if (value === undefined) {
    ctx.warnings.push(`${at}: object without an id/value/key/code/slug/name, skipped`);
    return;
  }
  const label = pickLabel(obj, value);
  const side = ctx.name === 'participant-lists' ? participantListSide(obj) : undefined;
  push(ctx, {
    value,
    label,
    group: groupOf(path) ?? side,
    status: pickStatus(obj),
    description: pickDescription(obj, label),
    raw: obj,
  });
  for (const children of childLists(obj)) {
    collect(children, ctx, [...path, label], `${at}.children`, depth + 1);
  }
}

function push(ctx: CollectContext, item: DictionaryItem): void {
  const clean: DictionaryItem = { value: item.value, label: item.label, raw: item.raw };
  if (item.group !== undefined) clean.group = item.group;
  if (item.status !== undefined) clean.status = item.status;
  if (item.description !== undefined) clean.description = item.description;
  ctx.items.push(clean);
}

function isPair(element: unknown): boolean {
  return (
    Array.isArray(element) && element.length === 2 && isScalar(element[0]) && typeof element[1] === 'string'
  );
}

function labelOr(label: string, value: Scalar): string {
  return label.trim().length > 0 ? label : String(value);
}

function groupOf(path: string[]): string | undefined {
  return path.length > 0 ? path.join(' / ') : undefined;
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length === 0 ? 'an empty string' : 'a string';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
