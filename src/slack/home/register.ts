import type { App } from '@slack/bolt';
import { workspaceFromEvent } from '../connection/uninstall-events.js';
import type { SlackDeps } from '../deps.js';
import { publishHome } from './publish-home.js';

/** The Home tab, published each time the person opens it (app_home_opened). */
export function registerHome(app: App, deps: SlackDeps): void {
  app.event('app_home_opened', async ({ event, body, client }) => {
    if (event.tab !== 'home') return;
    const workspace = workspaceFromEvent(body as never);
    if (!workspace) return;
    await publishHome(
      deps,
      client,
      { teamId: workspace.teamId, enterpriseId: workspace.enterpriseId },
      event.user,
    );
  });
}
