import type { BlockButtonAction, webApi } from '@slack/bolt';
import {
  applyChanges,
  changesBetween,
  describeChanges,
  type EditMerge,
  mergeEdits,
  type PolicyChange,
} from '../../core/policy/change.js';
import type { WorkspacePolicy } from '../../core/policy/policy.js';
import { workspaceKey } from '../../core/workspace.js';
import { actionAccess, optionsAccess, viewAccess } from '../access/middleware.js';
import { joinSafe, plain, type SafeText, truncateSafe, userMention } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { modalOpenFailedMessage, noticeModal } from '../blocks/notice-modal.js';
import type { SlackDeps } from '../deps.js';
import { slackAgo } from '../experiment/ago.js';
import { modalSurface } from '../lifecycle/surface.js';
import type { SlackListeners } from '../listener-registry.js';
import { workspaceMessages } from '../locale/scope.js';
import type { Messages } from '../messages/index.js';
import { bindingOf, openViewMetadata } from '../view-seal/open-metadata.js';
import { workspaceFromBody } from '../workspace.js';
import type { PolicyDeps } from './deps.js';
import { POLICY_ACTIONS_IDS, POLICY_MODAL, PolicyModalMetadata } from './ids.js';
import { changeText, policyChangedMessage } from './policy-message.js';
import { policyModal } from './policy-modal.js';
import { openedPolicy, type PolicyStateValues, readPolicyModal } from './policy-modal-state.js';
import { listUserGroups } from './usergroups.js';

/** The policy's Edit button, its modal's user-group options and its submission: admins only, each checked. */
export function registerPolicyListeners(listeners: SlackListeners): void {
  const admins = (deps: PolicyDeps) =>
    ({ kind: 'admin', refusal: deps.messages.policy.adminOnly, action: 'policy' }) as const;

  listeners.action<BlockButtonAction>(POLICY_ACTIONS_IDS.edit, (deps: PolicyDeps) => [
    actionAccess(deps, () => admins(deps)),
    async ({ ack, body, client, respond }) => {
      await ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'policy_edit' });
      await openPolicyModal(deps, { body, client, respond });
    },
  ]);

  listeners.options(POLICY_MODAL.groupsActionId, (deps: PolicyDeps) => [
    optionsAccess(deps, () => admins(deps)),
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
  ]);

  listeners.view(POLICY_MODAL.callbackId, (deps: PolicyDeps) => [
    viewAccess(
      deps,
      () => admins(deps),
      () => POLICY_MODAL.stopReason,
    ),
    async ({ ack, body, view, client }) => {
      deps.metrics.inc('exp_interactions_total', { kind: 'policy_submission' });
      const expired = () =>
        ack({
          response_action: 'errors',
          errors: { [POLICY_MODAL.stopReason]: deps.messages.modals.expired },
        });
      const sealed = await openViewMetadata(deps, {
        purpose: 'policy',
        body,
        text: view.private_metadata,
        schema: PolicyModalMetadata,
      });
      if (!sealed.ok)
        return ack({ response_action: 'errors', errors: { [POLICY_MODAL.stopReason]: sealed.text } });
      const metadata = sealed.value;
      const opened = openedPolicy((view as { blocks?: unknown }).blocks, deps.messages);
      if (!opened) return expired();
      const read = readPolicyModal(view.state.values as PolicyStateValues, opened, deps.messages);
      if (!read.ok) return ack({ response_action: 'errors', errors: read.errors });
      if (changesBetween(opened, read.policy).length === 0) return ack();
      const scope = workspaceKey(workspaceFromBody(body));
      const saved = await saveEdits(deps, { scope, opened, edited: read.policy, by: body.user.id });
      if (saved.kind === 'failed')
        return ack({
          response_action: 'errors',
          errors: { [POLICY_MODAL.stopReason]: deps.messages.policy.modal.saveFailed },
        });
      if (saved.kind === 'stale')
        return ack({
          response_action: 'update',
          view: staleNotice({ ...saved, edited: read.policy, messages: deps.messages }),
        });
      await ack();
      if (saved.changes.length === 0) return;
      await announce(deps, client, { metadata, userId: body.user.id, scope, ...saved });
    },
  ]);
}

/** The policy modal as stored now; a modal Slack will not open is said in the channel instead. */
async function openPolicyModal(
  deps: Pick<SlackDeps, 'messages' | 'policies' | 'viewSeal'>,
  input: {
    body: BlockButtonAction;
    client: webApi.WebClient;
    respond: (message: Record<string, unknown>) => Promise<unknown>;
  },
): Promise<void> {
  const { body, client, respond } = input;
  const workspace = workspaceFromBody(body);
  const policy = await deps.policies.get(workspaceKey(workspace));
  // Labels for the groups already chosen; the modal still opens (with ids) if Slack will not say.
  const groups = await listUserGroups(client).catch(() => []);
  try {
    await client.views.open({
      trigger_id: body.trigger_id,
      view: deps.viewSeal.seal(
        bindingOf('policy', body),
        policyModal({
          policy,
          groupLabels: new Map(groups.map((g) => [g.id, `@${g.handle}`])),
          metadata: {
            channelId: body.channel?.id ?? body.user.id,
            ...(body.response_url ? { responseUrl: body.response_url } : {}),
          },
          messages: deps.messages,
        }),
      ),
    });
  } catch (error) {
    await respond({
      response_type: 'ephemeral',
      replace_original: false,
      ...modalOpenFailedMessage({ error, messages: deps.messages }),
    });
  }
}

type Saved =
  | { kind: 'saved'; changes: PolicyChange[]; policy: WorkspacePolicy }
  | { kind: 'stale'; changedSince: PolicyChange[]; edits: PolicyChange[]; policy: WorkspacePolicy }
  | { kind: 'failed' };

/**
 * Stores only what the form changed, on the policy as it is now (a compare-and-set in the store),
 * before the ack so that a stale form or a failed write is answered in the form itself.
 */
async function saveEdits(
  deps: Pick<SlackDeps, 'logger' | 'policies'>,
  input: { scope: string; opened: WorkspacePolicy; edited: WorkspacePolicy; by: string },
): Promise<Saved> {
  // The store may re-run the change on a newer policy: the merge is decided on the one it writes over.
  let merge: EditMerge = { kind: 'apply', changes: [] };
  try {
    const policy = await deps.policies.update(
      input.scope,
      (current) => {
        merge = mergeEdits({ opened: input.opened, edited: input.edited, current });
        return merge.kind === 'apply' ? applyChanges(current, merge.changes) : current;
      },
      input.by,
    );
    // Assigned in the callback, which TypeScript's narrowing does not follow.
    const decided = merge as EditMerge;
    return decided.kind === 'apply'
      ? { kind: 'saved', changes: decided.changes, policy }
      : { kind: 'stale', changedSince: decided.changedSince, edits: decided.edits, policy };
  } catch (error) {
    deps.logger.error('could not store the policy', { scope: input.scope, error });
    return { kind: 'failed' };
  }
}

/** The form replaced by what changed since it opened, who changed the policy last and what was not saved. */
function staleNotice(input: {
  changedSince: PolicyChange[];
  edits: PolicyChange[];
  policy: WorkspacePolicy;
  edited: WorkspacePolicy;
  messages: Messages;
}) {
  const { policy, messages } = input;
  const m = messages.policy;
  const text = m.modal.stale({
    changedSince: joinSafe(
      input.changedSince.map((c) => changeText(c, policy, messages)),
      ' ' as SafeText,
    ),
    lastChange:
      policy.updatedBy && policy.updatedAt
        ? m.lastChange({
            user: userMention(policy.updatedBy),
            ago: slackAgo(new Date(policy.updatedAt), messages),
          })
        : undefined,
    edits: joinSafe(
      input.edits.map((c) => changeText(c, input.edited, messages)),
      ' ' as SafeText,
    ),
  });
  return noticeModal({ title: m.modal.staleTitle, text: truncateSafe(text, LIMITS.sectionText), messages });
}

type AnnounceDeps = Pick<SlackDeps, 'audit' | 'locale' | 'logger' | 'messages' | 'slackFetch'>;

/** Audit and the channel's announcement: only what the save changed. */
async function announce(
  deps: AnnounceDeps,
  client: webApi.WebClient,
  input: {
    metadata: PolicyModalMetadata;
    userId: string;
    scope: string;
    changes: PolicyChange[];
    policy: WorkspacePolicy;
  },
): Promise<void> {
  const { metadata, userId } = input;
  await deps.audit.record(input.scope, {
    userId,
    action: 'policy',
    channelId: metadata.channelId,
    decision: 'allowed',
    outcome: 'done',
    detail: describeChanges(input.changes),
  });
  const surface = modalSurface({
    client,
    channelId: metadata.channelId,
    userId,
    responseUrl: metadata.responseUrl,
    fromMessage: undefined,
    fetch: deps.slackFetch,
    logger: deps.logger,
  });
  const announcement = policyChangedMessage({
    userId,
    changes: input.changes,
    policy: input.policy,
    messages: workspaceMessages(deps),
  });
  try {
    await client.chat.postMessage({ channel: metadata.channelId, ...announcement });
  } catch {
    await (surface.inChannelFallback ?? surface.tell)(announcement);
  }
}
