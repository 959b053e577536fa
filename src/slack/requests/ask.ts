import type { ActionRequest } from '../../core/requests/action-request.js';
import { submitRequest } from '../../core/requests/submit-request.js';
import { approvalRequestMessage, requestWhat, requestWhen } from '../approvals/request-message.js';
import { channelMention, escapeMrkdwn, md, type SafeText, userMention } from '../blocks/escape.js';
import { type SlackMessage, textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { type ExperimentNames, experimentNames } from '../experiment/names.js';
import { inWorkspaceLanguage, type Speaking } from '../locale/scope.js';
import { scheduledReply } from '../schedule/list-message.js';
import { errorCodeOf } from '../subscriptions/alert-outcomes.js';
import type { Asked, AskingService, SlackAsk } from './asking-service.js';
import { type RequestPortsDeps, requestPorts } from './ports.js';
import { approversText, requestRefusalText } from './refusal-text.js';

/** What asking uses of the process's services and of the request's language. */
type AskingDeps = RequestPortsDeps & Pick<SlackDeps, 'policies' | 'intents' | 'knowledge'>;

/** What a feature that asks needs for it: the service, and its language. */
export type AskDeps = Pick<SlackDeps, 'asking' | 'messages' | 'locale'>;

export function createAskingService(services: Omit<AskingDeps, 'messages' | 'locale'>): AskingService {
  const speakingAs = (speaking: Speaking) => ({
    ...services,
    messages: speaking.messages,
    locale: speaking.locale,
  });
  return {
    ask: (speaking, ask) => askFromSlack(speakingAs(speaking), ask),
    ports: (speaking, client, options) => requestPorts(speakingAs(speaking), client, options),
  };
}

/**
 * Asks for an action the one way every surface does (core/requests/submit-request.ts), then says
 * what became of it: a refusal to the person; a request for approval posted where approvers see
 * it, and the person told who was asked; a scheduled action announced in the channel; a run's
 * outcome is told by its runner.
 */
async function askFromSlack(deps: AskingDeps, ask: SlackAsk): Promise<Asked> {
  const ports = requestPorts(deps, ask.client);
  const { receipt } = ask;
  const outcome = await submitRequest(ports, ask.draft, ask.run, {
    attestedInChannel: ask.attestedInChannel,
    beforeStore: receipt === undefined ? undefined : (request) => deps.intents.noteRequest(receipt, request),
  });
  const m = deps.messages;
  switch (outcome.kind) {
    case 'ran':
      return { outcome, posted: true };
    case 'refused': {
      const text =
        outcome.refusal === 'schedule'
          ? m.schedule.notAllowed
          : requestRefusalText(outcome.refusal, ask.draft, outcome.rule, m);
      await ask.tell(textMessage(text));
      return { outcome, posted: false };
    }
    case 'unavailable':
      await ask.tell(
        textMessage(
          m.errors.storeUnavailable({
            action: ask.draft.what.action,
            experimentId: ask.draft.what.experimentId,
          }),
        ),
      );
      return { outcome, posted: false };
    case 'duplicate':
      await ask.tell(textMessage(duplicateText(m, outcome.existing, await namesOf(deps, outcome.existing))));
      return { outcome, posted: false };
    case 'full':
      await ask.tell(textMessage(m.requests.full));
      return { outcome, posted: false };
    case 'awaiting-approval':
      return { outcome, posted: await postForApproval(deps, ask, outcome.request) };
    case 'scheduled':
      return { outcome, posted: await announceScheduled(deps, ask, outcome.request) };
  }
}

/** The name of the experiment a request is for, when the app recorded one (it is then named first). */
function namesOf(deps: AskingDeps, request: ActionRequest): Promise<ExperimentNames> {
  return experimentNames(deps, request.scope, [request.what.experimentId]);
}

function duplicateText(m: SlackDeps['messages'], existing: ActionRequest, names: ExperimentNames): SafeText {
  return m.requests.duplicate({
    what: requestWhat(existing.what, m, names),
    user: userMention(existing.requestedBy),
    when: requestWhen(existing),
    pending: existing.state === 'pending-approval',
  });
}

/**
 * The request in the channel (in the workspace's language, read by many) with Approve and Reject,
 * then the person told who was asked. False when nobody can see the request.
 */
async function postForApproval(deps: AskingDeps, ask: SlackAsk, request: ActionRequest): Promise<boolean> {
  const rule = await approvalRule(deps, request);
  if (rule === undefined) {
    await takeBack(deps, ask, request, undefined);
    return false;
  }
  const channel = inWorkspaceLanguage(deps).messages;
  const names = await namesOf(deps, request);
  const posted = approvalRequestMessage({
    request,
    approvers: approversText(request.approval?.approvers, rule, channel),
    messages: channel,
    names,
  });
  let messageTs: string | undefined;
  const visible = await postOrFallBack(deps, ask, posted, (ts) => {
    messageTs = ts;
  });
  if (messageTs !== undefined && !(await attached(deps, request, messageTs))) {
    await takeBack(deps, ask, request, messageTs);
    return false;
  }
  await ask.tell(
    textMessage(
      deps.messages.requests.awaitingApproval({
        what: requestWhat(request.what, deps.messages, names),
        approvers: approversText(request.approval?.approvers, rule, deps.messages),
        channel: channelMention(request.channelId),
        when: requestWhen(request),
        cancel: cancelCommand(request),
      }),
    ),
  );
  return visible;
}

/** The rule its approvers are described by; undefined when the store failed after the request was stored. */
async function approvalRule(deps: AskingDeps, request: ActionRequest) {
  try {
    return (await deps.policies.get(request.scope)).actions[request.what.action];
  } catch (error) {
    deps.logger.error('an approval request was stored but its policy could not be read; taking it back', {
      error,
      id: request.id,
    });
    return undefined;
  }
}

/** The request's message remembered with it, so its end can be shown there; false when the store failed. */
async function attached(deps: AskingDeps, request: ActionRequest, messageTs: string): Promise<boolean> {
  try {
    await deps.requests.attachMessage(request.scope, request.id, messageTs);
    return true;
  } catch (error) {
    deps.logger.error('an approval request was posted but could not be remembered; taking it back', {
      error,
      id: request.id,
    });
    return false;
  }
}

/**
 * An ask that failed part-way (the store gone after the request was stored: before its message
 * was posted, or before it remembered where): taken back, its end kept to be written once the
 * store is back, so no Approve button acts on a request whose end could never be shown. Its
 * message, if posted, says so, and the person hears nothing was done.
 */
async function takeBack(
  deps: AskingDeps,
  ask: SlackAsk,
  request: ActionRequest,
  messageTs: string | undefined,
) {
  const by = request.requestedBy;
  const moved = await deps.requests
    .apply(request.scope, request.id, { kind: 'cancel', by, quiet: true }, { keep: true })
    .catch(() => undefined);
  const ended = moved?.ok ? moved.request : request;
  const approval =
    ended.approval && messageTs !== undefined ? { ...ended.approval, messageTs } : ended.approval;
  // Its message, when posted, shows it ended; one never posted is not posted now.
  if (messageTs !== undefined)
    await requestPorts(deps, ask.client).notify({ ...ended, approval }, { kind: 'cancelled', by });
  const m = deps.messages;
  await ask.tell(
    textMessage(
      m.errors.storeUnavailable({
        action: request.what.action,
        experimentId: request.what.experimentId,
      }),
    ),
  );
}

/** A scheduled request announced in the channel, so everyone there knows; the person told how to take it back. */
async function announceScheduled(deps: AskingDeps, ask: SlackAsk, request: ActionRequest): Promise<boolean> {
  const channel = inWorkspaceLanguage(deps).messages;
  const zone = escapeMrkdwn(request.timeZone ?? 'UTC');
  const when = requestWhen(request) ?? md``;
  const names = await namesOf(deps, request);
  const announced = textMessage(
    channel.schedule.announced({
      user: userMention(request.requestedBy),
      what: requestWhat(request.what, channel, names),
      when,
      zone,
    }),
  );
  const visible = await postOrFallBack(deps, ask, announced);
  // One message per place: under the channel's notice the person gets only how to take it back.
  const m = deps.messages;
  const cancel = cancelCommand(request) ?? md``;
  const text = visible
    ? m.schedule.scheduledYours({ cancel })
    : m.schedule.scheduled({ what: requestWhat(request.what, m, names), when, zone, cancel });
  await ask.tell(scheduledReply({ text, requestId: request.id, messages: m }));
  return visible;
}

/** `/exp unschedule 3 stop`: what takes a waiting request back (none for an exposure, named by no id). */
function cancelCommand(request: ActionRequest): SafeText | undefined {
  const id = request.what.experimentId;
  return id === undefined ? undefined : md`\`/exp unschedule ${id} ${escapeMrkdwn(request.what.action)}\``;
}

/** Posts in the request's channel as the bot; where it cannot, through the surface's fallback. */
async function postOrFallBack(
  deps: Pick<SlackDeps, 'logger'>,
  ask: SlackAsk,
  message: SlackMessage,
  posted?: (ts: string) => void,
): Promise<boolean> {
  try {
    const result = await ask.client.chat.postMessage({ channel: ask.draft.channelId, ...message });
    if (result.ts && posted) posted(result.ts);
    return true;
  } catch (error) {
    deps.logger.info('the bot could not post in the channel; using the response_url', {
      error: errorCodeOf(error),
      channelId: ask.draft.channelId,
    });
    if (!ask.inChannelFallback) return false;
    await ask.inChannelFallback(message);
    return true;
  }
}
