import type { webApi } from '@slack/bolt';
import type { ActionRequest } from '../../core/requests/action-request.js';
import type { RequestChange } from '../../core/requests/ports.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import { approvalEndedMessage, requestWhat, requestWhen } from '../approvals/request-message.js';
import { channelMention, joinSafe, type SafeText, safe, userMention } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { type ExperimentNames, experimentNames } from '../experiment/names.js';
import { speakingTo } from '../locale/job-scope.js';
import { inWorkspaceLanguage } from '../locale/scope.js';
import type { Messages } from '../messages/index.js';
import { whenToken } from '../schedule/when-text.js';
import { requestRefusalText } from './refusal-text.js';

export type NoticesDeps = Pick<
  SlackDeps,
  'knowledge' | 'locale' | 'locales' | 'logger' | 'messages' | 'policies'
>;

type Client = Pick<webApi.WebClient, 'chat'>;

/**
 * Tells the people a request's change concerns, where each reads: its message in the channel is
 * updated (in the workspace's language), the requester gets a direct message (in theirs), and the
 * channel hears what did not run when it was to run. Never throws: each failure is logged. False
 * when what to say could not be read (the store away), before anything was posted.
 */
export function requestNotices(deps: NoticesDeps, client: Client) {
  return async (request: ActionRequest, change: RequestChange, options: { again?: boolean } = {}) => {
    try {
      await tell(deps, client, request, change, options.again === true);
      return true;
    } catch (error) {
      deps.logger.warn('a request’s people could not be told of its change yet', {
        error,
        change: change.kind,
      });
      return false;
    }
  };
}

interface Said {
  /** The request's message in the channel, once it no longer waits. */
  ended?: SafeText | undefined;
  /** A direct message to the requester. */
  toRequester?: SafeText | undefined;
  /** A line in the channel (a scheduled request that did not run, a cancelled announcement). */
  inChannel?: SafeText | undefined;
}

async function tell(
  deps: NoticesDeps,
  client: Client,
  request: ActionRequest,
  change: RequestChange,
  again: boolean,
) {
  const workspace: WorkspaceRef = { teamId: request.teamId, enterpriseId: request.enterpriseId };
  const channel = inWorkspaceLanguage(deps).messages;
  const person = (await speakingTo(deps, { workspace, channelId: request.requestedBy })).messages;
  const why = change.kind === 'refused' ? await refusalOf(deps, request, change.refusal) : undefined;
  const names = await experimentNames(deps, request.scope, [request.what.experimentId]);
  const said = (m: Messages, whyText: SafeText | undefined) =>
    withRepeatNote(sayings(m, request, change, whyText, names), again ? m.requests.mayRepeat : undefined);
  const forChannel = said(channel, why?.(channel));
  const forPerson = said(person, why?.(person));
  const posts: Promise<unknown>[] = [];
  const ts = request.approval?.messageTs;
  if (forChannel.ended && request.approval) {
    const ended = (outcome: SafeText) => approvalEndedMessage({ request, outcome, messages: channel, names });
    // Where its message is unknown (its process died between posting and remembering it), the
    // channel hears the ending as a message of its own.
    const anew = again ? joinSafe([forChannel.ended, channel.requests.mayRepeat]) : forChannel.ended;
    posts.push(
      ts
        ? client.chat.update({ channel: request.channelId, ts, ...ended(forChannel.ended) })
        : client.chat.postMessage({ channel: request.channelId, ...ended(anew) }),
    );
  }
  if (forChannel.inChannel)
    posts.push(client.chat.postMessage({ channel: request.channelId, ...textMessage(forChannel.inChannel) }));
  if (forPerson.toRequester)
    posts.push(
      client.chat.postMessage({ channel: request.requestedBy, ...textMessage(forPerson.toRequester) }),
    );
  for (const result of await Promise.allSettled(posts))
    if (result.status === 'rejected')
      deps.logger.warn('a request notice could not be posted', { error: result.reason });
}

/** What is posted anew carries the note that it may repeat; the request's message is replaced in place. */
function withRepeatNote(said: Said, note: SafeText | undefined): Said {
  if (note === undefined) return said;
  const noted = (text: SafeText | undefined) => (text === undefined ? undefined : joinSafe([text, note]));
  return { ...said, inChannel: noted(said.inChannel), toRequester: noted(said.toRequester) };
}

async function refusalOf(
  deps: NoticesDeps,
  request: ActionRequest,
  refusal: Extract<RequestChange, { kind: 'refused' }>['refusal'],
) {
  const policy = await deps.policies.get(request.scope).catch(() => undefined);
  return (m: Messages) =>
    policy
      ? requestRefusalText(refusal, request, policy.actions[request.what.action], m)
      : m.errors.storeUnavailable();
}

/** What each place hears of a change, in one language. */
function sayings(
  m: Messages,
  request: ActionRequest,
  change: RequestChange,
  why: SafeText | undefined,
  names: ExperimentNames,
): Said {
  const what = requestWhat(request.what, m, names);
  const user = userMention(request.requestedBy);
  const when = requestWhen(request);
  switch (change.kind) {
    case 'approved': {
      const approver = userMention(change.by);
      if (request.state === 'scheduled' && when)
        return {
          ended: m.requests.ended.approvedForLater({ approver, when }),
          toRequester: m.requests.toRequester.approvedForLater({ what, approver, when }),
        };
      const outcome = change.result?.state ?? 'outcome-unknown';
      return {
        ended: m.requests.ended.approvedNow({ approver, outcome }),
        // A run that did not go through told the requester why itself (runners.ts): only a done one is said here.
        toRequester:
          outcome === 'done'
            ? m.requests.toRequester.approvedNow({
                what,
                approver,
                channel: channelMention(request.channelId),
              })
            : undefined,
      };
    }
    case 'rejected': {
      const approver = userMention(change.by);
      const reason = change.reason === undefined ? undefined : safe(change.reason, 500);
      return {
        ended: m.requests.ended.rejected({ approver, reason }),
        toRequester: m.requests.toRequester.rejected({ what, approver, reason }),
      };
    }
    case 'expired':
      return { ended: m.requests.ended.expired, toRequester: m.requests.toRequester.expired({ what }) };
    case 'missed': {
      const line = m.schedule.missed({
        user,
        what,
        when: when ?? whenToken(new Date(request.createdAt), 'UTC'),
      });
      return { ended: line, inChannel: line, toRequester: line };
    }
    case 'cancelled': {
      const by = userMention(change.by);
      const announced = request.approval === undefined && when !== undefined;
      return {
        ended: m.requests.ended.cancelled({ user: by }),
        inChannel: announced ? m.schedule.cancelled({ user: by, what, when }) : undefined,
        toRequester:
          change.by === request.requestedBy
            ? undefined
            : m.requests.toRequester.cancelled({ what, user: by }),
      };
    }
    case 'refused': {
      const reason = why ?? m.errors.storeUnavailable();
      const line = m.requests.notRun({ what, user, when, why: reason });
      return { ended: m.requests.ended.notRun({ why: reason }), inChannel: line, toRequester: line };
    }
    case 'interrupted':
      return {
        ended: m.requests.ended.interrupted,
        toRequester: m.requests.toRequester.interrupted({ what, experimentId: request.what.experimentId }),
      };
  }
}
