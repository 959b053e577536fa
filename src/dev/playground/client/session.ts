import type { PageState } from './page-state.js';

/** Who the page acts as, where it looks, and what it last rendered (to skip needless re-renders). */
export interface Session {
  userId: string;
  teamId: string;
  channelId: string;
  /** The app's Home tab is open instead of a channel (the channel stays chosen underneath). */
  home: boolean;
  state: PageState | null;
  events: EventSource | null;
  paneHtml: string | null;
  modalKey: string | null;
  modalViewId: string | null;
  usersKey: string;
  teamsKey: string;
  /** Commands sent from the composer, for ↑/↓ recall. */
  history: string[];
  historyAt: number;
  /** The open thread (its parent's ts) in the current channel, or null. */
  threadTs: string | null;
  threadHtml: string | null;
  /**
   * Per person and workspace (`team/user`), per channel: the newest message ts seen there. Kept in
   * the page, like a Slack client's own read state: a reload starts with everything read.
   */
  readMarks: Map<string, Map<string, string>>;
}

export const session: Session = {
  userId: '',
  teamId: '',
  channelId: '',
  home: false,
  state: null,
  events: null,
  paneHtml: null,
  modalKey: null,
  modalViewId: null,
  usersKey: '',
  teamsKey: '',
  history: [],
  historyAt: 0,
  threadTs: null,
  threadHtml: null,
  readMarks: new Map(),
};

/** The query string wins over the server's defaults, so a reload or a shared link keeps the view. */
export function initFromLocation(): void {
  const query = new URLSearchParams(location.search);
  const defaults = document.body.dataset;
  session.userId = query.get('user') || defaults.defaultUser || '';
  session.teamId = query.get('team') || defaults.defaultTeam || '';
  session.channelId = query.get('channel') || defaults.defaultChannel || '';
  session.home = query.get('tab') === 'home';
}

export function saveLocation(): void {
  const query = new URLSearchParams();
  query.set('user', session.userId);
  query.set('team', session.teamId);
  query.set('channel', session.channelId);
  if (session.home) query.set('tab', 'home');
  history.replaceState(null, '', `?${query.toString()}`);
}

/** An API body on behalf of the person and workspace the page acts as. */
export function acting(extra: Record<string, unknown>): Record<string, unknown> {
  return { userId: session.userId, teamId: session.teamId, ...extra };
}
