import type { FieldMapping } from '../../core/experiment-fields.js';
import type { LifecycleAction } from '../../core/lifecycle-action.js';
import type { StopReason } from '../../core/stop-reason.js';
import type { SafeText } from '../blocks/escape.js';
import {
  channelMention,
  isSlackChannelId,
  joinSafe,
  md,
  safe,
  slackDate,
  userMention,
} from '../blocks/escape.js';
import { context, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import { payloadFieldText } from '../experiment-form/payload-field-labels.js';
import { experimentRef, statusText } from '../labels/label.js';
import { stopDetails } from '../lifecycle/event-lines.js';
import type { Messages } from '../messages/index.js';
import { SUBSCRIPTION_BLOCKS } from './ids.js';

/** Something that happened to an experiment, as subscribed channels hear of it. */
export type AlertEvent = (
  | {
      action: LifecycleAction;
      experimentId: number;
      stop?: StopReason | undefined;
      /**
       * Whether it applied is unknown (an urgent alert, never held): true when it was sent and not
       * answered; 'app-stopped' when the process running it stopped before it heard back.
       */
      unknown?: true | 'app-stopped' | undefined;
    }
  | { action: 'create'; experimentId: number | undefined; name: string }
  | { action: 'edit'; experimentId: number; fields: readonly string[] }
  /** Only from inbound events: a status with no action named. */
  | { action: 'status'; experimentId: number; status: string }
) /** When it happened (ISO); shown in the alert, which the queue may deliver later. */ & {
  at?: string | undefined;
  /** A scheduled action: who scheduled it (src/slack/schedule). */
  scheduledBy?: string | undefined;
} /** A Slack user for actions taken through the app; a sender's free text for inbound events. */ & (
    | { actorId: string; outside?: undefined }
    | { outside: { actor: string | undefined }; actorId?: undefined }
  );

/** Fields listed for an edit, by their form labels; an ellipsis stands for the rest (the section stays short). */
const FIELDS_SHOWN = 30;

export interface AlertMessageInput {
  event: AlertEvent;
  /** The channel the action came from; linked when it is a channel id, left out otherwise. */
  originChannelId: string | undefined;
  /** The experiment's name as the app knows it (its record); the alert then names it first. */
  experimentName?: string | undefined;
  /** This platform's payload field names (EXPERIMENT_FIELD_*): an edit's fields read as the form labels them. */
  fieldMapping?: FieldMapping | undefined;
  messages: Messages;
}

/**
 * The alert posted in subscribed channels when the experiment is not known by id (a create whose
 * answer carried none): who did what and where. Known experiments get their alerts in the
 * experiment's thread of each channel instead (alertLine), under a card of the current state.
 */
export function alertMessage(input: AlertMessageInput): SlackMessage {
  const lines = alertLines(input);
  return message(fallbackText(lines), [
    section(joinSafe(lines), SUBSCRIPTION_BLOCKS.alertSummary),
    context([input.messages.alerts.footer], SUBSCRIPTION_BLOCKS.alertFooter),
  ]);
}

/** The alert as one entry of an experiment's thread (the parent card shows the state and buttons). */
export function alertLine(input: AlertMessageInput): SafeText {
  return joinSafe(alertLines(input));
}

function alertLines(input: AlertMessageInput): SafeText[] {
  const { event, messages } = input;
  const user =
    event.outside !== undefined
      ? messages.alerts.outsideActor({
          actor: event.outside.actor === undefined ? undefined : safe(event.outside.actor, 100),
        })
      : userMention(event.actorId);
  const origin =
    input.originChannelId !== undefined && isSlackChannelId(input.originChannelId)
      ? channelMention(input.originChannelId)
      : undefined;
  const lines = whatHappened(input, user, origin);
  const at = event.at === undefined ? undefined : new Date(event.at);
  const when = at !== undefined && !Number.isNaN(at.getTime()) ? slackDate(at) : undefined;
  if (event.scheduledBy !== undefined)
    lines.push(messages.schedule.scheduledBy({ user: userMention(event.scheduledBy) }));
  if (event.outside !== undefined || when !== undefined)
    lines.push(messages.alerts.source({ event: event.outside !== undefined, when }));
  return lines;
}

/** The event's own lines: who did what to which experiment (named first where its name is known). */
function whatHappened(input: AlertMessageInput, user: SafeText, origin: SafeText | undefined): SafeText[] {
  const { event, messages } = input;
  const a = messages.alerts;
  switch (event.action) {
    case 'create': {
      const experiment = experimentRef(event.experimentId, event.name.trim() || input.experimentName);
      return [a.created({ user, experiment, origin })];
    }
    case 'edit': {
      const shown = event.fields
        .slice(0, FIELDS_SHOWN)
        .map((f) => payloadFieldText(f, messages, input.fieldMapping));
      if (event.fields.length > FIELDS_SHOWN) shown.push(md`…`);
      const fields = joinSafe(shown, md`, `);
      const experiment = experimentRef(event.experimentId, input.experimentName);
      return [a.updated({ user, experiment, fields, origin })];
    }
    case 'status':
      return [
        a.statusChanged({
          user: event.outside?.actor === undefined ? undefined : user,
          experiment: experimentRef(event.experimentId, input.experimentName),
          status: statusText(messages.labels, event.status),
        }),
      ];
    default: {
      const experiment = experimentRef(event.experimentId, input.experimentName);
      if (event.unknown !== undefined) {
        const { action, experimentId: id } = event;
        const appStopped = event.unknown === 'app-stopped';
        return [a.unknownOutcome({ action, user, experiment, origin, id, appStopped })];
      }
      const details = event.action === 'stop' ? stopDetails(event.stop, messages) : undefined;
      const line = a.lifecycle({ action: event.action, user, experiment, origin });
      return details === undefined ? [line] : [line, details];
    }
  }
}
