import type { webApi } from '@slack/bolt';
import { isApprovableAction } from '../../core/approvals/approval.js';
import { type Actor, decide, needsGroups, type Refusal } from '../../core/policy/decide.js';
import { type ApprovalTicket, type Grant, issueApprovalTicket, issueGrant } from '../../core/policy/grant.js';
import type { ActionRule, PolicyAction } from '../../core/policy/policy.js';
import { type WorkspaceRef, workspaceKey } from '../../core/workspace.js';
import type { SafeText } from '../blocks/escape.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { refusedText } from './rule-text.js';

/** What a request wants to do, as far as access goes. */
export type AccessTarget =
  /** Reading (help, dict, show, list, features…): open to everyone, guests included. */
  | { kind: 'read' }
  /** Only the person's own things (their personal token): any member. */
  | { kind: 'self' }
  /** Connection management and the policy itself: admins only, always. */
  | { kind: 'admin'; refusal: SafeText; action: AdminAction }
  /** One of the policy's actions, from a channel (on an experiment, where it names one). */
  | PolicyTarget;

interface PolicyTarget {
  kind: 'policy';
  action: PolicyAction;
  channelId: string | undefined;
  experimentId?: number | undefined;
}

/** What an admin-only request does, as the audit trail names it. */
export type AdminAction = 'connect' | 'token' | 'disconnect' | 'policy' | 'audit' | 'hooks' | 'language';

/**
 * What the one decision lets a policy action do: run now (with the grant its use-case requires), or
 * be put to a second person (with the ticket an approval request requires).
 */
export type Permit = { kind: 'allowed'; grant: Grant } | { kind: 'needs-approval'; ticket: ApprovalTicket };

type GateRefusal = Refusal | 'admin' | 'unavailable' | 'personal-token';

export type GateResult =
  /** permit: set for policy targets (what may happen), absent for reads, self and admin requests. */
  | { allowed: true; actor: Actor | undefined; permit: Permit | undefined }
  | {
      allowed: false;
      /**
       * unavailable: the policy could not be read (the app's store is down); nothing was done.
       * personal-token: the rule wants the person's own platform token and they have none.
       */
      refusal: GateRefusal;
      message: SlackMessage;
      actor: Actor | undefined;
    };

/** What the access gate reads: every path that acts checks it, so most features' deps include it. */
export type CheckAccessDeps = Pick<
  SlackDeps,
  'actors' | 'audit' | 'connections' | 'logger' | 'messages' | 'policies'
>;

/**
 * The one place access is decided, asked the same way by every surface (command, button, modal,
 * option request, approval). The person's facts come from Slack (never from the payload, which a
 * Slack Connect user's own workspace fills in); the rule from the workspace's policy.
 */
export async function checkAccess(deps: CheckAccessDeps, request: AccessRequest): Promise<GateResult> {
  const gate = await decideAccess(deps, request);
  if (
    !gate.allowed &&
    request.audit !== false &&
    request.target.kind !== 'read' &&
    request.target.kind !== 'self'
  ) {
    const { target } = request;
    await deps.audit.record(workspaceKey(request.workspace), {
      userId: request.userId,
      action: target.action,
      experimentId: target.kind === 'policy' ? target.experimentId : undefined,
      channelId: target.kind === 'policy' ? target.channelId : request.channelId,
      decision: 'refused',
      rule: gate.refusal,
    });
  }
  return gate;
}

export type AccessRequest = Parameters<typeof decideAccess>[1];

type DecideAccessDeps = Pick<SlackDeps, 'actors' | 'connections' | 'logger' | 'messages' | 'policies'>;

async function decideAccess(
  deps: DecideAccessDeps,
  request: {
    client: webApi.WebClient;
    workspace: WorkspaceRef;
    userId: string;
    target: AccessTarget;
    /** How long Slack may take to say who the person is (default: what fits before an ack). */
    budgetMs?: number;
    /** Where it was asked (for the audit trail of an admin request; policy targets carry theirs). */
    channelId?: string | undefined;
    /** False for requests that are not attempts (a picker's options): their refusals go unrecorded. */
    audit?: boolean;
  },
): Promise<GateResult> {
  const { target, workspace } = request;
  const { messages } = deps;
  if (target.kind === 'read' || target.kind === 'self')
    return { allowed: true, actor: undefined, permit: undefined };
  let policy: Awaited<ReturnType<SlackDeps['policies']['get']>>;
  try {
    policy = await deps.policies.get(workspaceKey(workspace));
  } catch (error) {
    deps.logger.error('access policy unreadable; refusing', { error });
    return unavailable(deps, target);
  }
  const groups = target.kind === 'policy' ? needsGroups(policy, target.action) : [];
  const actor = await deps.actors.actor(request.client, workspace, request.userId, groups, request.budgetMs);
  if (target.kind === 'admin') {
    if (actor?.isAdmin && !actor.isGuest) return { allowed: true, actor, permit: undefined };
    const message = actor
      ? target.refusal
      : refusedText('unknown-person', 'start', policy.actions.start, messages);
    return {
      allowed: false,
      refusal: actor ? 'admin' : 'unknown-person',
      message: textMessage(message),
      actor,
    };
  }
  if (!actor) {
    const rule = policy.actions[target.action];
    return {
      allowed: false,
      refusal: 'unknown-person',
      message: textMessage(refusedText('unknown-person', target.action, rule, messages)),
      actor,
    };
  }
  const decision = decide(policy, actor, target.action, target.channelId);
  if (!decision.allowed)
    return {
      allowed: false,
      refusal: decision.refusal,
      message: textMessage(refusedText(decision.refusal, target.action, decision.rule, messages)),
      actor,
    };
  try {
    return await permitFor(deps, { workspace, actor, target, rule: decision.rule });
  } catch (error) {
    deps.logger.error('personal token unreadable; refusing', { error });
    return unavailable(deps, target);
  }
}

/**
 * Past who and where: whether it runs now or waits for a second person, and whose token acts. With
 * "personal token required" the person must have one before anything runs or is asked for.
 */
async function permitFor(
  deps: Pick<SlackDeps, 'connections' | 'messages'>,
  input: { workspace: WorkspaceRef; actor: Actor; target: PolicyTarget; rule: ActionRule },
): Promise<GateResult> {
  const { workspace, actor, target, rule } = input;
  const scope = workspaceKey(workspace);
  if (rule.personal && !(await deps.connections.describePersonal(workspace, actor.userId))) {
    const message = deps.messages.identity.personalRequired({ action: target.action });
    return { allowed: false, refusal: 'personal-token', message: textMessage(message), actor };
  }
  if (rule.approval && isApprovableAction(target.action)) {
    const ticket = issueApprovalTicket({ scope, action: target.action, requestedBy: actor.userId, rule });
    return { allowed: true, actor, permit: { kind: 'needs-approval', ticket } };
  }
  const actingAs = { userId: actor.userId, personalRequired: rule.personal };
  const grant = issueGrant({ scope, action: target.action, decidedFor: actor.userId, actingAs, rule });
  return { allowed: true, actor, permit: { kind: 'allowed', grant } };
}

function unavailable(deps: Pick<SlackDeps, 'messages'>, target: AccessTarget): GateResult {
  // Without the policy (or the person's token record) nobody may act: refused, and said so.
  return {
    allowed: false,
    refusal: 'unavailable',
    message: textMessage(
      target.kind === 'policy'
        ? deps.messages.errors.storeUnavailable({ action: target.action, experimentId: target.experimentId })
        : deps.messages.errors.storeUnavailable(),
    ),
    actor: undefined,
  };
}
