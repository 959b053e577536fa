import type { ExperimentForm, FormField, SegmentChoice } from './experiment-form.js';
import { FORM_FIELDS } from './experiment-form.js';

// An edit sends what the person changed, and only that. What changed is read from the widgets:
// each one as submitted against the same widget as it opened (what an untouched widget reports),
// never against the experiment, whose values a widget may not have been able to hold.

/** The fields whose widget reads differently now than when the form opened. */
export function touchedFields(
  opened: Partial<ExperimentForm>,
  submitted: Partial<ExperimentForm>,
): FormField[] {
  return FORM_FIELDS.filter((field) => field !== 'segments' && !sameJson(opened[field], submitted[field]));
}

/** Whether the audience being edited differs from the one the form opened with, filter by filter. */
export function audienceTouched(
  opened: readonly SegmentChoice[] | undefined,
  now: readonly SegmentChoice[] | undefined,
): boolean {
  return !sameJson(opened ?? [], now ?? []);
}

/**
 * The experiment as it was, with the touched fields as the person left them: an untouched field
 * keeps the platform's value exactly (JSON types, spaces, length), whatever its widget showed.
 */
export function withTouched(
  original: Partial<ExperimentForm>,
  submitted: Partial<ExperimentForm>,
  touched: readonly FormField[],
): Partial<ExperimentForm> {
  const out: Record<string, unknown> = { ...original };
  for (const field of touched) {
    const value = submitted[field];
    if (value === undefined) delete out[field];
    else out[field] = value;
  }
  return out as Partial<ExperimentForm>;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
