import type { ENTRY_VALUE_KEYS } from '../../core/platform/entry-value.js';

// Field tables and per-object extraction for dictionary items. The platform shows the schema of
// only one dictionary (context-param-predicates), so everything here is a documented guess: the
// raw object is always kept beside the guess so a caller can pick a different field later.

export type Scalar = string | number;
export type JsonObject = Record<string, unknown>;

/** One entry of a dictionary as the app reads it, whatever shape the platform gave it. */
export interface DictionaryItem {
  /** Exactly what the platform returned (same type): create/edit must send it back unchanged. */
  value: string | number;
  label: string;
  /** Enclosing group key or tree path, "Parent / Child". */
  group?: string;
  status?: string;
  description?: string;
  raw: unknown;
}

/**
 * Keys that may carry the value to send back, in priority order: the domain's ENTRY_VALUE_KEYS
 * (src/core/platform/entry-value.ts, which says why this order). The client's own copy, since it
 * may load only the domain's types; typed as that list, so the compiler holds the two equal.
 */
const VALUE_KEYS: typeof ENTRY_VALUE_KEYS = ['id', 'value', 'key', 'code', 'slug', 'name'];
/** Value keys that mark an object as an item even when it also looks like a wrapper. */
const STRONG_VALUE_KEYS = ['id', 'value', 'key', 'code', 'slug'] as const;
/** Keys that may carry the human label, in priority order. */
const LABEL_KEYS = ['title', 'label', 'name', 'displayName', 'description', 'value'] as const;
/** Keys of an object that hold the payload and nothing else worth keeping (pagination aside). */
export const WRAPPER_KEYS = [
  'items',
  'data',
  'result',
  'results',
  'values',
  'content',
  'list',
  'dictionary',
] as const;
/** Keys under which a tree node (a team, typically) lists its children. */
const CHILDREN_KEYS = ['children', 'teams', 'subteams', 'subTeams', 'items', 'nodes'] as const;
const STATUS_KEYS = ['status', 'state'] as const;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON numbers and non-empty strings only: booleans and NaN are never values a form sends. */
export function isScalar(value: unknown): value is Scalar {
  return (
    (typeof value === 'string' && value.length > 0) || (typeof value === 'number' && Number.isFinite(value))
  );
}

export function pickValue(obj: JsonObject, keys: readonly string[] = VALUE_KEYS): Scalar | undefined {
  for (const key of keys) {
    const candidate = obj[key];
    if (isScalar(candidate)) return candidate;
  }
  return undefined;
}

export function pickLabel(obj: JsonObject, value: Scalar): string {
  for (const key of LABEL_KEYS) {
    const candidate = obj[key];
    if (typeof candidate === 'string' && candidate.trim().length > 0) return candidate;
    if (typeof candidate === 'number' && Number.isFinite(candidate)) return String(candidate);
  }
  return String(value);
}

export function pickStatus(obj: JsonObject): string | undefined {
  for (const key of STATUS_KEYS) {
    const candidate = obj[key];
    if (typeof candidate === 'string' && candidate.length > 0) return candidate;
  }
  return undefined;
}

/** A description only when it adds something: not when it already serves as the label. */
export function pickDescription(obj: JsonObject, label: string): string | undefined {
  const description = obj.description;
  return typeof description === 'string' && description.trim().length > 0 && description !== label
    ? description
    : undefined;
}

/** An object that names its own value: a strong value key, or `name` (tags often are `{name}`). */
export function looksLikeItem(obj: JsonObject): boolean {
  return pickValue(obj) !== undefined;
}

export function hasStrongValue(obj: JsonObject): boolean {
  return pickValue(obj, STRONG_VALUE_KEYS) !== undefined;
}

/**
 * `{items: [...], total: 3}` and the like: exactly one wrapper key holding an array or object, and
 * nothing else but scalars (pagination, counts, flags). Returns the wrapped payload.
 */
export function unwrapOnce(obj: JsonObject): { key: string; payload: unknown } | undefined {
  const wrapperKeys = WRAPPER_KEYS.filter((key) => key in obj);
  if (wrapperKeys.length !== 1) return undefined;
  const key = wrapperKeys[0] as string;
  const payload = obj[key];
  if (typeof payload !== 'object' || payload === null) return undefined;
  for (const [other, value] of Object.entries(obj)) {
    if (other !== key && typeof value === 'object' && value !== null) return undefined;
  }
  return { key, payload };
}

export function childLists(obj: JsonObject): unknown[] {
  const lists: unknown[] = [];
  for (const key of CHILDREN_KEYS) {
    const value = obj[key];
    if (Array.isArray(value) || isObject(value)) lists.push(value);
  }
  return lists;
}

const LIST_KIND_KEYS = ['type', 'kind', 'listType', 'list_type', 'mode', 'category'] as const;
const ALLOWED_WORDS = new Set(['allowed', 'allow', 'allowlist', 'whitelist', 'include', 'included']);
const EXCLUDED_WORDS = new Set(['excluded', 'exclude', 'excludelist', 'blacklist', 'deny', 'denylist']);

/**
 * participant-lists is described only as "allowed / excluded". Besides `{allowed:[…], excluded:[…]}`
 * (handled as groups by the walker) an item may carry the side itself: a boolean flag or a kind.
 */
export function participantListSide(obj: JsonObject): 'allowed' | 'excluded' | undefined {
  for (const key of ['excluded', 'isExcluded', 'exclude']) {
    if (typeof obj[key] === 'boolean') return obj[key] ? 'excluded' : 'allowed';
  }
  for (const key of ['allowed', 'isAllowed', 'allow']) {
    if (typeof obj[key] === 'boolean') return obj[key] ? 'allowed' : 'excluded';
  }
  for (const key of LIST_KIND_KEYS) {
    const kind = obj[key];
    if (typeof kind !== 'string') continue;
    const word = kind.toLowerCase().replace(/[-_\s]/g, '');
    if (ALLOWED_WORDS.has(word)) return 'allowed';
    if (EXCLUDED_WORDS.has(word)) return 'excluded';
  }
  return undefined;
}
