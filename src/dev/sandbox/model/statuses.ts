import type { LifecycleAction } from './interface-values.js';

// ASSUMPTION (interface: "Names of experiment statuses: not shown. Transitions: not shown"). The
// interface says only that each action is refused with 400 when "not permitted for the current
// status". The sandbox uses the same model as the app's default transition table
// (src/core/experiments/transitions.ts DEFAULT_TRANSITIONS), so what the app offers is what the
// sandbox accepts; interface-values.test.ts holds the two together. Written out here, not imported,
// because the sandbox stands in for the platform and the app's table is the thing under test:
//
//   draft ──start──▶ running ──stop──▶ stopped ──archive──▶ archived ──unarchive──▶ stopped
//
// The smallest model in which every action is reachable and every action is refusable: one status
// each action needs and one it leads to. A draft cannot be archived (only a stopped experiment is),
// a stopped experiment cannot be restarted, and unarchive always returns to `stopped` (no memory
// of an earlier status). Clients must treat status names as opaque.

export const EXPERIMENT_STATUSES = ['draft', 'running', 'stopped', 'archived'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

/** action → the one status it is allowed from and the one it leads to. */
const TRANSITIONS: Readonly<Record<LifecycleAction, { from: ExperimentStatus; to: ExperimentStatus }>> = {
  start: { from: 'draft', to: 'running' },
  stop: { from: 'running', to: 'stopped' },
  archive: { from: 'stopped', to: 'archived' },
  unarchive: { from: 'archived', to: 'stopped' },
};

export const ALLOWED_FROM: Readonly<Record<LifecycleAction, readonly ExperimentStatus[]>> = {
  start: [TRANSITIONS.start.from],
  stop: [TRANSITIONS.stop.from],
  archive: [TRANSITIONS.archive.from],
  unarchive: [TRANSITIONS.unarchive.from],
};

/** The status after the action, or undefined when the action is refused in the current status. */
export function nextStatus(
  action: LifecycleAction,
  exp: { status: ExperimentStatus },
): ExperimentStatus | undefined {
  const rule = TRANSITIONS[action];
  return exp.status === rule.from ? rule.to : undefined;
}

/**
 * ASSUMPTION (update rules are not shown): an archived experiment cannot be edited; every other
 * status accepts PATCH, as the app's table offers `edit` from every status but archived. Editing a
 * running experiment is allowed because the interface names no restriction and refusing would hide
 * client bugs behind a sandbox invention.
 */
export function isEditable(status: ExperimentStatus): boolean {
  return status !== 'archived';
}
