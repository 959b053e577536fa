import { applyChange, describeChanges, type PolicyChange } from '../../core/policy/change.js';
import type { Who } from '../../core/policy/policy.js';
import { workspaceKey } from '../../core/workspace.js';
import { md, type SafeText, safe } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { workspaceMessages } from '../locale/scope.js';
import type { Messages } from '../messages/index.js';
import { type PolicyProblem, parsePolicyArgs } from './parse-policy.js';
import { policyChangedMessage, policyMessage } from './policy-message.js';
import { listUserGroups } from './usergroups.js';

/** Showing it has no 3 s pressure (acked first): Slack may take this long to say who is asking. */
const VIEWER_LOOKUP_MS = 5_000;

/** `/exp policy`: the rules to anyone; admins also get how to change them. */
export async function showPolicy(
  ctx: CommandContext<Pick<SlackDeps, 'actors' | 'messages' | 'policies'>>,
): Promise<void> {
  const { deps } = ctx;
  await ctx.ack();
  const policy = await deps.policies.get(workspaceKey(ctx.workspace));
  const actor = await deps.actors.actor(ctx.client, ctx.workspace, ctx.command.user_id, [], VIEWER_LOOKUP_MS);
  await ctx.replier.ephemeral(
    policyMessage({ policy, forAdmin: actor?.isAdmin === true, messages: deps.messages }),
  );
}

/**
 * `/exp policy set|channels|approval|personal|stop-reason …` (admins: the command chain checked).
 * The change is announced in the channel with who made it; a bad form changes nothing.
 */
export async function changePolicy(
  ctx: CommandContext<Pick<SlackDeps, 'audit' | 'locale' | 'messages' | 'policies'>>,
  args: readonly string[],
): Promise<void> {
  const { deps } = ctx;
  const { messages } = deps;
  await ctx.ack();
  const parsed = parsePolicyArgs(args);
  if (!parsed.ok)
    return ctx.replier.ephemeral(
      textMessage(messages.policy.usage({ problem: problemText(parsed.problem, messages) })),
    );
  const named = await withGroupHandles(ctx, parsed.change, parsed.handles);
  if (named.kind === 'unknown')
    return ctx.replier.ephemeral(
      textMessage(
        messages.policy.usage({
          problem: messages.policy.problems.badWho({ word: safe(`@${named.handle}`, 80) }),
        }),
      ),
    );
  const change = named.change;
  const scope = workspaceKey(ctx.workspace);
  const before = await deps.policies.get(scope);
  if (applyChange(before, change) === before)
    return ctx.replier.ephemeral(textMessage(messages.policy.unchanged));
  const after = await deps.policies.update(
    scope,
    (policy) => applyChange(policy, change),
    ctx.command.user_id,
  );
  await deps.audit.record(scope, {
    userId: ctx.command.user_id,
    action: 'policy',
    channelId: ctx.command.channel_id,
    decision: 'allowed',
    outcome: 'done',
    detail: describeChanges([change]),
  });
  // Read by the whole channel: in the workspace's language, whoever changed it.
  await ctx.replier.inChannel(
    policyChangedMessage({
      userId: ctx.command.user_id,
      changes: [change],
      policy: after,
      messages: workspaceMessages(deps),
    }),
  );
}

/** The `@handle`s typed for user groups looked up among the workspace's groups (who, or who approves). */
async function withGroupHandles(
  ctx: CommandContext<unknown>,
  change: PolicyChange,
  handles: readonly string[],
): Promise<{ kind: 'ok'; change: PolicyChange } | { kind: 'unknown'; handle: string }> {
  const who = change.kind === 'who' ? change.who : change.kind === 'approval' ? change.approvers : undefined;
  if (handles.length === 0 || who?.kind !== 'groups') return { kind: 'ok', change };
  const groups = await listUserGroups(ctx.client).catch(() => []);
  const ids = [...who.groupIds];
  for (const handle of handles) {
    const group = groups.find((g) => g.handle.toLowerCase() === handle);
    if (!group) return { kind: 'unknown', handle };
    ids.push(group.id);
  }
  const named: Who = { kind: 'groups', groupIds: [...new Set(ids)] };
  if (change.kind === 'who') return { kind: 'ok', change: { ...change, who: named } };
  if (change.kind === 'approval') return { kind: 'ok', change: { ...change, approvers: named } };
  return { kind: 'ok', change };
}

function problemText(problem: PolicyProblem, messages: Messages): SafeText {
  const p = messages.policy.problems;
  switch (problem.kind) {
    case 'unknown-subcommand':
      return p.unknownSubcommand({ word: safe(problem.word, 40) });
    case 'unknown-action':
      return p.unknownAction({
        word: safe(problem.word, 40),
        actions: md`start, stop, archive, unarchive, create, edit, expose, subscribe`,
      });
    case 'bad-who':
      return p.badWho({ word: safe(problem.word, 80) });
    case 'bad-channel':
      return p.badChannel({ word: safe(problem.word, 80) });
    case 'bad-on-off':
      return p.badOnOff({ word: safe(problem.word, 40) });
    case 'bad-stop-reason':
      return p.badStopReason({ word: safe(problem.word, 40) });
    case 'not-approvable':
      return p.notApprovable({ action: problem.action });
    case 'bad-approvers':
      return p.badApprovers({ word: safe(problem.word, 80) });
    case 'missing':
      return p.missing({ what: problem.what });
  }
}
