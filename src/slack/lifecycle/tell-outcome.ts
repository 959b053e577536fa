import { InvalidTokenError } from '../../console/errors.js';
import type { ExperimentView } from '../../core/experiments/knowledge.js';
import type { OutcomeTeller } from '../../core/lifecycle/ports.js';
import type { LifecycleOutcome, LifecycleRequest } from '../../core/run-action.js';
import { platformErrorMessage } from '../blocks/error-message.js';
import type { SafeText } from '../blocks/escape.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import { notConnectedMessage } from '../connection/replies.js';
import type { SlackDeps } from '../deps.js';
import { experimentCard } from '../experiment/card.js';
import { cardLabels } from '../experiment/card-labels.js';
import { type Published, publishEvent } from '../experiment/publish.js';
import { statusText } from '../labels/label.js';
import { workspaceMessages } from '../locale/scope.js';
import type { Messages } from '../messages/index.js';
import { refuseBusy } from './busy-reply.js';
import { conflictLine, doneLine, howText, lastDoneLine } from './event-lines.js';
import type { LifecycleSurface } from './surface.js';

type LifecycleTellerDeps = Pick<
  SlackDeps,
  | 'actionSlots'
  | 'connections'
  | 'consoleLinks'
  | 'dictionaries'
  | 'knowledge'
  | 'logger'
  | 'locale'
  | 'messages'
  | 'metrics'
>;

/**
 * Tells each outcome of a lifecycle action where it was asked from: a done or refused action into the
 * experiment's thread in the channel (everyone sees it), a stale click by refreshing what was
 * clicked, the rest to the person alone. Says what it told, in one line.
 */
export function lifecycleTeller(
  deps: LifecycleTellerDeps,
  request: Pick<LifecycleRequest, 'action' | 'experimentId'>,
  surface: LifecycleSurface,
): OutcomeTeller<SafeText> {
  const { action, experimentId } = request;
  const leftRunning: Promise<void>[] = [];
  return {
    outcome: (outcome) =>
      tellOutcome(deps, surface, outcome, (published) => leftRunning.push(published.remembered)),
    settled: async () => void (await Promise.all(leftRunning)),
    busy: () => told(surface, refuseBusy(deps, action, experimentId)),
    crashed: (error) =>
      told(surface, platformErrorMessage(error, { action, experimentId, messages: deps.messages })),
    expiringSoon: (days) => surface.tell(textMessage(deps.messages.connection.expiringSoon({ days }))),
  };
}

type TellOutcomeDeps = Pick<
  SlackDeps,
  'connections' | 'consoleLinks' | 'dictionaries' | 'knowledge' | 'logger' | 'locale' | 'messages'
>;

/** The action's team connection, when the card goes to the channel it was asked from (else looked up). */
const readVia = (
  outcome: Extract<LifecycleOutcome, { kind: 'done' | 'conflict' }>,
  surface: LifecycleSurface,
) => (surface.channelId === outcome.request.channelId ? outcome.readVia : undefined);

/**
 * A done or refused action's line and card in the channel; what publishing left running goes to
 * `published`. A refusal changed nothing: the card keeps headlining the last action done.
 */
async function publishOutcome(
  deps: TellOutcomeDeps,
  surface: LifecycleSurface,
  outcome: Extract<LifecycleOutcome, { kind: 'done' | 'conflict' }>,
  line: (messages: Messages) => SafeText,
  published: (what: Published) => void,
): Promise<SafeText> {
  const { workspace } = outcome.request;
  const { record } = outcome.view;
  published(
    await publishEvent(deps, surface, {
      workspace,
      line,
      cardLine: outcome.kind === 'conflict' ? (m) => lastDoneLine(record, m) : undefined,
      view: outcome.view,
      readVia: readVia(outcome, surface),
    }),
  );
  // The channel's line: in the workspace's language (publish.ts), whoever asked.
  return line(workspaceMessages(deps));
}

async function tellOutcome(
  deps: TellOutcomeDeps,
  surface: LifecycleSurface,
  outcome: LifecycleOutcome,
  published: (what: Published) => void,
): Promise<SafeText> {
  const { messages } = deps;
  const { request } = outcome;
  const { action, experimentId } = request;
  switch (outcome.kind) {
    case 'done': {
      const line = (m: Messages) =>
        doneLine({
          action,
          experimentId,
          name: outcome.view.record.name?.value,
          userId: request.actorId,
          stop: request.stop,
          how: howText(request.asked, request.actorId, m),
          messages: m,
        });
      return publishOutcome(deps, surface, outcome, line, published);
    }
    case 'conflict': {
      // Everyone in the channel sees why the action was refused, not only the person who asked.
      const currentStatus = outcome.error.currentStatus;
      const line = (m: Messages) =>
        conflictLine({
          action,
          experimentId,
          name: outcome.view.record.name?.value,
          currentStatus,
          userId: request.actorId,
          how: howText(request.asked, request.actorId, m),
          messages: m,
        });
      return publishOutcome(deps, surface, outcome, line, published);
    }
    case 'stale':
      return tellStale(deps, surface, outcome);
    default:
      return told(surface, replyOf(outcome, messages));
  }
}

type TellStaleDeps = Pick<SlackDeps, 'connections' | 'consoleLinks' | 'dictionaries' | 'logger' | 'messages'>;

/** Nothing was sent: the state as known now is shown where the click happened. */
async function tellStale(
  deps: TellStaleDeps,
  surface: LifecycleSurface,
  outcome: Extract<LifecycleOutcome, { kind: 'stale' }>,
): Promise<SafeText> {
  const { request, view } = outcome;
  const note = deps.messages.experimentCard.stale({
    experimentId: request.experimentId,
    status: statusOf(view, deps.messages),
  });
  const card = experimentCard({
    view,
    note,
    link: deps.consoleLinks?.urlOf(request.experimentId),
    labels: await cardLabels(deps, request.workspace, [view.record], { channelId: request.channelId }),
    messages: deps.messages,
  });
  if (surface.refreshOrigin) await surface.refreshOrigin(card);
  else await surface.tell(card);
  return note;
}

/** What the person alone hears when nothing reached the channel. */
function replyOf(
  outcome: Exclude<LifecycleOutcome, { kind: 'done' | 'conflict' | 'stale' }>,
  messages: Messages,
): SlackMessage {
  const { action, experimentId } = outcome.request;
  switch (outcome.kind) {
    case 'not-connected':
      return notConnectedMessage({ messages });
    case 'unavailable':
      return textMessage(messages.errors.storeUnavailable({ action, experimentId }));
    case 'personal-required':
      return textMessage(messages.identity.personalRequired({ action }));
    case 'connection-invalid':
      return textMessage(
        outcome.unreadable
          ? messages.connection.unreadableWarning
          : outcome.identity === 'personal'
            ? messages.identity.personalInvalid
            : messages.errors.invalidToken,
      );
    case 'failed':
      // A person's own token refused: theirs to replace, not an admin's to reconnect.
      return outcome.identity === 'personal' && outcome.error instanceof InvalidTokenError
        ? textMessage(messages.identity.personalInvalid)
        : platformErrorMessage(outcome.error, { action, experimentId, messages });
  }
}

async function told(surface: LifecycleSurface, message: SlackMessage): Promise<SafeText> {
  await surface.tell(message);
  return message.text as SafeText;
}

function statusOf(view: ExperimentView, messages: Messages): SafeText | undefined {
  return view.record.status ? statusText(messages.labels, view.record.status.value) : undefined;
}
