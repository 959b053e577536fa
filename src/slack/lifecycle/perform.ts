import { InvalidTokenError } from '../../console/errors.js';
import type { Identity } from '../../core/connections.js';
import type { ExperimentView } from '../../core/experiments/knowledge.js';
import type { LifecycleOutcome, LifecycleRequest } from '../../core/run-action.js';
import { runLifecycleAction } from '../../core/run-action.js';
import { workspaceKey } from '../../core/workspace.js';
import { platformErrorMessage } from '../blocks/error-message.js';
import { escapeMrkdwn, md, type SafeText, safe } from '../blocks/escape.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import { expiryOf, notConnectedMessage } from '../connection/replies.js';
import type { SlackDeps } from '../deps.js';
import { experimentCard } from '../experiment/card.js';
import { cardLabels } from '../experiment/card-labels.js';
import { publishEvent } from '../experiment/publish.js';
import { notifySubscribers } from '../subscriptions/notify-subscribers.js';
import { BUSY_AUDIT, refuseBusy } from './busy-reply.js';
import { conflictLine, doneLine, STATUS_DISPLAY_MAX } from './event-lines.js';
import type { LifecycleSurface } from './surface.js';

/**
 * The one path every lifecycle trigger takes (slash command, button, stop modal): run the action,
 * then tell the channel what happened (into the experiment's thread, whose parent shows the current
 * state) or the person what went wrong. A done action is then alerted to the subscribed channels.
 */
export interface PerformedLifecycle {
  kind: LifecycleOutcome['kind'] | 'crashed' | 'busy';
  /** What happened, in one line (the channel's, or what the person was told). */
  line: SafeText;
  /** Whose token acted, when one did (for the audit trail). */
  identity?: Identity | undefined;
}

export async function performLifecycle(
  deps: SlackDeps,
  request: LifecycleRequest,
  surface: LifecycleSurface,
  /** The caller already took one of the process's action slots for it (given back here); else one is taken here. */
  slotHeld = false,
): Promise<PerformedLifecycle> {
  let outcome = 'crashed';
  let identity: Identity | undefined;
  try {
    const performed = await performAndTell(deps, request, surface, slotHeld);
    outcome = performed.kind;
    identity = performed.identity;
    return performed;
  } finally {
    await deps.audit.record(workspaceKey(request.workspace), {
      userId: request.actorId,
      action: request.action,
      experimentId: request.experimentId,
      channelId: request.channelId,
      ...(outcome === 'busy' ? BUSY_AUDIT : { decision: 'allowed' as const, outcome }),
      ...(identity ? { identity } : {}),
      ...(request.grant.approval
        ? {
            approval: {
              requestId: request.grant.approval.requestId,
              state: 'approved' as const,
              requestedBy: request.grant.approval.requestedBy,
            },
          }
        : {}),
    });
  }
}

async function performAndTell(
  deps: SlackDeps,
  request: LifecycleRequest,
  surface: LifecycleSurface,
  slotHeld: boolean,
): Promise<PerformedLifecycle> {
  // Bounded: with a platform that hangs, acked actions would otherwise pile up without limit.
  const workspace = workspaceKey(request.workspace);
  if (!slotHeld && !deps.actionSlots.tryTake(workspace)) {
    return told(surface, 'busy', refuseBusy(deps, request.action, request.experimentId));
  }
  const sent: SentIntent = { intent: undefined };
  try {
    return await runAndTell(deps, request, surface, sent);
  } finally {
    // Telling failed or threw before endTold: the outcome is known here, so the intent goes anyway.
    await endTold(deps, sent);
    deps.actionSlots.give(workspace);
  }
}

interface SentIntent {
  intent: string | undefined;
}

/**
 * The action is no longer "in flight" once its outcome is told. Ended right after the telling
 * message, before alerts and reminders: a process killed after telling but before the end would
 * otherwise also be reported as "outcome unknown" by the sweep (test/durability.test.ts saw it
 * under load). The gap left is between Slack's answer and the store's delete.
 */
async function endTold(deps: SlackDeps, sent: SentIntent): Promise<void> {
  const id = sent.intent;
  if (id === undefined) return;
  sent.intent = undefined;
  await deps.intents.end(id);
}

async function runAndTell(
  deps: SlackDeps,
  request: LifecycleRequest,
  surface: LifecycleSurface,
  sent: SentIntent,
): Promise<PerformedLifecycle> {
  const { messages } = deps;
  const { action, experimentId } = request;
  let outcomeKind = 'crashed';
  try {
    const outcome = await runLifecycleAction(
      {
        connections: deps.connections,
        knowledge: deps.knowledge,
        logger: deps.logger,
        intents: deps.intents,
      },
      request,
    );
    outcomeKind = outcome.kind;
    if (outcome.kind === 'done' || outcome.kind === 'conflict' || outcome.kind === 'failed') {
      sent.intent = outcome.intent;
      if (outcome.intent !== undefined)
        await deps.intents.telling(outcome.intent, outcome.kind === 'done' ? 'done' : 'not-done');
    }
    switch (outcome.kind) {
      case 'done': {
        const { reason, comment } = request.stop ?? {};
        const line = doneLine({ action, experimentId, userId: request.actorId, reason, comment, messages });
        try {
          await publishEvent(deps, surface, { workspace: request.workspace, line, view: outcome.view });
          await endTold(deps, sent);
          await remindOfExpiry(deps, outcome.scope, outcome.tokenExpiresAt, surface);
          return { kind: 'done', line, identity: outcome.identity };
        } finally {
          // The action happened whatever became of the replies: subscribers hear of it regardless.
          await notifySubscribers(
            deps,
            request.workspace,
            { channelId: surface.channelId },
            { action, experimentId, actorId: request.actorId, reason, comment },
            outcome.view,
          );
        }
      }
      case 'conflict': {
        // Everyone in the channel sees why the action was refused, not only the person who asked.
        const line = conflictLine({
          action,
          experimentId,
          currentStatus: outcome.error.currentStatus,
          userId: request.actorId,
          messages,
        });
        await publishEvent(deps, surface, { workspace: request.workspace, line, view: outcome.view });
        return { kind: 'conflict', line, identity: outcome.identity };
      }
      case 'stale': {
        // Nothing was sent: show the state as known now, where the click happened.
        const card = experimentCard({
          view: outcome.view,
          note: messages.experimentCard.stale({ experimentId, status: statusOf(outcome.view) }),
          link: deps.consoleLinks?.urlOf(experimentId),
          labels: await cardLabels(deps, request.workspace, [outcome.view.record], {
            channelId: request.channelId,
          }),
          messages,
        });
        if (surface.refreshOrigin) await surface.refreshOrigin(card);
        else await surface.tell(card);
        return {
          kind: 'stale',
          line: messages.experimentCard.stale({ experimentId, status: statusOf(outcome.view) }),
        };
      }
      case 'not-connected':
        return told(surface, 'not-connected', notConnectedMessage({ messages }));
      case 'unavailable':
        return told(
          surface,
          'unavailable',
          textMessage(
            messages.errors.storeUnavailable({ action: md`*${escapeMrkdwn(action)}*`, experimentId }),
          ),
        );
      case 'personal-required':
        return told(
          surface,
          'personal-required',
          textMessage(messages.identity.personalRequired({ action })),
        );
      case 'connection-invalid':
        return {
          ...(await told(
            surface,
            'connection-invalid',
            textMessage(
              outcome.unreadable
                ? messages.connection.unreadableWarning
                : outcome.identity === 'personal'
                  ? messages.identity.personalInvalid
                  : messages.errors.invalidToken,
            ),
          )),
          identity: outcome.identity,
        };
      case 'failed':
        return {
          ...(await told(
            surface,
            'failed',
            // A person's own token refused: theirs to replace, not an admin's to reconnect.
            outcome.identity === 'personal' && outcome.error instanceof InvalidTokenError
              ? textMessage(messages.identity.personalInvalid)
              : platformErrorMessage(outcome.error, { action, experimentId, messages }),
          )),
          identity: outcome.identity,
        };
    }
  } catch (error) {
    deps.logger.error('lifecycle flow failed', { error, action, experimentId });
    return told(surface, 'crashed', platformErrorMessage(error, { action, experimentId, messages }));
  } finally {
    deps.metrics.inc('exp_lifecycle_total', { action, outcome: outcomeKind });
  }
}

async function told(
  surface: LifecycleSurface,
  kind: PerformedLifecycle['kind'],
  message: SlackMessage,
): Promise<PerformedLifecycle> {
  await surface.tell(message);
  return { kind, line: message.text as SafeText };
}

function statusOf(view: ExperimentView): SafeText | undefined {
  return view.record.status ? safe(view.record.status.value, STATUS_DISPLAY_MAX) : undefined;
}

/**
 * The token's expiry is mandatory and nothing else warns people before lifecycle actions start
 * failing: once a day per workspace, the person who acted hears that the token runs out soon.
 */
async function remindOfExpiry(
  deps: SlackDeps,
  scope: string,
  expiresAt: Date | undefined,
  surface: LifecycleSurface,
): Promise<void> {
  const now = deps.now();
  const expiry = expiryOf(expiresAt, now);
  if (expiry.kind !== 'valid' || !expiry.soon) return;
  const day = now.toISOString().slice(0, 10);
  if (!(await deps.locks.claim(`expiry-reminder:${scope}:${day}`, 24 * 60 * 60 * 1000))) return;
  await surface.tell(textMessage(deps.messages.connection.expiringSoon({ days: expiry.days })));
}
