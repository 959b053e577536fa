import { randomBytes } from 'node:crypto';
import { actionTs, type PayloadOrigin, VERIFICATION_TOKEN } from './interaction-payloads.js';
import { EMULATOR_DEFAULTS } from './seed.js';
import type { EmulatedMessage, SlackEmulator } from './types.js';
import { featuredUrls } from './web-api-unfurl.js';

// A person posts a message with links; Slack tells the app about the links on domains the app
// registered (the manifest's features.unfurl_domains) in a link_shared event, which the app answers
// with chat.unfurl. Shapes follow the link_shared reference and @slack/types' LinkSharedEvent.

export interface ShareLinkInput {
  /** The message as the person types it; default: the url alone. */
  text?: string;
  /** A link to share; default: every http(s) link in text. */
  url?: string;
  channelId?: string;
  userId?: string;
  /** Post the message as a reply in this thread; the event then carries thread_ts. */
  threadTs?: string;
}

export interface PreparedShare {
  message: EmulatedMessage;
  /** The event_callback to deliver; undefined when no link is on an unfurl domain (Slack sends none). */
  event: Record<string, unknown> | undefined;
}

/**
 * The registered domain that covers a URL: the domain itself or any subdomain of it, as Slack's
 * example shows (domain another-example.com for https://yet.another-example.com/…). Without a
 * domain list every link counts, under its own host name.
 */
export function unfurlDomainOf(url: string, domains: readonly string[] | undefined): string | undefined {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  if (domains === undefined) return host;
  return domains
    .map((d) => d.toLowerCase().replace(/^\*\./, ''))
    .find((domain) => host === domain || host.endsWith(`.${domain}`));
}

function linkSharedCallback(
  origin: PayloadOrigin & { botUserId: string },
  event: Record<string, unknown>,
): Record<string, unknown> {
  return {
    token: VERIFICATION_TOKEN,
    team_id: origin.teamId,
    ...(origin.enterpriseId === undefined ? {} : { enterprise_id: origin.enterpriseId }),
    api_app_id: origin.apiAppId,
    event,
    type: 'event_callback',
    event_id: `Ev${randomBytes(5).toString('hex').toUpperCase()}`,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [
      {
        enterprise_id: origin.enterpriseId ?? null,
        team_id: origin.teamId,
        user_id: origin.botUserId,
        is_bot: true,
        is_enterprise_install: false,
      },
    ],
    is_ext_shared_channel: false,
  };
}

/**
 * Posts the person's message and builds the event Slack would send for its links. The links are
 * those the text features (`url` is added to the text when it is not in it); only those on
 * `domains` go in the event, as Slack sends only links on the app's unfurl domains.
 */
export function prepareLinkShare(
  emu: SlackEmulator,
  origin: (userId: string) => PayloadOrigin,
  input: ShareLinkInput,
  domains: readonly string[] | undefined,
): PreparedShare {
  const base = input.text ?? input.url;
  if (base === undefined) throw new TypeError('shareLink needs a url or a text with a link in it');
  const text = input.url !== undefined && !base.includes(input.url) ? `${base} ${input.url}` : base;
  const userId = input.userId ?? EMULATOR_DEFAULTS.userId;
  const channelId = input.channelId ?? EMULATOR_DEFAULTS.channelId;
  const message = emu.postUserMessage({ channelId, userId, text, threadTs: input.threadTs });
  const links = [...featuredUrls(message.text)]
    .map((url) => ({ domain: unfurlDomainOf(url, domains), url }))
    .filter((link): link is { domain: string; url: string } => link.domain !== undefined);
  if (links.length === 0) return { message, event: undefined };
  const shared = emu.recordSharedLinks({
    channelId,
    messageTs: message.ts,
    urls: links.map((l) => l.url),
  });
  const from = origin(userId);
  const installed = emu.team(from.teamId) ?? emu.identity;
  const event = {
    type: 'link_shared',
    channel: channelId,
    is_bot_user_member: emu.channels.get(channelId)?.botIsMember === true,
    user: userId,
    message_ts: message.ts,
    unfurl_id: shared.unfurlId,
    ...(input.threadTs === undefined ? {} : { thread_ts: input.threadTs }),
    source: 'conversations_history',
    links,
    event_ts: actionTs(),
  };
  return { message, event: linkSharedCallback({ ...from, botUserId: installed.botUserId }, event) };
}
