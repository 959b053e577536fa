import type { BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { AccessTarget, CheckAccessDeps } from '../access/gate.js';
import { actionAccess } from '../access/middleware.js';
import { slackDate } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { experimentRef } from '../labels/label.js';
import type { SlackListeners } from '../listener-registry.js';
import { workspaceFromBody } from '../workspace.js';
import { DIGEST_ACTIONS, NUDGE_KEY } from './ids.js';

const REMIND_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

type DigestListenerDeps = CheckAccessDeps &
  Pick<SlackDeps, 'channelAlerts' | 'knowledge' | 'logger' | 'messages' | 'metrics' | 'scopeOf'>;

/** "Remind me in 7 days" changes what the channel hears: checked as `/exp subscribe` is, where it is clicked. */
function remindTarget({ body }: SlackActionMiddlewareArgs): AccessTarget {
  const clicked = body as { channel?: { id?: string } | null; container?: { channel_id?: string } };
  return {
    kind: 'policy',
    action: 'subscribe',
    channelId: clicked.channel?.id ?? clicked.container?.channel_id,
  };
}

/** The running-long nudge's reminder (its Stop… is the lifecycle button, with its own listener). */
export function registerDigest(listeners: SlackListeners): void {
  listeners.action<BlockButtonAction>(DIGEST_ACTIONS.remind, (deps: DigestListenerDeps) => [
    actionAccess(deps, remindTarget),
    async ({ ack, body, action, respond }) => {
      await ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'nudge_remind' });
      const tell = (text: Parameters<typeof textMessage>[0]) =>
        respond({ response_type: 'ephemeral', replace_original: false, ...textMessage(text) });
      const key = action.value ?? '';
      const channelId = (body as { channel?: { id?: string } }).channel?.id;
      if (!NUDGE_KEY.test(key) || !channelId) return void (await tell(deps.messages.input.unreadableButton));
      const scope = deps.scopeOf(workspaceFromBody(body));
      const at = deps.channelAlerts.now() + REMIND_AFTER_MS;
      const experimentId = Number(key.split(':')[0]);
      try {
        await deps.channelAlerts.remindNudge({ scope, channelId }, key, at);
      } catch (error) {
        deps.logger.error('a running-long reminder could not be saved', { error });
        return void (await tell(deps.messages.digest.saveFailed));
      }
      const record = await deps.knowledge.records.get(scope, experimentId).catch(() => undefined);
      await tell(
        deps.messages.digest.reminded({
          experiment: experimentRef(experimentId, record?.name?.value),
          at: slackDate(new Date(at)),
        }),
      );
    },
  ]);
}
