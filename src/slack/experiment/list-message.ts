import type { Button, SectionBlock } from '@slack/types';
import type { ListResult } from '../../core/experiments/list-experiments.js';
import { mrkdwn, plain, safe } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { actions, context, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import type { SandboxExperimentHint } from '../deps.js';
import {
  type DictionaryLabels,
  labelledValue,
  NO_DICTIONARY_LABELS,
} from '../dictionaries/dictionary-labels.js';
import { experimentRef, statusText } from '../labels/label.js';
import type { Messages } from '../messages/index.js';
import { slackAgo } from './ago.js';
import { EXPERIMENT_ACTIONS, encodeListPageValue, encodeShowValue, LIST_BLOCKS } from './ids.js';

/** Enough to show each status the sandbox holds, well within a message's 50 blocks. */
const SANDBOX_EXAMPLES_MAX = 12;

function showButton(experimentId: number, messages: Messages): Button {
  return {
    type: 'button',
    action_id: EXPERIMENT_ACTIONS.show,
    text: plain(messages.experimentCard.showButton, LIMITS.buttonText),
    value: encodeShowValue({ experimentId }),
  };
}

function exampleBlock(example: SandboxExperimentHint, i: number, messages: Messages): SectionBlock {
  const line = messages.experimentList.exampleLine({
    experiment: experimentRef(example.experimentId, example.name),
    status: statusText(messages.labels, example.status),
  });
  return {
    type: 'section',
    block_id: `${LIST_BLOCKS.itemPrefix}${i}`,
    text: mrkdwn(line),
    accessory: showButton(example.experimentId, messages),
  };
}

/** `/exp list`: one line per experiment with its status and a Show button, then paging. */
export function experimentListMessage(input: {
  result: ListResult;
  /** Already bounded (LIST_FILTER_MAX). */
  filter: string | undefined;
  /** Names of the teams shown (cardLabels); without them the values show bare. */
  labels?: DictionaryLabels | undefined;
  /** The embedded sandbox's experiments, named when the app has seen none (never on a real platform). */
  sandboxExperiments?: readonly SandboxExperimentHint[] | undefined;
  messages: Messages;
}): SlackMessage {
  const { result, messages } = input;
  const labels = input.labels ?? NO_DICTIONARY_LABELS;
  const l = messages.experimentList;
  const filter = input.filter === undefined ? undefined : safe(input.filter, 100);
  if (result.total === 0) {
    const empty = l.empty({ filter });
    const examples = filter === undefined ? (input.sandboxExperiments ?? []) : [];
    return message(fallbackText([empty]), [
      section(empty, LIST_BLOCKS.summary),
      examples.length > 0 ? section(l.sandboxExamples, LIST_BLOCKS.note) : undefined,
      ...examples.slice(0, SANDBOX_EXAMPLES_MAX).map((example, i) => exampleBlock(example, i, messages)),
    ]);
  }
  const summary = l.summary({
    shown: result.views.length,
    total: result.total,
    page: result.page,
    pages: result.pages,
    filter,
  });
  const items: SectionBlock[] = result.views.map(({ record }, i) => ({
    type: 'section',
    block_id: `${LIST_BLOCKS.itemPrefix}${i}`,
    text: mrkdwn(
      l.line({
        experiment: experimentRef(record.experimentId, record.name?.value),
        status: record.status ? statusText(messages.labels, record.status.value) : undefined,
        ago: slackAgo(new Date(record.touchedAt), messages),
        team: record.team ? labelledValue(labels, 'teams', record.team.value, messages) : undefined,
      }),
    ),
    accessory: showButton(record.experimentId, messages),
  }));
  const note =
    result.refreshed.routeMissing || result.refreshed.count > 0
      ? l.refreshNote({ refreshed: result.refreshed.count, missing: result.refreshed.routeMissing })
      : undefined;
  const nav: Button[] = [];
  const page = (target: number, label: string, actionId: string): Button => ({
    type: 'button',
    action_id: actionId,
    text: plain(label, LIMITS.buttonText),
    value: encodeListPageValue({
      page: target,
      ...(input.filter === undefined ? {} : { filter: input.filter }),
    }),
  });
  if (result.page > 1) nav.push(page(result.page - 1, l.previous, EXPERIMENT_ACTIONS.listPrev));
  if (result.page < result.pages) nav.push(page(result.page + 1, l.next, EXPERIMENT_ACTIONS.listNext));
  return message(fallbackText([summary]), [
    { type: 'header', block_id: LIST_BLOCKS.header, text: plain(l.header, LIMITS.headerText) },
    section(summary, LIST_BLOCKS.summary),
    ...items,
    note === undefined ? undefined : context([note], LIST_BLOCKS.note),
    nav.length > 0 ? actions(nav, LIST_BLOCKS.nav) : undefined,
  ]);
}
