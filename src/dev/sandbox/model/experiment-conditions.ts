// Conditions between the fields of an experiment, as the sandbox enforces them on create and on
// the merged record of an update. The interface states one exactly, two loosely; the rest are the
// sandbox's ASSUMPTIONS (a real platform may enforce fewer, or more):
//
// - STATED: parentExperimentId is "required when retro.type=parent_experiment".
// - READ FROM "used with": segments are "used with markupScopeType=event", propagateExposureDays
//   "used with exposure=days". The sandbox requires each while its condition holds (event markup
//   without a filter, or days without a number, would mean nothing).
// - ASSUMPTION: `retro` (its type) is required when type=retro, and `switchback` (its strategy) when
//   type=switchback. The interface only names these objects and their enums; it never says an
//   experiment of that type must carry them. Being the sandbox's own, they refuse new values only:
//   an update of a record already stored without them is not refused for it.
// - ASSUMPTION: a parent experiment must exist and be another experiment than the one edited.

/** A top-level field that must be present (not null, not an empty list) while another has a value. */
export interface RequiredWhen {
  field: 'segments' | 'propagateExposureDays' | 'retro' | 'switchback';
  when: { field: 'markupScopeType' | 'exposure' | 'type'; equals: string };
  basis: 'used-with' | 'assumption';
}

export const REQUIRED_WHEN: readonly RequiredWhen[] = [
  { field: 'segments', when: { field: 'markupScopeType', equals: 'event' }, basis: 'used-with' },
  { field: 'propagateExposureDays', when: { field: 'exposure', equals: 'days' }, basis: 'used-with' },
  { field: 'retro', when: { field: 'type', equals: 'retro' }, basis: 'assumption' },
  { field: 'switchback', when: { field: 'type', equals: 'switchback' }, basis: 'assumption' },
];
