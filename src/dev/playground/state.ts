import type { EmulatedMessage, EmulatedView, SlackEmulator } from '../slack-emulator/types.js';
import { type PlaygroundLanguage, playgroundTexts } from './client/texts.js';
import { renderBlocks } from './render/blocks.js';
import { renderChannelMessages, renderThreads } from './render/messages.js';
import { type RenderedModal, renderModal } from './render/modal.js';
import { mentionNames, type RenderContext } from './render/text.js';
import { channelsOfTeam, type PlaygroundTeam, playgroundTeams } from './teams.js';

export interface PlaygroundState {
  /** Increases with every emulator change; the page shows it so tests can wait for a newer state. */
  revision: number;
  self: { userId: string; teamId: string };
  /** What this person chose as their language through the page: the switch shows it. */
  language: PlaygroundLanguage;
  teams: PlaygroundTeam[];
  users: Array<{ id: string; name: string; realName: string; isAdmin: boolean; isBot: boolean }>;
  channels: Array<{ id: string; label: string; isPrivate: boolean; isIm: boolean; botIsMember: boolean }>;
  /** Per channel, what this user sees: every in-channel message plus the ephemeral ones sent to them. */
  messages: Record<string, EmulatedMessage[]>;
  /** This user's open modal stack, bottom to top. */
  views: EmulatedView[];
  html: {
    channels: Record<string, string>;
    /** Per channel, its threads this user can open, by parent ts. */
    threads: Record<string, Record<string, string>>;
    modal: RenderedModal | null;
    /** This person's Home tab as the app last published it; null before it published one. */
    home: string | null;
  };
}

export function visibleMessages(
  emulator: SlackEmulator,
  channelId: string,
  userId: string,
): EmulatedMessage[] {
  return emulator.messages(channelId).filter((m) => !m.ephemeral || m.targetUserId === userId);
}

function homeHtml(emulator: SlackEmulator, userId: string, ctx: RenderContext): string | null {
  const home = emulator.homes.get(userId);
  return home ? `<div class="home-view">${renderBlocks(home.blocks, ctx)}</div>` : null;
}

/** Everything one user sees, as data and as server-rendered HTML (the page only inserts it). */
export function buildState(
  emulator: SlackEmulator,
  self: { userId: string; teamId: string },
  revision: number,
  language: PlaygroundLanguage = 'auto',
): PlaygroundState {
  // Only this workspace's channels, in the sidebar and in conversation pickers alike.
  const own = channelsOfTeam(emulator, self.teamId);
  const texts = playgroundTexts(language);
  const ctx: RenderContext = {
    names: { ...mentionNames(emulator.users, emulator.channels), ago: texts.ago },
    users: [...emulator.users.values()],
    channels: own,
    texts,
  };
  const channels = own.filter((c) => !(c.is_im || c.is_private) || c.members.includes(self.userId));
  const messages: Record<string, EmulatedMessage[]> = {};
  const channelHtml: Record<string, string> = {};
  const threadHtml: Record<string, Record<string, string>> = {};
  const channelCtx = { ...ctx, botUserId: emulator.identity.botUserId };
  for (const channel of channels) {
    const visible = visibleMessages(emulator, channel.id, self.userId);
    messages[channel.id] = visible;
    channelHtml[channel.id] = renderChannelMessages(visible, channelCtx);
    threadHtml[channel.id] = renderThreads(visible, channelCtx);
  }
  // A direct message is named after whoever is on the other side: the app in its own DMs.
  const appName = ctx.names.user(emulator.identity.botUserId) ?? 'exp-chatops';
  const imPartner = (members: readonly string[]) => {
    const other = members.find((m) => m !== self.userId);
    return (other === undefined ? undefined : ctx.names.user(other)) ?? appName;
  };
  const views = [...emulator.views.values()].filter((v) => v.userId === self.userId);
  const top = views.at(-1);
  return {
    revision,
    self,
    language,
    teams: playgroundTeams(emulator),
    users: [...emulator.users.values()]
      .filter((u) => !u.deleted)
      .map((u) => ({
        id: u.id,
        name: u.name,
        realName: u.real_name,
        isAdmin: u.is_admin,
        isBot: u.is_bot === true,
      })),
    channels: channels.map((c) => ({
      id: c.id,
      label: c.is_im ? `@${imPartner(c.members)}` : `#${c.name}`,
      isPrivate: c.is_private,
      isIm: c.is_im === true,
      botIsMember: c.botIsMember,
    })),
    messages,
    views,
    html: {
      channels: channelHtml,
      threads: threadHtml,
      modal: top ? renderModal(top, ctx, views.length) : null,
      home: homeHtml(emulator, self.userId, channelCtx),
    },
  };
}
