import { isTeamChannel } from '../../core/connections.js';
import { POLICY_ACTIONS } from '../../core/policy/policy.js';
import { workspaceKey, workspaceOnly } from '../../core/workspace.js';
import { textMessage } from '../blocks/message.js';
import { modalOpenFailedMessage } from '../blocks/notice-modal.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { currentLanguage } from './language.js';
import { loginModal } from './login-modal.js';
import { whoamiMessage } from './whoami-message.js';

type OpenLoginModalDeps = Pick<SlackDeps, 'connections' | 'logger' | 'messages' | 'viewSeal'>;

/**
 * `/exp login`: the person's own token for the platform this channel's team connection reaches
 * (its base URL is fixed in the modal; a personal token for another platform would be surprising).
 */
export async function openLoginModal(ctx: CommandContext<OpenLoginModalDeps>): Promise<void> {
  const { deps, command, client } = ctx;
  const team = await deps.connections.describe(ctx.workspace, command.channel_id);
  if (!team) return ctx.ack(textMessage(deps.messages.identity.login.noConnection));
  await ctx.ack();
  try {
    await client.views.open({
      trigger_id: command.trigger_id,
      // The base URL it names is where the person's token will be sent: sealed to them (view-seal/).
      view: deps.viewSeal.seal(
        { purpose: 'login', userId: command.user_id, workspace: ctx.workspace },
        loginModal({
          channelId: command.channel_id,
          baseUrl: team.baseUrl,
          channelConnection: team.identity === 'channel' && isTeamChannel(command.channel_id),
          messages: deps.messages,
        }),
      ),
    });
  } catch (error) {
    deps.logger.warn('views.open failed for the login modal', { error });
    await ctx.replier.ephemeral(modalOpenFailedMessage({ error, messages: deps.messages }));
  }
}

/** `/exp logout`: deletes the person's own token; their actions use the team's connection again. */
export async function logout(
  ctx: CommandContext<Pick<SlackDeps, 'audit' | 'connections' | 'messages'>>,
): Promise<void> {
  const { deps, command } = ctx;
  await ctx.ack();
  const removed = await deps.connections.disconnect({
    ...workspaceOnly(ctx.workspace),
    userId: command.user_id,
  });
  await deps.audit.record(workspaceKey(ctx.workspace), {
    userId: command.user_id,
    action: 'logout',
    channelId: command.channel_id,
    decision: 'allowed',
    outcome: removed ? 'done' : 'not-logged-in',
  });
  await ctx.replier.ephemeral(
    textMessage(removed ? deps.messages.identity.loggedOut : deps.messages.identity.notLoggedIn),
  );
}

/** `/exp whoami`: whose token this person's actions use in this channel, and why. */
export async function whoami(
  ctx: CommandContext<Pick<SlackDeps, 'connections' | 'locale' | 'messages' | 'policies'>>,
): Promise<void> {
  const { deps, command } = ctx;
  await ctx.ack();
  const [acting, personal, team, policy] = await Promise.all([
    deps.connections.lookup(ctx.workspace, { userId: command.user_id, channelId: command.channel_id }),
    deps.connections.describePersonal(ctx.workspace, command.user_id),
    deps.connections.describe(ctx.workspace, command.channel_id),
    deps.policies.get(workspaceKey(ctx.workspace)),
  ]);
  await ctx.replier.ephemeral(
    whoamiMessage({
      channelId: command.channel_id,
      acting,
      personal,
      team,
      personalActions: POLICY_ACTIONS.filter((a) => policy.actions[a].personal),
      language: currentLanguage(deps),
      messages: deps.messages,
    }),
  );
}
