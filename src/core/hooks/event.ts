import * as z from 'zod';
import { ExperimentInterruptReason } from '../stop-reason.js';

// What the platform, a CI job or a scheduler tells the app happened to an experiment. Strict: an
// unknown field is a sender's mistake worth naming, not something to ignore silently.

export const HOOK_BODY_MAX_BYTES = 64 * 1024;

export const LifecycleEventBody = z.strictObject({
  /** Unique per event: the same id delivered twice produces one alert. */
  id: z.string().min(1).max(200),
  experimentId: z.int().positive().max(Number.MAX_SAFE_INTEGER),
  action: z.enum(['start', 'stop', 'archive', 'unarchive', 'create', 'edit', 'status']),
  status: z.string().min(1).max(100).optional(),
  name: z.string().min(1).max(500).optional(),
  team: z.string().min(1).max(200).optional(),
  type: z.string().min(1).max(200).optional(),
  /** Who did it, as the sender names them (free text: not a Slack user). */
  actor: z.string().min(1).max(200).optional(),
  interruptReason: ExperimentInterruptReason.optional(),
  comment: z.string().max(2000).optional(),
  occurredAt: z.iso.datetime({ offset: true }).optional(),
});
export type LifecycleEventBody = z.infer<typeof LifecycleEventBody>;

/** The first problem with a body, naming the field ("experimentId: expected a positive integer"). */
export function describeBodyProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid body';
  const field = issue.path.length > 0 ? issue.path.join('.') : '(body)';
  if (issue.code === 'unrecognized_keys')
    return `${field}: unknown field ${issue.keys.slice(0, 3).join(', ')}`;
  return `${field}: ${issue.message}`.slice(0, 300);
}
