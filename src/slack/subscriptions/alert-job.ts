import type { KnownBlock } from '@slack/types';
import * as z from 'zod';
import { LIFECYCLE_ACTIONS } from '../../core/lifecycle-action.js';
import { ExperimentInterruptReason, StopReason } from '../../core/stop-reason.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { SlackMessage } from '../blocks/message.js';
import type { AlertEvent } from './alert-message.js';

/** One message for one channel (or person), as it waits in the queue: ids and text, never a token. */
export type AlertJob = EventAlertJob | NoticeJob;

/** An operational notice (a token-health reminder), built when it was decided. */
export interface NoticeJob {
  workspace: WorkspaceRef;
  scope: string;
  channelId: string;
  notice: SlackMessage;
}

/** One experiment alert: built at delivery from what the app knows then. */
export interface EventAlertJob {
  notice?: undefined;
  workspace: WorkspaceRef;
  scope: string;
  channelId: string;
  event: AlertEvent;
  /** The channel the action came from, named in the alert. */
  originChannelId?: string | undefined;
  /** The experiment is known by id: the alert joins its thread, under a card of its state at delivery. */
  threaded: boolean;
  /** Who set up the subscription: told once when the channel cannot be posted in. */
  subscribedBy?: string | undefined;
}

/**
 * An alert event as it is stored, every variant's fields optional; `event` below makes it one
 * variant. Jobs queued by an earlier version carry a stop's reason and comment as two fields of
 * their own: they are read into the one value, so alerts waiting across an upgrade keep them.
 */
const StoredEvent = z.object({
  action: z.enum([...LIFECYCLE_ACTIONS, 'create', 'edit', 'status']),
  experimentId: z.int().optional(),
  at: z.string().optional(),
  actorId: z.string().optional(),
  outside: z.object({ actor: z.string().optional() }).optional(),
  stop: StopReason.optional(),
  reason: ExperimentInterruptReason.optional(),
  comment: z.string().optional(),
  name: z.string().optional(),
  fields: z.array(z.string()).optional(),
  status: z.string().optional(),
  /** A scheduled action's: who scheduled it (src/slack/schedule). */
  scheduledBy: z.string().max(64).optional(),
  /** A lifecycle action whose outcome is unknown (AlertEvent says how it came to be). */
  unknown: z.union([z.literal(true), z.literal('app-stopped')]).optional(),
});
type StoredEvent = z.infer<typeof StoredEvent>;

/** The variant a stored event is, or undefined when it names no actor or lacks its variant's fields. */
function event(stored: StoredEvent): AlertEvent | undefined {
  const { experimentId, at } = stored;
  const who =
    stored.outside !== undefined
      ? { outside: { actor: stored.outside.actor } }
      : stored.actorId !== undefined
        ? { actorId: stored.actorId }
        : undefined;
  if (who === undefined) return undefined;
  if (stored.action === 'create')
    return { action: 'create', experimentId, name: stored.name ?? '', at, ...who };
  if (experimentId === undefined) return undefined;
  switch (stored.action) {
    case 'edit':
      return { action: 'edit', experimentId, fields: stored.fields ?? [], at, ...who };
    case 'status':
      return { action: 'status', experimentId, status: stored.status ?? '?', at, ...who };
    default: {
      const { reason, comment } = stored;
      const legacy = reason === undefined && comment === undefined ? undefined : { reason, comment };
      const scheduled = stored.scheduledBy === undefined ? {} : { scheduledBy: stored.scheduledBy };
      const unknown = stored.unknown === undefined ? {} : { unknown: stored.unknown };
      const stop = stored.stop ?? legacy;
      return { action: stored.action, experimentId, stop, at, ...who, ...scheduled, ...unknown };
    }
  }
}

const Workspace = z.object({ teamId: z.string(), enterpriseId: z.string().optional() });
const Target = { workspace: Workspace, scope: z.string(), channelId: z.string() };

const NoticeJobSchema = z.object({
  ...Target,
  notice: z.object({ text: z.string(), blocks: z.array(z.custom<KnownBlock>()) }),
});

const EventAlertJobSchema = z.object({
  ...Target,
  notice: z.undefined().optional(),
  event: StoredEvent.transform((stored, ctx): AlertEvent => {
    const read = event(stored);
    if (read === undefined) {
      ctx.addIssue({ code: 'custom', message: 'an alert event names no actor or lacks its fields' });
      return z.NEVER;
    }
    return read;
  }),
  originChannelId: z.string().optional(),
  threaded: z.boolean(),
  subscribedBy: z.string().optional(),
});

/** A queued alert read back, from this version or the previous one (see StoredEvent). */
export const AlertJob: z.ZodType<AlertJob> = z.union([NoticeJobSchema, EventAlertJobSchema]);
