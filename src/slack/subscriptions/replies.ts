import type { HeaderBlock } from '@slack/types';
import {
  ALERT_ACTIONS,
  type AlertAction,
  type AlertFilter,
  type Subscription,
} from '../../lifecycle/subscriptions.js';
import {
  channelMention,
  code,
  escapeMrkdwn,
  joinSafe,
  md,
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
import { BLOCKS } from '../ids.js';
import type { Messages } from '../messages/index.js';
import { SUBSCRIPTION_BLOCKS } from './ids.js';

/** How many unknown words are echoed back, and how much of each. */
const UNKNOWN_SHOWN = 5;
const WORD_MAX = 40;
/** Channels listed; beyond, a count. Keeps the list within the 50 blocks of a message. */
export const LIST_MAX = 300;

function actionCodes(actions: readonly AlertAction[]): SafeText {
  return joinSafe(
    actions.map((a) => code(a)),
    md`, `,
  );
}

/** `all (start, stop, …)` or the chosen actions, each as code. */
export function alertFilterText(filter: AlertFilter, messages: Messages): SafeText {
  return filter === 'all'
    ? messages.subscriptions.allActions({ list: actionCodes(ALERT_ACTIONS) })
    : actionCodes(filter);
}

/** In-channel: who subscribed this channel, to what. */
export function subscribedNote(input: {
  userId: string;
  filter: AlertFilter;
  messages: Messages;
}): SlackMessage {
  const text = input.messages.subscriptions.subscribed({
    user: userMention(input.userId),
    actions: alertFilterText(input.filter, input.messages),
  });
  return textMessage(text, SUBSCRIPTION_BLOCKS.note);
}

/** In-channel: who unsubscribed this channel. */
export function unsubscribedNote(input: { userId: string; messages: Messages }): SlackMessage {
  const text = input.messages.subscriptions.unsubscribed({ user: userMention(input.userId) });
  return textMessage(text, SUBSCRIPTION_BLOCKS.note);
}

/** In-channel: some actions turned off, the rest kept. */
export function narrowedNote(input: {
  userId: string;
  removed: readonly AlertAction[];
  remaining: AlertFilter;
  messages: Messages;
}): SlackMessage {
  const text = input.messages.subscriptions.narrowed({
    user: userMention(input.userId),
    removed: actionCodes(input.removed),
    remaining: alertFilterText(input.remaining, input.messages),
  });
  return textMessage(text, SUBSCRIPTION_BLOCKS.note);
}

/** Ephemeral: none of the named actions were subscribed. */
export function unchangedMessage(input: {
  named: readonly AlertAction[];
  current: AlertFilter;
  messages: Messages;
}): SlackMessage {
  const text = input.messages.subscriptions.unchanged({
    named: actionCodes(input.named),
    remaining: alertFilterText(input.current, input.messages),
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
    allowed: actionCodes(ALERT_ACTIONS),
  });
  return message(fallbackText([text]), [
    section(text, BLOCKS.errorText),
    context([input.messages.input.seeHelp]),
  ]);
}

/** Ephemeral: Slack refused the subscribe note, so alerts could not be posted there either. */
export function cannotPostMessage(input: { error: string; messages: Messages }): SlackMessage {
  return textMessage(
    input.messages.subscriptions.cannotPost({ error: code(input.error, 80) }),
    BLOCKS.errorText,
  );
}

/** Ephemeral: every subscribed channel of the workspace with its filter, built from ids only. */
export function subscriptionListMessage(input: {
  subscriptions: readonly Subscription[];
  currentChannelId: string;
  messages: Messages;
}): SlackMessage {
  const { subscriptions, messages } = input;
  const texts = messages.subscriptions;
  const header: HeaderBlock = {
    type: 'header',
    block_id: SUBSCRIPTION_BLOCKS.header,
    text: plain(texts.listHeader, LIMITS.headerText),
  };
  if (subscriptions.length === 0) {
    return message(fallbackText([texts.listEmpty]), [
      header,
      section(texts.listEmpty, SUBSCRIPTION_BLOCKS.hint),
    ]);
  }
  const lines = subscriptions.slice(0, LIST_MAX).map((s) =>
    texts.listLine({
      channel: channelMention(s.channelId),
      actions: alertFilterText(s.actions, messages),
      here: s.channelId === input.currentChannelId,
    }),
  );
  if (subscriptions.length > LIST_MAX)
    lines.push(texts.moreNotShown({ count: subscriptions.length - LIST_MAX }));
  const sections = packLines(lines, LIMITS.sectionText).map((text, i) =>
    section(text, `${SUBSCRIPTION_BLOCKS.listPrefix}${i}`),
  );
  return message(fallbackText([escapeMrkdwn(texts.listHeader), ...lines]), [
    header,
    ...sections.slice(0, LIMITS.messageBlocks - 2),
    context([texts.listHint], SUBSCRIPTION_BLOCKS.hint),
  ]);
}

/** Lines joined into as few texts as fit in max characters each (a line is never split). */
function packLines(lines: readonly SafeText[], max: number): SafeText[] {
  const packs: SafeText[][] = [];
  let current: SafeText[] = [];
  let length = 0;
  for (const line of lines) {
    if (current.length > 0 && length + 1 + line.length > max) {
      packs.push(current);
      current = [];
      length = 0;
    }
    current.push(line);
    length += (current.length > 1 ? 1 : 0) + line.length;
  }
  if (current.length > 0) packs.push(current);
  return packs.map((pack) => joinSafe(pack));
}
