import { workspaceKey } from '../../lifecycle/workspace.js';
import { loadingModal } from '../blocks/loading-modal.js';
import { modalOpenFailedMessage } from '../blocks/notice-modal.js';
import type { CommandContext } from '../command/command-context.js';
import { connectModal } from './connect-modal.js';
import { disconnectedMessage, notConnectedMessage, tokenInfoMessage } from './replies.js';

/**
 * `/exp connect` (admins; the command's middleware checked): the trigger lives 3 s and the admin
 * check already used some of it, so a loading modal opens first and the form replaces it once the
 * stored connection has been read.
 */
export async function openConnectModal(ctx: CommandContext): Promise<void> {
  const { deps, command, client } = ctx;
  await ctx.ack();
  let viewId: string | undefined;
  try {
    const opened = await client.views.open({
      trigger_id: command.trigger_id,
      view: loadingModal({ title: deps.messages.modals.connect.title, messages: deps.messages }),
    });
    viewId = opened.view?.id;
  } catch (error) {
    deps.logger.warn('views.open failed for the connect modal', { error });
    await ctx.replier.ephemeral(modalOpenFailedMessage({ error, messages: deps.messages }));
    return;
  }
  if (!viewId) return;
  const stored = await deps.connections.describe(ctx.workspace);
  const view = connectModal({
    channelId: command.channel_id,
    responseUrl: command.response_url,
    baseUrl: stored?.origin === 'stored' ? stored.baseUrl : deps.connectPrefillUrl,
    messages: deps.messages,
  });
  try {
    await client.views.update({ view_id: viewId, view });
  } catch (error) {
    deps.logger.warn('views.update failed for the connect modal', { error });
  }
}

/**
 * `/exp token` (admins): where the workspace is connected, until when, with which scopes — never the
 * token itself.
 */
export async function showToken(ctx: CommandContext): Promise<void> {
  const { deps } = ctx;
  await ctx.ack();
  const described = await deps.connections.describe(ctx.workspace);
  if (!described) {
    await ctx.replier.ephemeral(notConnectedMessage({ messages: deps.messages }));
    return;
  }
  await ctx.replier.ephemeral(
    tokenInfoMessage({
      baseUrl: described.baseUrl,
      expiresAt: described.expiresAt,
      scopes: described.scopes,
      state: described.state,
      connectedBy: described.connectedBy,
      connectedAt: described.connectedAt,
      now: deps.now(),
      messages: deps.messages,
    }),
  );
}

/** `/exp disconnect`: admins only; removes the stored connection of this workspace. */
export async function disconnect(ctx: CommandContext): Promise<void> {
  const { deps, command } = ctx;
  await ctx.ack();
  const removed = await deps.connections.disconnect(ctx.workspace);
  await deps.audit.record(workspaceKey(ctx.workspace), {
    userId: command.user_id,
    action: 'disconnect',
    channelId: command.channel_id,
    decision: 'allowed',
    outcome: removed ? 'done' : 'not-connected',
  });
  await ctx.replier.ephemeral(
    removed
      ? disconnectedMessage({ userId: command.user_id, messages: deps.messages })
      : notConnectedMessage({ messages: deps.messages }),
  );
}
