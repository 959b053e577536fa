import { matchesTarget } from '../../core/schedule/scheduled-action.js';
import { type WorkspaceRef, workspaceKey, workspaceOnly } from '../../core/workspace.js';
import type { SafeText } from '../blocks/escape.js';
import type { SlackDeps } from '../deps.js';
import { scheduledLines } from './list-message.js';

/** The card's lines of what is scheduled for an experiment; none when the store cannot say. */
export async function scheduledFor(
  deps: Pick<SlackDeps, 'logger' | 'messages' | 'schedules'>,
  workspace: WorkspaceRef,
  experimentId: number,
): Promise<SafeText[]> {
  try {
    const entries = await deps.schedules.list(workspaceKey(workspaceOnly(workspace)));
    return scheduledLines(
      entries.filter((e) => matchesTarget(e, experimentId)),
      deps.messages,
    );
  } catch (error) {
    deps.logger.warn('scheduled actions could not be read for a card', { error });
    return [];
  }
}
