import type { LifecycleAction } from '../../../lifecycle/lifecycle-action.js';

// ASSUMPTION (interface: "Names of experiment statuses: not shown. Transitions: not shown").
// The sandbox uses four statuses and the smallest transition table that makes every lifecycle
// action reachable and every one of them refusable:
//
//   draft ──start──▶ running ──stop──▶ stopped
//     │                                  │
//     └────────archive──▶ archived ◀──archive
//                            │
//                        unarchive ──▶ back to the status it was archived from (draft or stopped)
//
// A stopped experiment cannot be restarted (a fresh experiment is the platform norm), and a
// running one must be stopped before it can be archived. Clients must treat status names as opaque.

export const EXPERIMENT_STATUSES = ['draft', 'running', 'stopped', 'archived'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

/** Statuses an experiment may be archived from; unarchive returns to the one recorded. */
export type ArchivableStatus = 'draft' | 'stopped';

export const ALLOWED_FROM: Readonly<Record<LifecycleAction, readonly ExperimentStatus[]>> = {
  start: ['draft'],
  stop: ['running'],
  archive: ['draft', 'stopped'],
  unarchive: ['archived'],
};

export interface StatusHolder {
  status: ExperimentStatus;
  archivedFrom: ArchivableStatus | null;
}

/** The status after the action, or undefined when the action is refused in the current status. */
export function nextStatus(action: LifecycleAction, exp: StatusHolder): ExperimentStatus | undefined {
  if (!ALLOWED_FROM[action].includes(exp.status)) return undefined;
  switch (action) {
    case 'start':
      return 'running';
    case 'stop':
      return 'stopped';
    case 'archive':
      return 'archived';
    case 'unarchive':
      return exp.archivedFrom ?? 'stopped';
  }
}

/**
 * ASSUMPTION (update rules are not shown): an archived experiment cannot be edited; every other
 * status accepts PATCH. Editing a running experiment is allowed because the interface names no
 * restriction and refusing would hide client bugs behind a sandbox invention.
 */
export function isEditable(status: ExperimentStatus): boolean {
  return status !== 'archived';
}
