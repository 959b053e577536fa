import type { webApi } from '@slack/bolt';
import type { Logger } from '../../observability/logger.js';
import type { FetchLike } from '../../observability/slack-api-calls.js';
import type { SlackMessage } from '../blocks/message.js';
import { postToResponseUrl } from '../replies.js';

type Respond = (message: Record<string, unknown>) => Promise<unknown>;

/**
 * Where a lifecycle action was asked from, and how each kind of answer reaches its people: results
 * go to the channel (thread-poster.ts); what concerns only the person goes to them alone, replacing
 * the "Working on it…" note when there is one; a message whose button started the action is
 * refreshed in place.
 */
export interface LifecycleSurface {
  client: webApi.WebClient;
  channelId: string;
  /** To the person alone (bad input, not connected, platform failed…). */
  tell(message: SlackMessage): Promise<void>;
  /** The result is in the channel: the person's "Working on it…" note, if any, goes away. */
  settled(): Promise<void>;
  /** Posts into the channel through the response_url when the bot cannot post there itself. */
  inChannelFallback?: ((message: SlackMessage) => Promise<void>) | undefined;
  /** Re-renders the message whose button started the action. */
  refreshOrigin?: ((message: SlackMessage) => Promise<void>) | undefined;
  /** That message's ts, when known (a thread parent is already refreshed by the thread poster). */
  originTs?: string | undefined;
  /**
   * Asked away from the experiment's card (a slash command, a modal a command opened, a schedule):
   * the card may be far up the channel, so a result that goes into its thread is also sent to the
   * channel, where the person is.
   */
  awayFromCard?: boolean | undefined;
}

/**
 * A slash command, acked at once with nothing shown. The person's "Working on it…" note is posted
 * only if nothing has been said after `note.afterMs`: most outcomes land in the channel well before,
 * and a note shown then deleted at once was a flicker for the person and two of the four Slack calls
 * of a start. Once posted, the note is replaced by the first thing said to the person, or deleted
 * when the channel has the result; anything after that is a new message.
 */
export function commandSurface(input: {
  client: webApi.WebClient;
  channelId: string;
  respond: Respond;
  logger: Logger;
  note: { message: SlackMessage; afterMs: number };
}): LifecycleSurface & { finish(): Promise<void> } {
  const send = quietly(input.respond, input.logger);
  const note = delayedNote(send, input.note);
  return {
    client: input.client,
    channelId: input.channelId,
    tell: async (m) => {
      const replace = await note.close();
      await send({ response_type: 'ephemeral', replace_original: replace, ...m });
    },
    settled: async () => {
      if (await note.close()) await send({ delete_original: true });
    },
    inChannelFallback: (m) => send({ response_type: 'in_channel', replace_original: false, ...m }),
    awayFromCard: true,
    // Nothing was said at all (the flow threw first): no note may appear after the fact.
    finish: async () => void (await note.close()),
  };
}

/**
 * A note posted after a delay unless closed first. `close` says whether it was posted (waiting for
 * its post to finish, so a replace or delete that follows finds it); later calls answer false, as
 * the note has been dealt with by then.
 */
function delayedNote(
  send: (message: Record<string, unknown>) => Promise<void>,
  note: { message: SlackMessage; afterMs: number },
): { close(): Promise<boolean> } {
  let state: 'waiting' | 'posted' | 'closed' = 'waiting';
  let posting: Promise<void> | undefined;
  const timer = setTimeout(() => {
    state = 'posted';
    posting = send({ response_type: 'ephemeral', ...note.message });
  }, note.afterMs);
  return {
    async close() {
      clearTimeout(timer);
      const wasPosted = state === 'posted';
      state = 'closed';
      if (wasPosted) await posting;
      return wasPosted;
    },
  };
}

/** A button on a message: that message is refreshed in place; the person's replies are new messages. */
export function buttonSurface(input: {
  client: webApi.WebClient;
  channelId: string;
  respond: Respond;
  messageTs: string | undefined;
  logger: Logger;
}): LifecycleSurface {
  const send = quietly(input.respond, input.logger);
  return {
    client: input.client,
    channelId: input.channelId,
    tell: (m) => send({ response_type: 'ephemeral', replace_original: false, ...m }),
    settled: async () => {},
    inChannelFallback: (m) => send({ response_type: 'in_channel', replace_original: false, ...m }),
    refreshOrigin: (m) => send({ replace_original: true, ...m }),
    originTs: input.messageTs,
  };
}

/**
 * A modal submission (stop): no response_url of its own. The person hears through chat.postEphemeral,
 * else through the response_url the modal kept from its command or button; that URL also refreshes
 * the message when the modal was opened from one of its buttons.
 */
export function modalSurface(input: {
  client: webApi.WebClient;
  channelId: string;
  userId: string;
  responseUrl: string | undefined;
  fromMessage: { ts?: string | undefined } | undefined;
  /** The fetch Bolt uses (so these posts are decorated and counted like the others). */
  fetch: FetchLike;
  logger: Logger;
}): LifecycleSurface {
  const { client, channelId, userId, logger } = input;
  const viaUrl = input.responseUrl ? quietly(postTo(input.fetch, input.responseUrl), logger) : undefined;
  return {
    client,
    channelId,
    async tell(m) {
      try {
        await client.chat.postEphemeral({ channel: channelId, user: userId, ...m });
      } catch (error) {
        logger.warn('ephemeral reply failed; trying the response_url', { error });
        await viaUrl?.({ response_type: 'ephemeral', replace_original: false, ...m });
      }
    },
    settled: async () => {},
    inChannelFallback:
      viaUrl && ((m) => viaUrl({ response_type: 'in_channel', replace_original: false, ...m })),
    refreshOrigin: input.fromMessage && viaUrl && ((m) => viaUrl({ replace_original: true, ...m })),
    originTs: input.fromMessage?.ts,
    awayFromCard: input.fromMessage === undefined,
  };
}

/** A reply that cannot be delivered is logged: the outcome it reports already happened. */
function quietly(respond: Respond, logger: Logger): (message: Record<string, unknown>) => Promise<void> {
  return async (message) => {
    try {
      await respond(message);
    } catch (error) {
      logger.warn('reply through response_url failed', { error });
    }
  };
}

/** POSTs to a response_url kept in a modal's metadata (the modal's own payload has none). */
function postTo(fetchFn: FetchLike, responseUrl: string): Respond {
  return (message) => postToResponseUrl(fetchFn, responseUrl, message);
}
