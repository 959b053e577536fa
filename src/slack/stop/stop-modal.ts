import type { InputBlock, ModalView, PlainTextOption } from '@slack/types';
import { ExperimentInterruptReason, STOP_COMMENT_MAX } from '../../core/stop-reason.js';
import { plain, type SafeText, truncate } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { section } from '../blocks/message.js';
import { experimentRef, statusText } from '../labels/label.js';
import type { Messages } from '../messages/index.js';
import { encodeMetadata } from '../payload.js';
import { STOP_MODAL, StopModalMetadata } from './ids.js';

/** The four reasons in the interface's order; values are the exact enum values the platform takes. */
function reasonOptions(messages: Messages): PlainTextOption[] {
  return ExperimentInterruptReason.options.map((reason) => ({
    text: plain(messages.labels.interruptReasons[reason], LIMITS.optionText),
    value: reason,
  }));
}

export interface StopModalInput {
  experimentId: number;
  /** What the app knows, shown so nobody stops the wrong experiment. */
  name?: string | undefined;
  status?: string | undefined;
  /** The interface makes the reason optional; the workspace's policy may require one. */
  reasonRequired: boolean;
  /** Off by default: the workspace's policy may require a comment when the reason is Other. */
  otherCommentRequired?: boolean | undefined;
  fromMessage?: { ts?: string | undefined } | undefined;
  expectedStatus?: string | null | undefined;
  channelId: string;
  /** Kept in private_metadata so the result can also answer the original command or message. */
  responseUrl?: string | undefined;
  initialReason?: ExperimentInterruptReason | undefined;
  initialComment?: string | undefined;
  /** A time phrase typed after the id (`/exp stop 3 in 3d`): the "when" field starts with it. */
  initialWhen?: string | undefined;
  /** The policy needs a second person's approval: who will be asked (the form only asks, and says so). */
  asks?: SafeText | undefined;
  messages: Messages;
}

/**
 * The comment input is optional for Slack, as the interface makes it. Where the workspace's policy
 * requires it for Other, the hint says so and the submission checks it (response_action errors on
 * STOP_MODAL.blocks.comment).
 */
export function stopModal(input: StopModalInput): ModalView {
  const { messages, experimentId } = input;
  const texts = messages.modals.stop;
  const options = [
    ...reasonOptions(messages),
    ...(input.reasonRequired
      ? []
      : [{ text: plain(texts.noReason, LIMITS.optionText), value: STOP_MODAL.noReasonValue }]),
  ];
  const initialOption = options.find((o) => o.value === input.initialReason);
  const comment = input.initialComment?.trim();

  const reasonBlock: InputBlock = {
    type: 'input',
    block_id: STOP_MODAL.blocks.reason,
    label: plain(texts.reasonLabel, LIMITS.inputLabel),
    element: {
      type: 'static_select',
      action_id: STOP_MODAL.actions.reason,
      placeholder: plain(texts.reasonPlaceholder, LIMITS.selectPlaceholder),
      options,
      ...(initialOption === undefined ? {} : { initial_option: initialOption }),
    },
  };
  const commentBlock: InputBlock = {
    type: 'input',
    block_id: STOP_MODAL.blocks.comment,
    optional: true,
    label: plain(texts.commentLabel, LIMITS.inputLabel),
    ...(input.otherCommentRequired ? { hint: plain(texts.commentHint, LIMITS.inputHint) } : {}),
    element: {
      type: 'plain_text_input',
      action_id: STOP_MODAL.actions.comment,
      multiline: true,
      // The app's own limit, which is Slack's for this input: a longer paste is cut by Slack's client,
      // and a submission over it (a client that does not cut) is answered under the field.
      max_length: STOP_COMMENT_MAX,
      placeholder: plain(texts.commentPlaceholder, LIMITS.selectPlaceholder),
      ...(comment ? { initial_value: truncate(comment, STOP_COMMENT_MAX) } : {}),
    },
  };
  return {
    type: 'modal',
    callback_id: STOP_MODAL.callbackId,
    title: plain(texts.title, LIMITS.viewTitle),
    submit: plain(
      input.asks === undefined ? texts.submit : messages.requests.requestStopButton,
      LIMITS.viewSubmit,
    ),
    close: plain(messages.modals.cancel, LIMITS.viewClose),
    private_metadata: encodeMetadata(StopModalMetadata, {
      experimentId,
      channelId: input.channelId,
      ...(input.responseUrl === undefined ? {} : { responseUrl: input.responseUrl }),
      ...(input.fromMessage === undefined ? {} : { fromMessage: input.fromMessage }),
      ...(input.expectedStatus === undefined ? {} : { expectedStatus: input.expectedStatus }),
    }),
    blocks: [
      section(
        texts.intro({
          experiment: experimentRef(experimentId, input.name),
          status: input.status === undefined ? undefined : statusText(messages.labels, input.status),
        }),
        STOP_MODAL.blocks.experiment,
      ),
      ...(input.asks === undefined
        ? []
        : [section(messages.requests.stopWillAsk({ approvers: input.asks }), STOP_MODAL.blocks.approval)]),
      reasonBlock,
      commentBlock,
      whenBlock(input.initialWhen, messages),
    ],
  };
}

/** Optional: empty stops now; a time phrase (in the person's Slack time zone) schedules the stop. */
function whenBlock(initial: string | undefined, messages: Messages): InputBlock {
  const texts = messages.schedule;
  return {
    type: 'input',
    block_id: STOP_MODAL.blocks.when,
    optional: true,
    label: plain(texts.modalWhenLabel, LIMITS.inputLabel),
    hint: plain(texts.modalWhenHint, LIMITS.inputHint),
    element: {
      type: 'plain_text_input',
      action_id: STOP_MODAL.actions.when,
      max_length: 100,
      placeholder: plain(texts.modalWhenPlaceholder, LIMITS.selectPlaceholder),
      ...(initial ? { initial_value: truncate(initial, 100) } : {}),
    },
  };
}
