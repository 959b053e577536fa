import { type EventEnvelope, workspaceFromEvent } from '../connection/uninstall-events.js';
import type { SlackListeners } from '../listener-registry.js';
import { errorCodeOf } from '../subscriptions/alert-outcomes.js';
import type { ExperimentDeps } from './deps.js';
import { experimentReply } from './show.js';

/** Slack sends at most a handful of links per message; more are not unfurled rather than slowed. */
const MAX_LINKS = 5;
/** chat.unfurl should follow the paste quickly; reads get a short budget each (they run together). */
const UNFURL_READ_BUDGET_MS = 2_000;

interface LinkSharedEvent {
  channel?: string;
  message_ts?: string;
  unfurl_id?: string;
  source?: string;
  links?: { domain?: string; url?: string }[];
}

/**
 * A console link pasted in a channel (CONSOLE_WEB_URL's domain is in the manifest's unfurl_domains)
 * unfurls into the experiment's card, without buttons: the card says how to act.
 */
export function registerUnfurls(listeners: SlackListeners): void {
  listeners.event('link_shared', (deps: ExperimentDeps) => [
    async ({ event, body, client }) => {
      const shared: LinkSharedEvent = event;
      const workspace = workspaceFromEvent(body as EventEnvelope);
      const links = deps.consoleLinks;
      if (!links || !workspace || !shared.channel || !shared.message_ts) return;
      const wanted = (shared.links ?? [])
        .map((link) => ({ url: String(link.url ?? ''), id: links.idOf(String(link.url ?? '')) }))
        .filter((link): link is { url: string; id: number } => link.id !== undefined)
        .slice(0, MAX_LINKS);
      if (wanted.length === 0) return;
      const ref = { teamId: workspace.teamId, enterpriseId: workspace.enterpriseId };
      const cards = await Promise.all(
        wanted.map(async ({ url, id }) => {
          const reply = await experimentReply(deps, ref, id, {
            budgetMs: UNFURL_READ_BUDGET_MS,
            withoutButtons: true,
            channelId: shared.channel,
          });
          return [url, { blocks: reply.blocks }] as const;
        }),
      );
      const target =
        shared.source === 'composer' && shared.unfurl_id
          ? { unfurl_id: shared.unfurl_id, source: 'composer' as const }
          : { channel: shared.channel, ts: shared.message_ts };
      try {
        await client.chat.unfurl({ ...target, unfurls: Object.fromEntries(cards) });
        deps.metrics.inc('exp_interactions_total', { kind: 'unfurl' });
      } catch (error) {
        deps.logger.warn('chat.unfurl failed', { error: errorCodeOf(error), channelId: shared.channel });
      }
    },
  ]);
}
