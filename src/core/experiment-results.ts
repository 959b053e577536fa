import type { FieldMapping, LogicalField } from './experiment-fields.js';

const ID_PATHS: ReadonlyArray<readonly string[]> = [
  ['id'],
  ['experimentId'],
  ['data', 'id'],
  ['result', 'id'],
  ['experiment', 'id'],
  ['data', 'experimentId'],
];

/**
 * The create response is "not shown" by the interface. ASSUMPTION: it carries the new id as a
 * positive integer at one of a few conventional places; anything else means "id unknown".
 */
export function extractExperimentId(response: unknown): number | undefined {
  for (const path of ID_PATHS) {
    let node: unknown = response;
    for (const key of path)
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    const id = typeof node === 'string' && /^[1-9]\d*$/.test(node) ? Number(node) : node;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
  }
  return undefined;
}

export interface PlatformFieldError {
  /** The payload field the platform named, as it named it. */
  field: string | undefined;
  message: string;
}

/**
 * A validation 400's body shape is "not shown". ASSUMPTION: common shapes — {errors:[{field,
 * message}]}, {errors:{field: message}}, {fieldErrors|violations:[…]} with field/path/property and
 * message/detail — else one error with the body's message or text.
 */
export function platformFieldErrors(body: string | undefined): PlatformFieldError[] {
  const text = (body ?? '').trim();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return text ? [{ field: undefined, message: text.slice(0, 500) }] : [];
  }
  const record = json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
  const list = record.errors ?? record.fieldErrors ?? record.violations;
  const out: PlatformFieldError[] = [];
  if (Array.isArray(list)) {
    for (const entry of list) {
      if (!entry || typeof entry !== 'object') continue;
      const e = entry as Record<string, unknown>;
      const field = [e.field, e.path, e.property, e.name].find((v) => typeof v === 'string') as
        | string
        | undefined;
      const message = [e.message, e.detail, e.reason].find((v) => typeof v === 'string') as
        | string
        | undefined;
      if (message) out.push({ field, message });
    }
  } else if (list && typeof list === 'object') {
    for (const [field, message] of Object.entries(list)) {
      if (typeof message === 'string') out.push({ field, message });
    }
  }
  if (out.length === 0) {
    const message = [record.message, record.detail, record.title, record.error].find(
      (v) => typeof v === 'string',
    );
    out.push({ field: undefined, message: typeof message === 'string' ? message : text.slice(0, 500) });
  }
  return out;
}

/** The form field behind a payload field name, through the (possibly overridden) mapping. */
export function logicalFieldFor(
  payloadField: string | undefined,
  mapping: FieldMapping,
): LogicalField | undefined {
  if (!payloadField) return undefined;
  const top = payloadField.replace(/\[\d+\]/g, '').split('.');
  for (const [logical, path] of Object.entries(mapping) as [LogicalField, string][]) {
    if (path === payloadField || path === top.join('.') || path.split('.')[0] === top[0]) return logical;
  }
  return undefined;
}
