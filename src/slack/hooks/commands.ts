import { workspaceKey, workspaceOnly } from '../../core/workspace.js';
import { safe } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { hooksMessage } from './hooks-message.js';

type RunHooksDeps = Pick<SlackDeps, 'audit' | 'hooks' | 'messages' | 'now' | 'publicUrl'>;

/** `/exp hooks [rotate]` (admins: the command chain checked). */
export async function runHooks(ctx: CommandContext<RunHooksDeps>, args: readonly string[]): Promise<void> {
  const { deps, command } = ctx;
  const word = args[0]?.toLowerCase();
  if (args.length > 1 || (word !== undefined && word !== 'rotate'))
    return ctx.ack(textMessage(deps.messages.hooks.usage({ word: safe(args.join(' '), 60) })));
  await ctx.ack();
  const workspace = workspaceOnly(ctx.workspace);
  const rotated = word === 'rotate';
  const hook = rotated
    ? await deps.hooks.rotate(workspace, command.user_id)
    : await deps.hooks.ensure(workspace);
  if (rotated)
    await deps.audit.record(workspaceKey(workspace), {
      userId: command.user_id,
      action: 'hooks-rotate',
      channelId: command.channel_id,
      decision: 'allowed',
      outcome: 'done',
    });
  await ctx.replier.ephemeral(
    hooksMessage({ hook, publicUrl: deps.publicUrl, now: deps.now(), rotated, messages: deps.messages }),
  );
}
