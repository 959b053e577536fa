import type { FieldMapping } from './experiment-fields.js';
import type { ExperimentForm, FormField, SegmentChoice } from './experiment-form.js';
import { changedFields, segmentPayload } from './experiment-payload.js';

// What an edit changes, in the terms people read: the field, its value before and after; for the
// audience, the filters added, removed and changed. Derived from the same comparison that builds the
// PATCH body (changedFields), so what the diff view lists is exactly what is sent.

interface FieldChange {
  field: Exclude<FormField, 'segments'>;
  before: unknown;
  after: unknown;
}

interface AudienceChanges {
  added: SegmentChoice[];
  removed: SegmentChoice[];
  /** A filter removed and one added on the same param: read as that filter changed. */
  changed: { before: SegmentChoice; after: SegmentChoice }[];
}

export interface ExperimentChanges {
  fields: FieldChange[];
  audience: AudienceChanges | undefined;
}

export function describeChanges(
  before: Partial<ExperimentForm>,
  after: Partial<ExperimentForm>,
  mapping: FieldMapping,
): ExperimentChanges {
  const fields: FieldChange[] = [];
  let audience: AudienceChanges | undefined;
  for (const field of changedFields(before, after, mapping)) {
    if (field === 'segments')
      audience = audienceChanges(before.segments ?? [], after.segments ?? [], mapping);
    else fields.push({ field, before: before[field], after: after[field] });
  }
  return { fields, audience };
}

export function hasChanges(changes: ExperimentChanges): boolean {
  return changes.fields.length > 0 || changes.audience !== undefined;
}

/** Filters compared as the payload sends them, as multisets (the same filter may appear twice). */
function audienceChanges(
  before: readonly SegmentChoice[],
  after: readonly SegmentChoice[],
  mapping: FieldMapping,
): AudienceChanges {
  const key = (s: SegmentChoice) => JSON.stringify(segmentPayload(s, mapping));
  const left = [...before];
  const added: SegmentChoice[] = [];
  for (const segment of after) {
    const i = left.findIndex((s) => key(s) === key(segment));
    if (i >= 0) left.splice(i, 1);
    else added.push(segment);
  }
  const changed: AudienceChanges['changed'] = [];
  const removed: SegmentChoice[] = [];
  for (const old of left) {
    const i = added.findIndex((s) => s.param === old.param);
    if (i >= 0) changed.push({ before: old, after: added.splice(i, 1)[0] as SegmentChoice });
    else removed.push(old);
  }
  return { added, removed, changed };
}

/** A short line for the audit trail (its detail holds at most 300 characters). */
export function changesDetail(changes: ExperimentChanges): string {
  const parts: string[] = changes.fields.map((c) => c.field);
  const a = changes.audience;
  // Words, not +/-/~ signs: the trail is read by people, and ~ is a Slack formatting marker.
  if (a)
    parts.push(`audience: ${a.added.length} added, ${a.removed.length} removed, ${a.changed.length} changed`);
  const text = parts.join(', ');
  return text.length <= 300 ? text : `${text.slice(0, 299)}…`;
}
