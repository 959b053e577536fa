import type { webApi } from '@slack/bolt';
import { groupsOf, needsGroups } from '../../core/policy/decide.js';
import { scheduleGroups } from '../../core/policy/schedule-rule.js';
import type { RequestFacts } from '../../core/requests/evaluate.js';
import type { FactsQuery, RequestPorts } from '../../core/requests/ports.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { SlackDeps } from '../deps.js';

/** Slack may take its time for a request nobody waits on (a schedule); before an ack, less. */
const RUN_LOOKUP_BUDGET_MS = 10_000;

export type RequestFactsDeps = Pick<
  SlackDeps,
  'actors' | 'channelMembers' | 'connections' | 'now' | 'policies' | 'serves'
>;

type Client = Pick<webApi.WebClient, 'users' | 'usergroups' | 'conversations'>;

/**
 * What the one evaluation decides with, read from Slack and the store now: the policy, the person
 * (and whoever approved), whether they are in the channel (unless the asking surface vouches for
 * it), their own token when the rule wants one, and the workspace the bot serves.
 */
export function slackRequestFacts(
  deps: RequestFactsDeps,
  client: Client,
  options: { budgetMs?: number | undefined; now?: (() => Date) | undefined } = {},
): RequestPorts['facts'] {
  return async (query: FactsQuery, phase): Promise<RequestFacts> => {
    const workspace: WorkspaceRef = { teamId: query.teamId, enterpriseId: query.enterpriseId };
    const policy = await deps.policies.get(query.scope);
    const rule = policy.actions[query.what.action];
    const groups = [
      ...new Set([
        ...needsGroups(policy, query.what.action),
        ...scheduleGroups(policy),
        ...groupsOf(rule.approvers),
      ]),
    ];
    const budget = options.budgetMs ?? (phase === 'run' ? RUN_LOOKUP_BUDGET_MS : undefined);
    // Run later, a request is decided on who its people are now: what was remembered is asked again.
    if (phase === 'run')
      for (const userId of [query.requestedBy, query.approverId])
        if (userId) deps.actors.forget(workspace, userId);
    const actor = (userId: string) => deps.actors.actor(client, workspace, userId, groups, budget);
    const [served, requester, person, approver, inChannel, personal] = await Promise.all([
      deps.serves(workspace),
      actor(query.requestedBy),
      phase === 'run' ? deps.actors.person(client, workspace, query.requestedBy, budget) : undefined,
      query.approverId === undefined ? undefined : actor(query.approverId),
      query.attestedInChannel
        ? ('yes' as const)
        : deps.channelMembers.isMember(client, workspace, query.channelId, query.requestedBy),
      rule.personal ? deps.connections.describePersonal(workspace, query.requestedBy) : undefined,
    ]);
    return {
      policy,
      served,
      requester,
      requesterLeft: person?.deleted === true,
      inChannel,
      personalToken: rule.personal ? personal !== undefined : false,
      approver,
      now: (options.now ?? deps.now)(),
    };
  };
}
