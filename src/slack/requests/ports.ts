import type { webApi } from '@slack/bolt';
import type { RequestPorts } from '../../core/requests/ports.js';
import type { SlackDeps } from '../deps.js';
import { type RequestFactsDeps, slackRequestFacts } from './facts.js';
import { type NoticesDeps, requestNotices } from './notices.js';

export type RequestPortsDeps = RequestFactsDeps &
  NoticesDeps &
  Pick<SlackDeps, 'approvalTtlMs' | 'audit' | 'logger' | 'now' | 'requests'>;

/** The request use-cases' ports over Slack (people, channels, notices) and the app's stores. */
export function requestPorts(
  deps: RequestPortsDeps,
  client: webApi.WebClient,
  options: { budgetMs?: number | undefined } = {},
): RequestPorts {
  return {
    requests: deps.requests,
    facts: slackRequestFacts(deps, client, options),
    person: (workspace, userId) => deps.actors.actor(client, workspace, userId, [], options.budgetMs),
    audit: deps.audit,
    notify: requestNotices(deps, client),
    logger: deps.logger,
    now: deps.now,
    approvalTtlMs: deps.approvalTtlMs,
  };
}
