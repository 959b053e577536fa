import type { HeaderBlock, KnownBlock } from '@slack/types';
import { ExperimentType } from '../../core/experiment-schemas.js';
import type { AlertSelector } from '../../core/subscription-selector.js';
import {
  ALERT_ACTIONS,
  type AlertAction,
  type AlertFilter,
  RECOMMENDED_ACTIONS,
  type Subscription,
} from '../../core/subscriptions.js';
import {
  channelMention,
  code,
  escapeMrkdwn,
  isSlackUserId,
  joinSafe,
  md,
  mrkdwn,
  plain,
  type SafeText,
  safe,
  userMention,
} from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import {
  context,
  fallbackText,
  message,
  type SlackMessage,
  section,
  textMessage,
} from '../blocks/message.js';
import { type ExperimentNames, NO_NAMES } from '../experiment/names.js';
import { BLOCKS } from '../ids.js';
import { experimentRef, labelAndValue } from '../labels/label.js';
import type { Messages } from '../messages/index.js';
import { encodeRemoveValue, SUBSCRIPTION_ACTIONS, SUBSCRIPTION_BLOCKS } from './ids.js';
import type { SubscriptionArgsProblem } from './parse-subscription-args.js';

/** How many unknown words are echoed back, and how much of each. */
const UNKNOWN_SHOWN = 5;
const WORD_MAX = 40;
/** Subscriptions listed, one section with a Remove button each: header, hints and these fit in 50 blocks. */
export const LIST_MAX = 46;

/** Events by their labels, each with the word people type: "остановка (`stop`), архивирование (`archive`)". */
function eventTexts(actions: readonly AlertAction[], messages: Messages): SafeText {
  return joinSafe(
    actions.map((a) => labelAndValue(messages.labels.alertEvents, a)),
    md`, `,
  );
}

/**
 * "`stop` alerts of team *Growth*, experiment *Checkout copy* (#42)": what a subscription sends, from
 * ids and escaped text; the experiment named first when `names` has it.
 */
export function describeSubscription(
  s: { selector: AlertSelector; actions: AlertFilter },
  messages: Messages,
  names: ExperimentNames = NO_NAMES,
): SafeText {
  if (s.selector.ops) return messages.subscriptions.opsDescribe;
  return messages.subscriptions.describe({
    actions:
      s.actions === 'all'
        ? messages.subscriptions.allActions
        : s.actions === 'recommended'
          ? messages.subscriptions.recommended({ list: eventTexts(RECOMMENDED_ACTIONS, messages) })
          : eventTexts(s.actions, messages),
    team: s.selector.team === undefined ? undefined : md`*${safe(s.selector.team.label, 100)}*`,
    type: s.selector.type === undefined ? undefined : labelAndValue(messages.labels.types, s.selector.type),
    experiment:
      s.selector.experimentId === undefined
        ? undefined
        : experimentRef(s.selector.experimentId, names.get(s.selector.experimentId)),
  });
}

/**
 * A subscription as the audit trail keeps it: the words `/exp subscribe` takes for it
 * ("team:Growth experiment:4 events:stop,archive"), plain text in any language, shown as it is.
 */
export function subscriptionAuditDetail(s: { selector: AlertSelector; actions: AlertFilter }): string {
  if (s.selector.ops) return 'alerts:ops';
  const { team, type, experimentId } = s.selector;
  const events = typeof s.actions === 'string' ? s.actions : s.actions.join(',');
  return [
    team === undefined ? undefined : `team:${team.label}`,
    type === undefined ? undefined : `type:${type}`,
    experimentId === undefined ? undefined : `experiment:${experimentId}`,
    `events:${events}`,
  ]
    .filter((word) => word !== undefined)
    .join(' ')
    .slice(0, 300);
}

/** The experiments these subscriptions narrow to: the ids to name them by. */
export function subscribedExperiments(subscriptions: readonly { selector: AlertSelector }[]): number[] {
  return subscriptions.flatMap((s) =>
    s.selector.experimentId === undefined ? [] : [s.selector.experimentId],
  );
}

/** Channels' subscriptions, and the viewer's own follows (a follow's "channel" is its owner's user id). */
export function visibleTo(subscriptions: readonly Subscription[], viewerId: string): Subscription[] {
  return subscriptions.filter((s) => !isSlackUserId(s.channelId) || s.channelId === viewerId);
}

/** In-channel: who subscribed this channel, to what. */
export function subscribedNote(input: {
  userId: string;
  subscription: Subscription;
  changed: boolean;
  messages: Messages;
  names?: ExperimentNames | undefined;
}): SlackMessage {
  const text = input.messages.subscriptions.subscribed({
    user: userMention(input.userId),
    what: describeSubscription(input.subscription, input.messages, input.names),
    changed: input.changed,
  });
  return textMessage(text, SUBSCRIPTION_BLOCKS.note);
}

/** In-channel: who removed which of this channel's subscriptions. */
export function unsubscribedNote(input: {
  userId: string;
  removed: readonly Subscription[];
  messages: Messages;
  names?: ExperimentNames | undefined;
}): SlackMessage {
  const text = input.messages.subscriptions.unsubscribed({
    user: userMention(input.userId),
    what: input.removed.map((s) => describeSubscription(s, input.messages, input.names)),
  });
  return textMessage(text, SUBSCRIPTION_BLOCKS.note);
}

/** In-channel: some actions turned off, the rest kept. */
export function narrowedNote(input: {
  userId: string;
  removed: readonly AlertAction[];
  remaining: readonly Subscription[];
  messages: Messages;
  names?: ExperimentNames | undefined;
}): SlackMessage {
  const text = input.messages.subscriptions.narrowed({
    user: userMention(input.userId),
    removed: eventTexts(input.removed, input.messages),
    remaining: input.remaining.map((s) => describeSubscription(s, input.messages, input.names)),
  });
  return textMessage(text, SUBSCRIPTION_BLOCKS.note);
}

/** Ephemeral: none of the named actions were subscribed. */
export function unchangedMessage(input: {
  named: readonly AlertAction[];
  current: readonly Subscription[];
  messages: Messages;
  names?: ExperimentNames | undefined;
}): SlackMessage {
  const text = input.messages.subscriptions.unchanged({
    named: eventTexts(input.named, input.messages),
    remaining: input.current.map((s) => describeSubscription(s, input.messages, input.names)),
  });
  return textMessage(text, BLOCKS.errorText);
}

/** Ephemeral: the channel has no subscription with the filter named. */
export function noSuchSubscriptionMessage(input: {
  selector: AlertSelector;
  others: readonly Subscription[];
  messages: Messages;
}): SlackMessage {
  const text = input.messages.subscriptions.noSuchSubscription({
    what: describeSubscription({ selector: input.selector, actions: 'all' }, input.messages),
    others: input.others.map((s) => describeSubscription(s, input.messages)),
  });
  return textMessage(text, BLOCKS.errorText);
}

/** Ephemeral: words that are not alert actions; nothing was stored. */
export function unknownActionsMessage(input: {
  unknown: readonly string[];
  messages: Messages;
}): SlackMessage {
  const shown = input.unknown.slice(0, UNKNOWN_SHOWN).map((w) => md`\`${safe(w, WORD_MAX)}\``);
  if (input.unknown.length > UNKNOWN_SHOWN) shown.push(md`…`);
  const text = input.messages.subscriptions.unknownActions({
    words: joinSafe(shown, md`, `),
    allowed: eventTexts(ALERT_ACTIONS, input.messages),
  });
  return message(fallbackText([text]), [
    section(text, BLOCKS.errorText),
    context([input.messages.input.seeHelp]),
  ]);
}

/** Ephemeral: the command's words could not be read as filters; nothing was stored. */
export function argsProblemMessage(problem: SubscriptionArgsProblem, messages: Messages): SlackMessage {
  const m = messages.subscriptions;
  switch (problem.kind) {
    case 'unknown-actions':
      return unknownActionsMessage({ unknown: problem.unknown, messages });
    case 'unknown-word':
      return textMessage(m.unknownWord({ word: code(problem.word, WORD_MAX) }), BLOCKS.errorText);
    case 'repeated':
      return textMessage(m.repeated({ key: code(problem.key, 20) }), BLOCKS.errorText);
    case 'empty-value':
      return textMessage(m.emptyValue({ key: escapeMrkdwn(problem.key) }), BLOCKS.errorText);
    case 'bad-experiment':
      return textMessage(m.badExperiment({ value: code(problem.value, WORD_MAX) }), BLOCKS.errorText);
    case 'unlinked-channel':
      return textMessage(m.unlinkedChannel({ word: code(problem.word, WORD_MAX) }), BLOCKS.errorText);
  }
}

/** Ephemeral: `type:` names no experiment type of the interface. */
export function unknownTypeMessage(typed: string, messages: Messages): SlackMessage {
  return textMessage(
    messages.subscriptions.unknownType({
      typed: code(typed, WORD_MAX),
      allowed: joinSafe(
        ExperimentType.options.map((t) => code(t)),
        md`, `,
      ),
    }),
    BLOCKS.errorText,
  );
}

/** Ephemeral: `team:` names no team of the teams dictionary. */
export function unknownTeamMessage(
  typed: string,
  suggestion: string | undefined,
  messages: Messages,
): SlackMessage {
  return textMessage(
    messages.subscriptions.unknownTeam({
      typed: code(typed, WORD_MAX),
      suggestion: suggestion === undefined ? undefined : code(suggestion, 100),
    }),
    BLOCKS.errorText,
  );
}

/** Ephemeral: Slack refused the subscribe note, so alerts could not be posted there either. */
export function cannotPostMessage(input: {
  error: string;
  channelId: string;
  messages: Messages;
}): SlackMessage {
  return textMessage(
    input.messages.subscriptions.cannotPost({
      error: code(input.error, 80),
      channel: channelMention(input.channelId),
    }),
    BLOCKS.errorText,
  );
}

/**
 * Ephemeral: every subscription of the workspace with a Remove button each, built from ids and
 * escaped text only. Channels the person typed in come first.
 */
export function subscriptionListMessage(input: {
  subscriptions: readonly Subscription[];
  currentChannelId: string;
  /** Who looks: their own follows are listed as "your direct messages"; other people's are not listed. */
  viewerId: string;
  messages: Messages;
  /** Each channel's quiet hours, digest and last alert, one line each. */
  channelNotes?: readonly SafeText[] | undefined;
  /** Names of the experiments subscriptions narrow to, where the app knows them. */
  names?: ExperimentNames | undefined;
}): SlackMessage {
  const { messages } = input;
  const visible = visibleTo(input.subscriptions, input.viewerId);
  const texts = messages.subscriptions;
  const header: HeaderBlock = {
    type: 'header',
    block_id: SUBSCRIPTION_BLOCKS.header,
    text: plain(texts.listHeader, LIMITS.headerText),
  };
  if (visible.length === 0) {
    return message(fallbackText([texts.listEmpty]), [
      header,
      section(texts.listEmpty, SUBSCRIPTION_BLOCKS.hint),
    ]);
  }
  const here = (s: Subscription) => s.channelId === input.currentChannelId;
  const ordered = [...visible.filter(here), ...visible.filter((s) => !here(s))];
  const lines = ordered.map((s) =>
    texts.listLine({
      channel: isSlackUserId(s.channelId) ? texts.yourDms : channelMention(s.channelId),
      what: describeSubscription(s, messages, input.names),
      here: here(s),
    }),
  );
  const rows: KnownBlock[] = ordered.slice(0, LIST_MAX).map((s, i) => ({
    type: 'section',
    block_id: `${SUBSCRIPTION_BLOCKS.listPrefix}${i}`,
    text: mrkdwn(lines[i] ?? md``, { max: LIMITS.sectionText }),
    accessory: {
      type: 'button',
      action_id: SUBSCRIPTION_ACTIONS.remove,
      text: plain(texts.removeButton, LIMITS.buttonText),
      value: encodeRemoveValue(s.channelId, s.id),
    },
  }));
  const more =
    ordered.length > LIST_MAX
      ? context([texts.moreNotShown({ count: ordered.length - LIST_MAX })])
      : undefined;
  return message(fallbackText([escapeMrkdwn(texts.listHeader), ...lines.slice(0, LIST_MAX)]), [
    header,
    ...rows,
    more,
    ...(input.channelNotes ?? [])
      .slice(0, LIST_MAX)
      .map((note, i) => context([note], `${SUBSCRIPTION_BLOCKS.hint}_channel_${i}`)),
    context([texts.listHint], SUBSCRIPTION_BLOCKS.hint),
  ]);
}
