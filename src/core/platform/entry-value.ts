// The value an entry of the platform's JSON is known by: a dictionary's item, or an entry a record
// embeds ({team: {id: 12, name: …}}). The interface shows the schema of one dictionary only, so the
// keys are a documented guess. The dictionaries read their items with the same keys (the console
// keeps a copy typed as this list), so a value an edit reads from a record is one the pickers offer.

/**
 * Keys that may carry the value to send back, in priority order. `id` comes first because
 * create/edit payloads usually reference records by id; `name` comes last because it is as often
 * a display name as an identifier.
 */
export const ENTRY_VALUE_KEYS = ['id', 'value', 'key', 'code', 'slug', 'name'] as const;

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first key holding a non-empty string or a finite number: booleans and NaN are never values. */
export function entryValue(entry: Record<string, unknown>): string | number | undefined {
  for (const key of ENTRY_VALUE_KEYS) {
    const candidate = entry[key];
    if (typeof candidate === 'string' && candidate.length > 0) return candidate;
    if (typeof candidate === 'number' && Number.isFinite(candidate)) return candidate;
  }
  return undefined;
}
