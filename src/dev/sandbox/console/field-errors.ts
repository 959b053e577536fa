import type * as z from 'zod';
import type { FieldError } from '../model/error-bodies.js';

/** `metrics.2` style paths become `metrics[2]`, the way a form would name the field. */
function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(body)' : out;
}

export function zodFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue): FieldError[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: fieldPath([...issue.path, key]),
        message: 'unknown field',
      }));
    }
    return [{ field: fieldPath(issue.path), message: issue.message }];
  });
}

/** How a refused value is quoted: JSON, so 12 and "12" read differently. */
export function quote(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}
