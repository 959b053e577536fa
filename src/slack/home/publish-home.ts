import type { WorkspaceRef } from '../../core/workspace.js';
import { workspaceKey, workspaceOnly } from '../../core/workspace.js';
import type { CheckAccessDeps } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';
import { experimentNames } from '../experiment/names.js';
import type { Speaking } from '../locale/scope.js';
import { homeScheduledLines } from '../schedule/list-message.js';
import { subscribedExperiments, visibleTo } from '../subscriptions/replies.js';
import type { HomeClient, HomeTab } from './home-tab.js';
import { homeView } from './home-view.js';

/** Slack gives Home no deadline, but a person looking at a blank tab should not wait on Slack. */
const HOME_LOOKUP_MS = 3_000;

type PublishHomeDeps = CheckAccessDeps &
  Pick<SlackDeps, 'hooks' | 'knowledge' | 'publicUrl' | 'requests' | 'subscriptions'>;

export function createHomeTab(services: Omit<PublishHomeDeps, keyof Speaking>): HomeTab {
  return {
    publish: (speaking, client, workspace, userId) =>
      publishHome({ ...services, messages: speaking.messages }, client, workspace, userId),
  };
}

async function publishHome(
  deps: PublishHomeDeps,
  client: HomeClient,
  workspace: WorkspaceRef,
  userId: string,
): Promise<void> {
  try {
    const scope = workspaceKey(workspaceOnly(workspace));
    const [connection, acting, recent, subscriptions, actor, scheduled] = await Promise.all([
      deps.connections.describe(workspace),
      deps.connections.lookup(workspace, { userId }),
      deps.audit.page(scope, { userId, size: 5 }),
      deps.subscriptions.list(scope),
      deps.actors.actor(client, workspace, userId, [], HOME_LOOKUP_MS),
      deps.requests.waiting(scope),
    ]);
    const shown = visibleTo(subscriptions, userId);
    const names = await experimentNames(deps, scope, [
      ...scheduled.map((e) => e.what.experimentId),
      ...subscribedExperiments(shown),
    ]);
    const i = deps.messages.identity;
    const identity =
      acting.kind === 'connected' || acting.kind === 'invalid'
        ? i.whoamiHead({ where: i.homeWhere, name: i.identityName({ identity: acting.identity }) })
        : i.whoamiNowhere({ where: i.homeWhere });
    const admin =
      actor?.isAdmin && !actor.isGuest
        ? {
            hookPath: `${deps.publicUrl ?? ''}/hooks/lifecycle/${(await deps.hooks.ensure(workspaceOnly(workspace))).hookId}`,
            policy: await deps.policies.get(scope),
          }
        : undefined;
    await client.views.publish({
      user_id: userId,
      view: homeView({
        connection,
        identity,
        recent: recent.records,
        subscriptions: shown,
        names,
        admin,
        scheduled: homeScheduledLines(scheduled, deps.messages, names),
        messages: deps.messages,
      }),
    });
  } catch (error) {
    deps.logger.warn('the Home tab could not be published', { error });
  }
}
