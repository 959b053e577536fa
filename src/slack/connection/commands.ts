import { readJwtClaims } from '../../console/jwt-claims.js';
import { checkAdmin } from '../admin.js';
import { loadingModal } from '../blocks/loading-modal.js';
import { modalOpenFailedMessage, noticeModal } from '../blocks/notice-modal.js';
import type { CommandContext } from '../command/command-context.js';
import { connectModal } from './connect-modal.js';
import { adminOnlyMessage, disconnectedMessage, notConnectedMessage, tokenInfoMessage } from './replies.js';

/**
 * `/exp connect`: the loading modal opens first (the trigger lives 3 s and users.info may be slow),
 * then the admin check decides whether the form or a refusal replaces it.
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
  const admin = await checkAdmin(client, command.user_id, deps.adminUserIds, deps.logger);
  const stored = admin.allowed ? await deps.vault.get(ctx.workspace) : undefined;
  const view = admin.allowed
    ? connectModal({
        channelId: command.channel_id,
        responseUrl: command.response_url,
        baseUrl: stored?.baseUrl ?? deps.defaultBaseUrl,
        messages: deps.messages,
      })
    : noticeModal({
        title: deps.messages.modals.connect.adminOnlyTitle,
        text: deps.messages.connection.adminOnly,
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
  const { deps, command, client } = ctx;
  await ctx.ack();
  const admin = await checkAdmin(client, command.user_id, deps.adminUserIds, deps.logger);
  if (!admin.allowed) {
    await ctx.replier.ephemeral(adminOnlyMessage({ messages: deps.messages }));
    return;
  }
  const stored = await deps.vault.get(ctx.workspace);
  if (stored) {
    await ctx.replier.ephemeral(
      tokenInfoMessage({
        baseUrl: stored.baseUrl,
        expiresAt: stored.expiresAt ? new Date(stored.expiresAt) : undefined,
        scopes: stored.scopes,
        state: stored.state,
        connectedBy: stored.connectedBy,
        connectedAt: new Date(stored.connectedAt),
        now: deps.now(),
        messages: deps.messages,
      }),
    );
    return;
  }
  const fallback = deps.defaultConnection;
  if (fallback) {
    const claims = fallback.token ? readJwtClaims(fallback.token) : undefined;
    await ctx.replier.ephemeral(
      tokenInfoMessage({
        baseUrl: fallback.baseUrl,
        expiresAt: claims?.expiresAt,
        scopes: claims?.scopes,
        state: 'active',
        now: deps.now(),
        messages: deps.messages,
      }),
    );
    return;
  }
  await ctx.replier.ephemeral(notConnectedMessage({ messages: deps.messages }));
}

/** `/exp disconnect`: admins only; removes the stored connection of this workspace. */
export async function disconnect(ctx: CommandContext): Promise<void> {
  const { deps, command, client } = ctx;
  await ctx.ack();
  const admin = await checkAdmin(client, command.user_id, deps.adminUserIds, deps.logger);
  if (!admin.allowed) {
    await ctx.replier.ephemeral(adminOnlyMessage({ messages: deps.messages }));
    return;
  }
  const removed = await deps.vault.remove(ctx.workspace);
  await ctx.replier.ephemeral(
    removed
      ? disconnectedMessage({ userId: command.user_id, messages: deps.messages })
      : notConnectedMessage({ messages: deps.messages }),
  );
}
