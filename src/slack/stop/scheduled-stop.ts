import type { webApi } from '@slack/bolt';
import { isEmptyStopReason, type StopReason } from '../../core/stop-reason.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { Permit } from '../access/gate.js';
import type { LifecycleSurface } from '../lifecycle/surface.js';
import { type ScheduleActionDeps, scheduleAction } from '../schedule/schedule-action.js';
import type { StopModalMetadata } from './ids.js';

type ScheduleStopDeps = ScheduleActionDeps;

/** The stop modal with its "when" filled in: the stop is scheduled (or the time refused), not run. */
export async function scheduleStop(
  deps: ScheduleStopDeps,
  input: {
    workspace: WorkspaceRef;
    client: webApi.WebClient;
    userId: string;
    metadata: StopModalMetadata;
    stop: StopReason;
    when: string;
    permit: Permit;
    surface: LifecycleSurface;
  },
): Promise<void> {
  await scheduleAction(deps, {
    workspace: input.workspace,
    client: input.client,
    userId: input.userId,
    channelId: input.metadata.channelId,
    action: 'stop',
    experimentId: input.metadata.experimentId,
    stop: isEmptyStopReason(input.stop) ? undefined : input.stop,
    when: input.when.split(/\s+/),
    permit: input.permit,
    tell: input.surface.tell,
    inChannelFallback: input.surface.inChannelFallback,
  });
}
