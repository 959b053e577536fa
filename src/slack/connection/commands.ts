import { isTeamChannel } from '../../core/connections.js';
import { workspaceKey, workspaceOnly } from '../../core/workspace.js';
import { channelMention } from '../blocks/escape.js';
import { loadingModal } from '../blocks/loading-modal.js';
import { modalOpenFailedMessage } from '../blocks/notice-modal.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { connectModal } from './connect-modal.js';
import { disconnectedMessage, notConnectedMessage, tokenInfoMessage, withNote } from './replies.js';

type OpenConnectModalDeps = Pick<
  SlackDeps,
  'connectPrefillUrl' | 'connections' | 'logger' | 'messages' | 'viewSeal'
>;

/**
 * `/exp connect` (admins; the command's middleware checked): the trigger lives 3 s and the admin
 * check already used some of it, so a loading modal opens first and the form replaces it once the
 * stored connection has been read.
 */
export async function openConnectModal(ctx: CommandContext<OpenConnectModalDeps>): Promise<void> {
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
  const stored = await deps.connections.describe(ctx.workspace, command.channel_id);
  const form = connectModal({
    channelId: command.channel_id,
    responseUrl: command.response_url,
    baseUrl: stored?.origin === 'stored' ? stored.baseUrl : deps.connectPrefillUrl,
    offerChannel: isTeamChannel(command.channel_id),
    channelSelected: stored?.identity === 'channel',
    messages: deps.messages,
  });
  const view = deps.viewSeal.seal(
    { purpose: 'connect', userId: command.user_id, workspace: ctx.workspace },
    form,
  );
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
export async function showToken(
  ctx: CommandContext<Pick<SlackDeps, 'connections' | 'messages' | 'now'>>,
): Promise<void> {
  const { deps } = ctx;
  await ctx.ack();
  const described = await deps.connections.describe(ctx.workspace, ctx.command.channel_id);
  if (!described) {
    await ctx.replier.ephemeral(notConnectedMessage({ messages: deps.messages }));
    return;
  }
  const info = tokenInfoMessage({
    baseUrl: described.baseUrl,
    expiresAt: described.expiresAt,
    scopes: described.scopes,
    state: described.state,
    connectedBy: described.connectedBy,
    connectedAt: described.connectedAt,
    now: deps.now(),
    messages: deps.messages,
  });
  await ctx.replier.ephemeral(
    withNote(
      info,
      deps.messages.identity.whichConnection({
        name: deps.messages.identity.identityName({
          identity: described.identity,
          channel: channelMention(ctx.command.channel_id),
        }),
      }),
    ),
  );
}

/** `/exp disconnect`: admins only; removes the stored connection of this workspace. */
export async function disconnect(
  ctx: CommandContext<Pick<SlackDeps, 'audit' | 'connections' | 'messages'>>,
): Promise<void> {
  const { deps, command } = ctx;
  await ctx.ack();
  // In a channel with its own (team's) connection, that one; elsewhere the workspace's.
  const described = await deps.connections.describe(ctx.workspace, command.channel_id);
  const owner =
    described?.identity === 'channel'
      ? { ...workspaceOnly(ctx.workspace), channelId: command.channel_id }
      : workspaceOnly(ctx.workspace);
  const removed = await deps.connections.disconnect(owner);
  await deps.audit.record(workspaceKey(ctx.workspace), {
    userId: command.user_id,
    action: 'disconnect',
    channelId: command.channel_id,
    decision: 'allowed',
    outcome: removed ? 'done' : 'not-connected',
    detail: described?.identity === 'channel' ? "the channel's own connection" : "the workspace's connection",
  });
  const name = deps.messages.identity.identityName({
    identity: described?.identity === 'channel' ? 'channel' : 'workspace',
    channel: channelMention(command.channel_id),
  });
  await ctx.replier.ephemeral(
    removed
      ? withNote(
          disconnectedMessage({ userId: command.user_id, messages: deps.messages }),
          deps.messages.identity.whichConnection({ name }),
        )
      : notConnectedMessage({ messages: deps.messages }),
  );
}
