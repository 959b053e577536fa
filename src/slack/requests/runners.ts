import { registerExposure } from '../../core/assignment.js';
import type { Grant } from '../../core/policy/grant.js';
import type { ActionRequest } from '../../core/requests/action-request.js';
import type { RunAllowed, RunResult } from '../../core/requests/ports.js';
import type { AskedHow } from '../../core/run-action.js';
import { stopReasonOfRequest } from '../../core/stop-reason.js';
import { workspaceKey } from '../../core/workspace.js';
import { KNOWN_PLATFORMS } from '../../splitter/schemas.js';
import type { SlackMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import type { PerformedLifecycle } from '../lifecycle/lifecycle-service.js';
import type { PerformLifecycleDeps } from '../lifecycle/perform.js';
import type { LifecycleSurface } from '../lifecycle/surface.js';
import { splitterFailureMessage } from '../splitter/error-messages.js';
import { exposeDoneMessage } from '../splitter/expose-message.js';

/** What only the asking surface knows of a lifecycle run (a card's status, a command's receipt and slot). */
export interface LifecycleRunExtras {
  /** The status the clicked message was built for (a stale click is not sent blindly). */
  expectedStatus?: string | null | undefined;
  /** A command's receipt, written before its ack. */
  receipt?: string | undefined;
  /** The command already holds one of the process's action slots for it. */
  slotHeld?: boolean | undefined;
}

/** A lifecycle request run through the one lifecycle path, told where `surface` says. */
export function lifecycleRunner(
  deps: PerformLifecycleDeps,
  surface: LifecycleSurface,
  extras: LifecycleRunExtras = {},
): RunAllowed {
  return async (request, grant) => {
    const { action, experimentId, stop } = request.what;
    if (action === 'expose' || experimentId === undefined)
      return { state: 'failed', why: 'not-a-lifecycle-action' };
    const performed = await deps.lifecycle.perform(
      deps,
      {
        workspace: { teamId: request.teamId, enterpriseId: request.enterpriseId },
        action,
        experimentId,
        stop: stop === undefined ? undefined : stopReasonOfRequest(stop),
        // The requester's: after an approval their token acts, and the results name them.
        actorId: request.requestedBy,
        channelId: request.channelId,
        grant,
        expectedStatus: extras.expectedStatus,
        receipt: extras.receipt,
        // A stored request (approved, or due) is named in the run's intent; one run now is not stored.
        storedRequest: storedRequestOf(request),
        scheduledBy: request.runAt === undefined ? undefined : request.requestedBy,
        asked: askedHow(request),
      },
      surface,
      extras.slotHeld,
    );
    return { ...resultOf(performed), written: performed.releaseIntent };
  };
}

/**
 * The stored request a run names in its intent (so the sweep ends it): an approved or due one, by the
 * scope it is stored under (not one made from its channel); a run now is not stored.
 */
export function storedRequestOf(request: ActionRequest): { scope: string; id: string } | undefined {
  if (request.runAt === undefined && request.approval === undefined) return undefined;
  return { scope: request.scope, id: request.id };
}

function askedHow(request: ActionRequest): AskedHow | undefined {
  const approvedBy = request.approval?.decidedBy;
  const viaWorkflow = request.surface === 'workflow';
  if (approvedBy === undefined && request.runAt === undefined && !viaWorkflow) return undefined;
  return { approvedBy, runAt: request.runAt, timeZone: request.timeZone, viaWorkflow };
}

/** The request's last state from what the lifecycle path made of it. */
function resultOf(performed: Pick<PerformedLifecycle, 'kind' | 'why' | 'unknown'>): RunResult {
  if (performed.kind === 'done') return { state: 'done' };
  if (performed.unknown) return { state: 'outcome-unknown', why: performed.why ?? performed.kind };
  return { state: 'failed', why: performed.why === undefined ? performed.kind : `failed:${performed.why}` };
}

type ExposeRunDeps = Pick<SlackDeps, 'audit' | 'connections' | 'logger' | 'messages' | 'splitter'>;

/**
 * An exposure request registered with the splitter, audited, and its outcome handed to `tell` as
 * a message (the person's own, or the approval's).
 */
export function exposeRunner(
  deps: ExposeRunDeps,
  tell: (message: SlackMessage, registered: boolean) => Promise<void>,
): RunAllowed {
  return async (request: ActionRequest, grant: Grant): Promise<RunResult> => {
    const e = request.what.expose;
    if (!e) return { state: 'failed', why: 'no-exposure' };
    const participant = {
      ...(e.participant.userId == null ? {} : { userId: e.participant.userId }),
      ...(e.participant.visitorId == null ? {} : { visitorId: e.participant.visitorId }),
    };
    const scope = workspaceKey({ teamId: request.teamId, enterpriseId: request.enterpriseId });
    const outcome = await registerExposure(
      deps,
      { experimentLabel: e.label, platform: { id: e.platformId }, participant },
      { grant, scope },
    );
    await deps.audit.record(scope, {
      userId: request.requestedBy,
      action: 'expose',
      channelId: request.channelId,
      decision: 'allowed',
      outcome: outcome.kind,
      detail: e.label,
      ...(request.approval?.decidedBy
        ? { approval: { requestId: request.id, state: 'approved', requestedBy: request.requestedBy } }
        : {}),
    });
    const registered = outcome.kind === 'registered';
    await tell(
      registered
        ? exposeDoneMessage({
            label: e.label,
            platform: { id: e.platformId, name: KNOWN_PLATFORMS.get(e.platformId) },
            participant,
            userId: request.requestedBy,
            messages: deps.messages,
          })
        : splitterFailureMessage(outcome, deps.messages),
      registered,
    );
    return registered ? { state: 'done' } : { state: 'failed', why: outcome.kind };
  };
}
