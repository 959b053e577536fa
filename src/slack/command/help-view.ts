import type { WorkspacePolicy } from '../../core/policy/policy.js';
import { workspaceKey } from '../../core/workspace.js';
import type { SlackDeps } from '../deps.js';
import type { CommandContext } from './command-context.js';
import type { HelpView } from './help-message.js';

/**
 * Help is answered in the ack, so what it reads of the person and the policy is bounded: past this,
 * every command is shown. The person is the access gate's remembered look-up (users.info, a minute).
 */
const HELP_LOOKUP_MS = 1_500;

export type HelpViewDeps = Pick<SlackDeps, 'actors' | 'logger' | 'policies'>;

/** Which help the person gets: theirs, every command marked (`all`), or every command when unread. */
export async function helpView(ctx: CommandContext<HelpViewDeps>, all: boolean): Promise<HelpView> {
  const policy = readPolicy(ctx);
  if (all) return { kind: 'all', policy: await policy };
  const [actor, read] = await Promise.all([
    ctx.deps.actors
      .actor(ctx.client, ctx.workspace, ctx.command.user_id, [], HELP_LOOKUP_MS)
      .catch(() => undefined),
    policy,
  ]);
  return actor && read ? { kind: 'mine', reader: { actor, policy: read } } : { kind: 'unfiltered' };
}

/** The workspace's policy, or undefined when the store fails or is slow: help still answers. */
async function readPolicy(ctx: CommandContext<HelpViewDeps>): Promise<WorkspacePolicy | undefined> {
  const { deps } = ctx;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), HELP_LOOKUP_MS);
  });
  const read = deps.policies.get(workspaceKey(ctx.workspace)).catch((error: unknown) => {
    deps.logger.warn('the policy could not be read; the help shows every command', { error });
    return undefined;
  });
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}
