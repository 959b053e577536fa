import type { webApi } from '@slack/bolt';
import type { ExperimentView } from '../../core/experiments/knowledge.js';
import { threadIn } from '../../core/experiments/record.js';
import type { ExperimentRecords } from '../../core/experiments/record-store.js';
import type { Logger } from '../../observability/logger.js';
import type { SafeText } from '../blocks/escape.js';
import { type SlackMessage, section } from '../blocks/message.js';
import type { DictionaryLabels } from '../dictionaries/dictionary-labels.js';
import type { Messages } from '../messages/index.js';
import { errorCodeOf } from '../subscriptions/alert-outcomes.js';
import { experimentCard } from './card.js';
import { CARD_BLOCKS } from './ids.js';

export interface ThreadPosterDeps {
  records: ExperimentRecords;
  messages: Messages;
  logger: Logger;
  /** The experiment's console page, when CONSOLE_WEB_URL is set. */
  linkOf: (experimentId: number) => string | undefined;
}

export interface ThreadPost {
  client: Pick<webApi.WebClient, 'chat'>;
  scope: string;
  channelId: string;
  /** What happened, one line (or a few) for the thread. */
  event: SafeText;
  /** The experiment as known after the event: the parent card shows it. */
  view: ExperimentView;
  /** Names of the card's dictionary values (cardLabels); without them the values show bare. */
  labels?: DictionaryLabels | undefined;
  /**
   * The person acted away from the card (a slash command, a modal a command opened, a schedule): a
   * reply in its thread is also sent to the channel, so it lands where they are looking.
   */
  broadcast?: boolean | undefined;
  /**
   * The parent's headline when it is not this event: a refusal changed nothing, so the card keeps
   * headlining the last thing done (undefined: no headline). A new parent is headed by the event.
   */
  parentHeadline?: (() => SafeText | undefined) | undefined;
}

export interface ThreadPosted {
  parentTs: string;
  /** The reply's ts; equal to parentTs when this event started the thread. */
  ts: string;
  /**
   * Settles once a new parent is remembered in the experiment's record (at once for a reply). Never
   * rejects: failing to remember is logged. Left to the caller to await, so the store's write can
   * go alongside the caller's own writes instead of before them.
   */
  remembered: Promise<void>;
}

const REMEMBERED: Promise<void> = Promise.resolve();

/** Slack answers these when a remembered parent is gone: start a new thread. */
const PARENT_GONE = new Set(['thread_not_found', 'message_not_found', 'cant_update_message']);

/**
 * Follow-ups about one experiment in one channel live in one thread. The first event posts the
 * parent: the experiment's card headed by that event, with the buttons that make sense. Later
 * events are replies in its thread (also sent to the channel when the person acted away from the
 * card), and the parent is updated (chat.update) to the current state, headed by the event unless
 * it changed nothing, so the buttons anyone sees are the ones that make sense now. Throws the Web
 * API error when the bot cannot post in the channel at all (not_in_channel…): the caller decides
 * on a fallback.
 */
export async function postToExperimentThread(
  deps: ThreadPosterDeps,
  post: ThreadPost,
): Promise<ThreadPosted> {
  const { client, channelId, view, event, labels } = post;
  const id = view.record.experimentId;
  const card = (headline: SafeText | undefined): SlackMessage =>
    experimentCard({ view, headline, link: deps.linkOf(id), labels, messages: deps.messages });
  const thread = threadIn(view.record, channelId);
  if (thread) {
    try {
      const reply = await client.chat.postMessage({
        channel: channelId,
        thread_ts: thread.parentTs,
        reply_broadcast: post.broadcast === true,
        text: event,
        blocks: [section(event, CARD_BLOCKS.event)],
      });
      const headline = post.parentHeadline ? post.parentHeadline() : event;
      await refreshParent(deps, client, channelId, thread.parentTs, card(headline));
      return { parentTs: thread.parentTs, ts: reply.ts ?? thread.parentTs, remembered: REMEMBERED };
    } catch (error) {
      if (!PARENT_GONE.has(errorCodeOf(error))) throw error;
      deps.logger.info('the experiment thread parent is gone; starting a new thread', {
        channelId,
        experimentId: id,
      });
    }
  }
  const parent = await client.chat.postMessage({ channel: channelId, ...card(event) });
  const parentTs = parent.ts ?? '';
  // The message is out: failing to remember it must not make the caller post it a second time.
  const remembered = parentTs
    ? deps.records.update(post.scope, id, { thread: { channelId, parentTs } }, 'app-action').then(
        () => undefined,
        (error: unknown) => {
          deps.logger.warn('could not remember the experiment thread', {
            channelId,
            experimentId: id,
            error,
          });
        },
      )
    : REMEMBERED;
  return { parentTs, ts: parentTs, remembered };
}

/** Re-renders a thread's parent (or any card the app posted) in place; a failure is only logged. */
async function refreshParent(
  deps: Pick<ThreadPosterDeps, 'logger'>,
  client: Pick<webApi.WebClient, 'chat'>,
  channelId: string,
  ts: string,
  message: SlackMessage,
): Promise<void> {
  try {
    await client.chat.update({ channel: channelId, ts, ...message });
  } catch (error) {
    deps.logger.warn('could not update the experiment message in place', {
      channelId,
      error: errorCodeOf(error),
    });
  }
}
