// The page around the modal: workspace and user switches, the channel list and the channel pane.

import { byId } from './dom.js';
import { renderAppList } from './home-view.js';
import type { PageState } from './page-state.js';
import { pageTexts } from './page-texts.js';
import { saveLocation, session } from './session.js';
import { unreadCounts } from './unread.js';

function fillSelect(select: HTMLSelectElement, items: Array<{ value: string; label: string }>): void {
  select.textContent = '';
  for (const item of items) {
    const option = document.createElement('option');
    option.value = item.value;
    option.textContent = item.label;
    select.appendChild(option);
  }
}

export function renderSwitches(state: PageState): void {
  const people = state.users
    .filter((u) => !u.isBot)
    .map((u) => ({
      value: u.id,
      label: `${u.realName || u.name}${u.isAdmin ? ' (admin)' : ''} \u00b7 ${u.id}`,
    }));
  const userSelect = byId('user-select', HTMLSelectElement);
  let key = JSON.stringify(people);
  // Refilled only when the list changed, so an open drop-down is not closed under the user.
  if (key !== session.usersKey) {
    fillSelect(userSelect, people);
    session.usersKey = key;
  }
  userSelect.value = session.userId;
  const teams = state.teams.map((t) => ({ value: t.id, label: `${t.name} \u00b7 ${t.id}` }));
  const teamSelect = byId('team-select', HTMLSelectElement);
  key = JSON.stringify(teams);
  if (key !== session.teamsKey) {
    fillSelect(teamSelect, teams);
    session.teamsKey = key;
  }
  teamSelect.value = session.teamId;
}

export function renderSidebar(state: PageState): void {
  const known = state.channels.some((c) => c.id === session.channelId);
  const firstChannel = state.channels[0];
  if (!known && firstChannel) {
    session.channelId = firstChannel.id;
    saveLocation();
  }
  const unread = unreadCounts(state, session.channelId);
  const list = byId('channel-list', HTMLElement);
  list.textContent = '';
  let elsewhere = 0;
  for (const channel of state.channels) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    const open = channel.id === session.channelId && !session.home;
    const count = open ? 0 : (unread.get(channel.id) ?? 0);
    elsewhere += count;
    button.type = 'button';
    button.className = `channel${open ? ' active' : ''}${count > 0 ? ' has-unread' : ''}`;
    button.dataset.channelId = channel.id;
    const name = document.createElement('span');
    name.className = 'channel-name';
    name.textContent = channel.label + (channel.isPrivate && !channel.isIm ? pageTexts().privateChannel : '');
    button.appendChild(name);
    if (!channel.botIsMember && !channel.isIm) button.title = pageTexts().notMember;
    if (count > 0) {
      const badge = document.createElement('span');
      badge.className = 'unread';
      badge.textContent = String(count);
      badge.setAttribute('aria-label', pageTexts().unread(count));
      button.appendChild(badge);
    }
    item.appendChild(button);
    list.appendChild(item);
  }
  renderAppList();
  // Narrow screens hide the list behind a button: it carries the unread total.
  const total = byId('toggle-unread', HTMLElement);
  total.hidden = elsewhere === 0;
  total.textContent = String(elsewhere);
  total.setAttribute('aria-label', pageTexts().unread(elsewhere));
}

/** The channel list as a drawer on narrow screens (CSS shows the toggle only there). */
export function setDrawer(open: boolean): void {
  document.body.classList.toggle('drawer-open', open);
  byId('channels-toggle', HTMLElement).setAttribute('aria-expanded', String(open));
}

export function renderPane(state: PageState): void {
  document.body.classList.toggle('on-home', session.home);
  const channel = state.channels.find((c) => c.id === session.channelId);
  const title = session.home ? pageTexts().appHome : channel ? channel.label : '';
  byId('channel-title', HTMLElement).textContent = title;
  const html = (session.home ? state.html.home : state.html.channels[session.channelId]) || '';
  if (html === session.paneHtml) return;
  const pane = byId('messages', HTMLElement);
  // Follow new messages only when the reader is already at the bottom.
  const stick = session.paneHtml === null || pane.scrollHeight - pane.scrollTop - pane.clientHeight < 80;
  if (html) {
    pane.innerHTML = html;
  } else {
    pane.textContent = '';
    const empty = document.createElement('div');
    empty.className = 'empty';
    // Before the app has published a Home tab, a line that says it is coming.
    empty.textContent = session.home ? pageTexts().homeNotPublished : pageTexts().noMessages;
    pane.appendChild(empty);
  }
  session.paneHtml = html;
  if (stick) pane.scrollTop = pane.scrollHeight;
}
