import { type WorkspaceRef, workspaceKey, workspaceOnly } from '../../core/workspace.js';
import type { SafeText } from '../blocks/escape.js';
import type { SlackDeps } from '../deps.js';
import { matchesTarget, scheduledLines } from './list-message.js';

/** The card's lines of what is scheduled for an experiment; none when the store cannot say. */
export async function scheduledFor(
  deps: Pick<SlackDeps, 'logger' | 'messages' | 'requests'>,
  workspace: WorkspaceRef,
  experimentId: number,
): Promise<SafeText[]> {
  try {
    const entries = await deps.requests.waiting(workspaceKey(workspaceOnly(workspace)));
    return scheduledLines(
      entries.filter((e) => matchesTarget(e, experimentId)),
      deps.messages,
    );
  } catch (error) {
    deps.logger.warn('scheduled actions could not be read for a card', { error });
    return [];
  }
}
