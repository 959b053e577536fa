import type { webApi } from '@slack/bolt';
import { type CancelOutcome, cancelRequest } from '../../core/requests/cancel-request.js';
import { type WorkspaceRef, workspaceKey } from '../../core/workspace.js';
import { requestWhat, requestWhen } from '../approvals/request-message.js';
import { md, type SafeText, userMention } from '../blocks/escape.js';
import { type ExperimentNames, experimentNames, NO_NAMES } from '../experiment/names.js';
import type { Messages } from '../messages/index.js';
import type { ScheduleDeps } from './deps.js';
import { matchesTarget } from './list-message.js';

export interface CancelAsk {
  workspace: WorkspaceRef;
  client: webApi.WebClient;
  userId: string;
}

/**
 * Takes back one waiting request (scheduled, or waiting for approval): its author may, and so may
 * an admin (core/requests/cancel-request.ts); the first of a cancel and a run wins. The channel
 * hears of it (its approval message, its announcement); the person is answered here.
 */
export async function cancelOne(deps: ScheduleDeps, ask: CancelAsk, id: string): Promise<SafeText> {
  const outcome = await cancelRequest(deps.asking.ports(deps, ask.client), {
    scope: workspaceKey(ask.workspace),
    id,
    by: ask.userId,
  });
  const names =
    outcome.kind === 'not-found'
      ? NO_NAMES
      : await experimentNames(deps, outcome.request.scope, [outcome.request.what.experimentId]);
  return cancelText(deps.messages, outcome, ask.userId, names);
}

function cancelText(m: Messages, outcome: CancelOutcome, userId: string, names: ExperimentNames): SafeText {
  if (outcome.kind === 'not-found') return m.schedule.nothingToCancel({ experimentId: undefined });
  const what = requestWhat(outcome.request.what, m, names);
  switch (outcome.kind) {
    case 'not-allowed':
      return m.schedule.cancelNotAllowed({ what });
    case 'too-late':
      return m.schedule.tooLateToCancel({ what });
    case 'cancelled':
      return m.schedule.cancelled({
        user: userMention(userId),
        what,
        when: requestWhen(outcome.request) ?? md`—`,
      });
  }
}

/** `/exp unschedule ID [action]`: every matching waiting request is taken back; the answer says each. */
export async function cancelMatching(
  deps: ScheduleDeps,
  ask: CancelAsk,
  target: { experimentId: number; action?: string | undefined },
): Promise<SafeText[]> {
  const entries = (await deps.requests.waiting(workspaceKey(ask.workspace))).filter((e) =>
    matchesTarget(e, target.experimentId, target.action),
  );
  if (entries.length === 0)
    return [deps.messages.schedule.nothingToCancel({ experimentId: target.experimentId })];
  const lines: SafeText[] = [];
  for (const entry of entries) lines.push(await cancelOne(deps, ask, entry.id));
  return lines;
}
