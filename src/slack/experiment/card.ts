import type { SectionBlock } from '@slack/types';
import type { ExperimentView } from '../../core/experiments/knowledge.js';
import type { Fact, RecordedAction } from '../../core/experiments/record.js';
import { escapeMrkdwn, md, mrkdwn, type SafeText, safe, userMention } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { actions, context, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import {
  type DictionaryLabels,
  labelledValue,
  NO_DICTIONARY_LABELS,
} from '../dictionaries/dictionary-labels.js';
import { labelOf, labelText, statusText } from '../labels/label.js';
import { lifecycleButtons } from '../lifecycle/buttons.js';
import type { Messages } from '../messages/index.js';
import { SCHEDULE_BLOCKS } from '../schedule/ids.js';
import { slackAgo } from './ago.js';
import { CARD_BLOCKS } from './ids.js';

const NAME_MAX = 200;
const COMMENT_MAX = 300;
/** Past actions shown on a card; the record keeps more. */
const CARD_HISTORY = 3;

export interface CardInput {
  view: ExperimentView;
  /** What just happened (the event that posted or updated this card). */
  headline?: SafeText | undefined;
  /** A remark about where the facts come from (no read route, read failed, stale click). */
  note?: SafeText | undefined;
  /** The experiment's console page (CONSOLE_WEB_URL). */
  link?: string | undefined;
  /** Leave the lifecycle buttons out (unfurls in channels where acting is not the point). */
  withoutButtons?: boolean | undefined;
  /** Names of the type, team and layer values (cardLabels); without them the values show bare. */
  labels?: DictionaryLabels | undefined;
  /** What is scheduled for it (src/slack/schedule), one line each. */
  scheduled?: readonly SafeText[] | undefined;
  messages: Messages;
}

/**
 * The experiment as the app knows it: name, type, team, layer, status with its source and age, the
 * last actions taken through the app, and buttons only for what makes sense from the known status.
 */
export function experimentCard(input: CardInput): SlackMessage {
  const { view, messages } = input;
  const { record, offered } = view;
  const c = messages.experimentCard;
  const id = record.experimentId;
  const trimmed = record.name?.value.trim();
  const name = trimmed ? safe(trimmed, NAME_MAX) : undefined;
  const title = c.title({ experimentId: id, name, link: input.link });
  const status = record.status?.value;
  const labels = input.labels ?? NO_DICTIONARY_LABELS;
  const named = (fact: Fact<string> | undefined, dictionary: 'teams' | 'layers') =>
    fact === undefined ? undefined : labelledValue(labels, dictionary, fact.value, messages);
  const fields: SafeText[] = [
    field(c.labels.status, record.status ? statusFact(record.status, messages) : c.statusUnknown),
    ...optionalField(c.labels.type, record.type && typeText(record.type.value, labels, messages)),
    ...optionalField(c.labels.team, named(record.team, 'teams')),
    ...optionalField(c.labels.layer, named(record.layer, 'layers')),
  ];
  const history = record.actions.slice(0, CARD_HISTORY).map((a) => actionLine(a, messages));
  const hint =
    status === undefined
      ? c.statusUnknownHint({ experimentId: id })
      : offered.length > 0
        ? c.next({ experimentId: id, status: statusText(messages.labels, status), actions: offered })
        : c.nothingKnownFrom({ experimentId: id, status: statusText(messages.labels, status) });
  const titleBlock: SectionBlock = {
    type: 'section',
    block_id: CARD_BLOCKS.title,
    text: mrkdwn(title, { max: LIMITS.sectionText }),
    fields: fields.slice(0, LIMITS.sectionFields).map((f) => mrkdwn(f, { max: LIMITS.sectionFieldText })),
  };
  const showButtons = !input.withoutButtons && offered.length > 0;
  return message(fallbackText([input.headline ?? title, ...(input.headline ? [title] : [])]), [
    input.headline === undefined ? undefined : section(input.headline, CARD_BLOCKS.headline),
    titleBlock,
    history.length === 0 ? undefined : context([c.lastActionsTitle, ...history], CARD_BLOCKS.history),
    input.scheduled?.length ? context(input.scheduled, SCHEDULE_BLOCKS.card) : undefined,
    input.note === undefined
      ? context([hint], CARD_BLOCKS.hint)
      : context([hint, input.note], CARD_BLOCKS.hint),
    showButtons
      ? actions(lifecycleButtons(offered, id, messages, status ?? null), CARD_BLOCKS.actions)
      : undefined,
  ]);
}

function field(label: string, value: SafeText): SafeText {
  return md`*${escapeMrkdwn(label)}*\n${value}`;
}

/**
 * A type the interface names reads as the form names it, in the reader's language; a type the
 * platform added since is named as its types dictionary names it, beside its value.
 */
function typeText(value: string, labels: DictionaryLabels, messages: Messages): SafeText {
  return labelOf(messages.labels.types, value) === undefined
    ? labelledValue(labels, 'types', value, messages)
    : labelText(messages.labels.types, value);
}

function optionalField(label: string, value: SafeText | undefined): SafeText[] {
  return value === undefined ? [] : [field(label, value)];
}

function statusFact(fact: Fact<string>, messages: Messages): SafeText {
  return messages.experimentCard.status({
    status: statusText(messages.labels, fact.value),
    source: fact.source,
    ago: slackAgo(new Date(fact.at), messages),
    by: undefined,
  });
}

function actionLine(action: RecordedAction, messages: Messages): SafeText {
  const who = action.actorId
    ? userMention(action.actorId)
    : messages.alerts.outsideActor({
        actor: action.actor === undefined ? undefined : safe(action.actor, 80),
      });
  const reason =
    action.interruptReason === undefined
      ? undefined
      : labelText(messages.labels.interruptReasons, action.interruptReason);
  const comment = action.comment?.trim() ? safe(action.comment.trim(), COMMENT_MAX) : undefined;
  return messages.experimentCard.action({
    action: action.action,
    user: who,
    ago: slackAgo(new Date(action.at), messages),
    reason,
    comment,
    viaEvent: action.source === 'event',
  });
}
