import * as z from 'zod';
import { LIFECYCLE_ACTIONS, type LifecycleAction } from '../lifecycle-action.js';
import { StopRequest } from '../stop-reason.js';

// A lifecycle action asked for a later time (`/exp start 3 at 2026-12-01 10:00`). It holds exactly
// what would run, as an approval request does, and who asked: at its time it runs as if that person
// typed it then (the policy is checked again for them).

/** Later than this after its time a run is reported as missed, never run silently late. */
export const MISSED_AFTER_MS = 60 * 60 * 1000;

export const ScheduledAction = z.object({
  v: z.literal(1),
  id: z.string().uuid(),
  scope: z.string().max(200),
  /** The workspace, to act in it again at the due time. */
  teamId: z.string().max(64),
  enterpriseId: z.string().max(64).optional(),
  action: z.enum(LIFECYCLE_ACTIONS),
  experimentId: z.int().positive(),
  stop: StopRequest.optional(),
  /** ISO, UTC. */
  runAt: z.string(),
  /** The IANA zone it was typed in (the person's Slack time zone): shown back with the time. */
  timeZone: z.string().max(64),
  scheduledBy: z.string().max(64),
  /** Where it was scheduled from: the result goes there, in the experiment's thread. */
  channelId: z.string().max(64),
  createdAt: z.string(),
  /** The approval request asked for when the policy wants one: it must be approved by runAt. */
  approvalId: z.string().max(64).optional(),
  /** Set once approved (the request itself expires; this stays with the scheduled action). */
  approvedBy: z.string().max(64).optional(),
});
export type ScheduledAction = z.infer<typeof ScheduledAction>;

export type NewScheduledAction = Omit<ScheduledAction, 'v' | 'createdAt'>;

/** Scheduled actions are matched by experiment and, optionally, action (`/exp unschedule 3 stop`). */
export function matchesTarget(
  entry: ScheduledAction,
  experimentId: number | undefined,
  action?: LifecycleAction,
): boolean {
  return (
    (experimentId === undefined || entry.experimentId === experimentId) &&
    (action === undefined || entry.action === action)
  );
}

/** What to do with a job found at `now`: run it, or report it missed (every replica was down). */
export function dueState(entry: Pick<ScheduledAction, 'runAt'>, now: Date): 'run' | 'missed' {
  return now.getTime() - Date.parse(entry.runAt) > MISSED_AFTER_MS ? 'missed' : 'run';
}
