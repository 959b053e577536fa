import type { Logger } from '../../observability/logger.js';
import type { WorkspaceRef } from '../workspace.js';
import type { HookStore } from './hook-store.js';

/**
 * At start: the configured workspace's hook, seeded with LIFECYCLE_HOOK_SECRET if none is stored
 * yet. A stored secret that differs (an admin rotated it, or the variable was changed since it
 * seeded the hook) wins, whatever the variable says now: applying the variable at each start would
 * undo a rotation and revive a leaked secret with no expiry. The operator is warned instead, since
 * senders configured with the variable's value are refused (once the grace of a rotation is over).
 */
export async function seedConfiguredHook(input: {
  hooks: HookStore;
  workspace: WorkspaceRef;
  secret: string;
  logger: Logger;
  now: Date;
}): Promise<void> {
  const { hooks, secret } = input;
  const hook = await hooks.ensure(input.workspace);
  if (hook.secret === secret) return;
  const inGrace = hook.previous?.secret === secret && hooks.secretsOf(hook, input.now).includes(secret);
  input.logger.warn(
    'LIFECYCLE_HOOK_SECRET is ignored: the hook already has another secret stored, ' +
      'which wins (it seeds the hook only once). Senders must sign with the secret /exp hooks shows; ' +
      'run /exp hooks rotate to replace it.',
    {
      hookId: hook.hookId,
      ...(hook.rotatedAt ? { rotatedAt: hook.rotatedAt, rotatedBy: hook.rotatedBy } : {}),
      // The rotation's grace still lets the variable's value through, until then.
      ...(inGrace ? { acceptedUntil: hook.previous?.until } : {}),
    },
  );
}
