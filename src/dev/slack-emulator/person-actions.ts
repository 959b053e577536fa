import { DOCUMENTED_LIMITS as LIMITS } from './block-kit/documented-limits.js';
import { PersonActionRefusedError } from './errors.js';
import { isTopLevel, type MessageStore } from './messages.js';
import type { EmulatedChannel, EmulatedMessage, EmulatedUser, JoinInput, UserMessageInput } from './types.js';

// What people do in Slack's own client, which no Web API call of the app stands for: typing a
// message and adding someone to a channel. Refusals carry the error Slack's API gives for the same.

export interface PersonActionDeps {
  users: Map<string, EmulatedUser>;
  channels: Map<string, EmulatedChannel>;
  messages: MessageStore;
}

/**
 * Slack's client escapes &, < and > in what a person types and wraps the links it recognises in
 * <…>, so the stored text is mrkdwn in which the person's text can never become markup.
 */
export function formatTypedText(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return escaped.replace(/\bhttps?:\/\/[^\s<>]+/gi, (url) => {
    const trailing = /[.,;:!?)\]'"]+$/.exec(url)?.[0] ?? '';
    const link = url.slice(0, url.length - trailing.length);
    return `<${link}>${trailing}`;
  });
}

function refuse(code: string, message: string): never {
  throw new PersonActionRefusedError(code, message);
}

/** A parent for a reply must be a top-level message everyone in the channel sees. */
export function threadParent(
  messages: MessageStore,
  channelId: string,
  threadTs: string,
): EmulatedMessage | undefined {
  const parent = messages.find(channelId, threadTs);
  return parent && !parent.ephemeral && isTopLevel(parent) ? parent : undefined;
}

function channelOf(deps: PersonActionDeps, channelId: string): EmulatedChannel {
  return deps.channels.get(channelId) ?? refuse('channel_not_found', `There is no channel ${channelId}.`);
}

function label(channel: EmulatedChannel): string {
  return channel.is_im ? 'this direct message' : `#${channel.name}`;
}

export function postUserMessage(deps: PersonActionDeps, input: UserMessageInput): EmulatedMessage {
  const channel = channelOf(deps, input.channelId);
  const user = deps.users.get(input.userId);
  if (!user || user.deleted || user.is_bot) refuse('user_not_found', `There is no person ${input.userId}.`);
  if (channel.is_archived) refuse('is_archived', `${label(channel)} is archived: nobody can post in it.`);
  if (!channel.members.includes(user.id)) {
    refuse(
      'not_in_channel',
      `${user.real_name || user.name} is not in ${label(channel)}, so cannot post there.`,
    );
  }
  if (input.text.trim() === '') refuse('no_text', 'An empty message cannot be sent.');
  if (input.text.length > LIMITS.messageText) {
    refuse(
      'msg_too_long',
      `A message holds at most ${LIMITS.messageText.toLocaleString('en-US')} characters.`,
    );
  }
  if (input.threadTs !== undefined && !threadParent(deps.messages, channel.id, input.threadTs)) {
    refuse('thread_not_found', `There is no thread ${input.threadTs} in ${label(channel)}.`);
  }
  return deps.messages.post({
    channel: channel.id,
    text: formatTypedText(input.text),
    user: user.id,
    ...(input.threadTs === undefined ? {} : { thread_ts: input.threadTs }),
    ephemeral: false,
    source: 'user',
  });
}

/** /invite: the member joins, and the channel shows Slack's channel_join line. */
export function joinChannel(deps: PersonActionDeps, input: JoinInput): EmulatedMessage {
  const channel = channelOf(deps, input.channelId);
  if (channel.is_im)
    refuse('method_not_supported_for_channel_type', 'Nobody can be added to a direct message.');
  if (channel.is_archived) refuse('is_archived', `${label(channel)} is archived: nobody can join it.`);
  const invited = deps.users.get(input.userId);
  if (!invited || invited.deleted) refuse('user_not_found', `There is no member ${input.userId}.`);
  if (!channel.members.includes(input.inviterId)) {
    refuse('not_in_channel', `Only members of ${label(channel)} can add people to it.`);
  }
  const name = invited.real_name || invited.name;
  const present = invited.is_bot ? channel.botIsMember : channel.members.includes(invited.id);
  if (present) refuse('already_in_channel', `${name} is already in ${label(channel)}.`);
  if (invited.is_bot) channel.botIsMember = true;
  else channel.members.push(invited.id);
  return deps.messages.post({
    channel: channel.id,
    // The text and fields Slack's history returns for a channel_join message.
    text: `<@${invited.id}> has joined the channel`,
    user: invited.id,
    subtype: 'channel_join',
    inviter: input.inviterId,
    ephemeral: false,
    source: 'membership',
  });
}
