import type { App, BlockButtonAction } from '@slack/bolt';
import { changesBetween, describeChanges } from '../../lifecycle/policy/change.js';
import { workspaceKey } from '../../lifecycle/workspace.js';
import { actionAccess, optionsAccess, viewAccess } from '../access/middleware.js';
import { plain } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { modalOpenFailedMessage } from '../blocks/notice-modal.js';
import type { SlackDeps } from '../deps.js';
import { modalSurface } from '../lifecycle/surface.js';
import { decodeMetadata, SlackPayloadError } from '../payload.js';
import { workspaceFromBody } from '../workspace.js';
import { POLICY_ACTIONS_IDS, POLICY_MODAL, PolicyModalMetadata } from './ids.js';
import { policyChangedMessage } from './policy-message.js';
import { policyModal } from './policy-modal.js';
import { type PolicyStateValues, readPolicyModal } from './policy-modal-state.js';
import { listUserGroups } from './usergroups.js';

/** The policy's Edit button, its modal's user-group options and its submission: admins only, each checked. */
export function registerPolicyListeners(app: App, deps: SlackDeps): void {
  const admins = { kind: 'admin', refusal: deps.messages.policy.adminOnly, action: 'policy' } as const;

  app.action<BlockButtonAction>(
    POLICY_ACTIONS_IDS.edit,
    actionAccess(deps, () => admins),
    async ({ ack, body, client, respond }) => {
      await ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'policy_edit' });
      const workspace = workspaceFromBody(body);
      const policy = await deps.policies.get(workspaceKey(workspace));
      // Labels for the groups already chosen; the modal still opens (with ids) if Slack will not say.
      const groups = await listUserGroups(client).catch(() => []);
      try {
        await client.views.open({
          trigger_id: body.trigger_id,
          view: policyModal({
            policy,
            groupLabels: new Map(groups.map((g) => [g.id, `@${g.handle}`])),
            metadata: {
              channelId: body.channel?.id ?? body.user.id,
              ...(body.response_url ? { responseUrl: body.response_url } : {}),
            },
            messages: deps.messages,
          }),
        });
      } catch (error) {
        await respond({
          response_type: 'ephemeral',
          replace_original: false,
          ...modalOpenFailedMessage({ error, messages: deps.messages }),
        });
      }
    },
  );

  app.options(
    POLICY_MODAL.groupsActionId,
    optionsAccess(deps, () => admins),
    async ({ ack, body, client }) => {
      const query = String((body as { value?: unknown }).value ?? '')
        .trim()
        .toLowerCase()
        .slice(0, 80);
      const groups = await listUserGroups(client).catch(() => []);
      const options = groups
        .filter(
          (g) =>
            query === '' || g.handle.toLowerCase().includes(query) || g.name.toLowerCase().includes(query),
        )
        .slice(0, LIMITS.selectOptions)
        .map((g) => ({ text: plain(`@${g.handle} · ${g.name}`, LIMITS.optionText), value: g.id }));
      // Block Kit options (plain_text + value); Bolt's union also types legacy dialog options.
      await (ack as (body: { options: typeof options }) => Promise<void>)({ options });
    },
  );

  app.view(
    POLICY_MODAL.callbackId,
    viewAccess(
      deps,
      () => admins,
      () => POLICY_MODAL.stopReason,
    ),
    async ({ ack, body, view, client }) => {
      deps.metrics.inc('exp_interactions_total', { kind: 'policy_submission' });
      let metadata: PolicyModalMetadata;
      try {
        metadata = decodeMetadata(PolicyModalMetadata, view.private_metadata);
      } catch (error) {
        if (!(error instanceof SlackPayloadError)) throw error;
        return ack({
          response_action: 'errors',
          errors: { [POLICY_MODAL.stopReason]: deps.messages.modals.expired },
        });
      }
      const scope = workspaceKey(workspaceFromBody(body));
      const before = await deps.policies.get(scope);
      const read = readPolicyModal(view.state.values as PolicyStateValues, before, deps.messages);
      if (!read.ok) return ack({ response_action: 'errors', errors: read.errors });
      const changes = changesBetween(before, read.policy);
      await ack();
      if (changes.length === 0) return;
      const after = await deps.policies.update(scope, () => read.policy, body.user.id);
      await deps.audit.record(scope, {
        userId: body.user.id,
        action: 'policy',
        channelId: metadata.channelId,
        decision: 'allowed',
        outcome: 'done',
        detail: describeChanges(changes),
      });
      const surface = modalSurface({
        client,
        channelId: metadata.channelId,
        userId: body.user.id,
        responseUrl: metadata.responseUrl,
        fromMessage: undefined,
        fetch: deps.slackFetch,
        logger: deps.logger,
      });
      const announcement = policyChangedMessage({
        userId: body.user.id,
        changes,
        policy: after,
        messages: deps.messages,
      });
      try {
        await client.chat.postMessage({ channel: metadata.channelId, ...announcement });
      } catch {
        await (surface.inChannelFallback ?? surface.tell)(announcement);
      }
    },
  );
}
