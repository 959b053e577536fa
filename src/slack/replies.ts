import type { webApi } from '@slack/bolt';
import type { KnownBlock } from '@slack/types';
import type { Logger } from '../observability/logger.js';
import type { FetchLike } from '../observability/slack-api-calls.js';

interface SlackMessage {
  text: string;
  blocks: KnownBlock[];
}

/** Where a handler's answer goes: in the channel for everyone, or ephemeral to the person who acted. */
export interface Replier {
  inChannel(message: SlackMessage): Promise<void>;
  ephemeral(message: SlackMessage): Promise<void>;
}

type RespondLike = (message: Record<string, unknown>) => Promise<unknown>;

/**
 * Replies through a payload's response_url: it bypasses channel membership (the bot need not be
 * invited), lives 30 minutes and 5 uses — plenty for one command's outcome.
 */
export function responseUrlReplier(respond: RespondLike, logger: Logger): Replier {
  const send = async (responseType: 'in_channel' | 'ephemeral', message: SlackMessage) => {
    try {
      await respond({ response_type: responseType, replace_original: false, ...message });
    } catch (error) {
      logger.error('reply through response_url failed', { error, responseType });
    }
  };
  return {
    inChannel: (message) => send('in_channel', message),
    ephemeral: (message) => send('ephemeral', message),
  };
}

export interface WebApiReplierOptions {
  client: webApi.WebClient;
  channelId: string;
  userId: string;
  logger: Logger;
  /** Used when the bot cannot post in the channel itself (not invited to a private channel). */
  fallback?: Replier | undefined;
}

/** Replies with chat.postMessage / chat.postEphemeral, for flows with no response_url (modals). */
export function webApiReplier(options: WebApiReplierOptions): Replier {
  const { client, channelId, userId, logger, fallback } = options;
  const attempt = async (
    kind: 'inChannel' | 'ephemeral',
    call: () => Promise<unknown>,
    message: SlackMessage,
  ): Promise<void> => {
    try {
      await call();
    } catch (error) {
      logger.warn('reply through the Web API failed', { error, kind, channelId });
      if (fallback) await fallback[kind](message);
    }
  };
  return {
    inChannel: (message) =>
      attempt('inChannel', () => client.chat.postMessage({ channel: channelId, ...message }), message),
    // Opened from the Home tab (no channel: the person's own id stands for it): a DM instead.
    ephemeral: (message) =>
      attempt(
        'ephemeral',
        () =>
          channelId === userId
            ? client.chat.postMessage({ channel: userId, ...message })
            : client.chat.postEphemeral({ channel: channelId, user: userId, ...message }),
        message,
      ),
  };
}

/** POSTs a message to a response_url with the app's Slack fetch; throws when Slack does not take it. */
export async function postToResponseUrl(
  fetchFn: FetchLike,
  responseUrl: string,
  message: Record<string, unknown>,
): Promise<void> {
  const res = await fetchFn(responseUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
    signal: AbortSignal.timeout(5_000),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`response_url answered ${res.status}`);
}
