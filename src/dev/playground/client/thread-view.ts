// The open thread: beside the channel on wide screens, over it on narrow ones. Its messages are
// server-rendered like the channel's, so their buttons and menus work the same way.
import { byId } from './dom.js';
import type { PageState } from './page-state.js';
import { session } from './session.js';

export function renderThread(state: PageState): void {
  const pane = byId('thread-pane', HTMLElement);
  const ts = session.threadTs;
  const html = ts === null ? undefined : state.html.threads[session.channelId]?.[ts];
  if (html === undefined) {
    // Closed, or gone (its replies were deleted, or the channel changed).
    session.threadTs = null;
    session.threadHtml = null;
    pane.hidden = true;
    document.body.classList.remove('thread-open');
    return;
  }
  pane.hidden = false;
  document.body.classList.add('thread-open');
  const channel = state.channels.find((c) => c.id === session.channelId);
  byId('thread-channel', HTMLElement).textContent = channel ? channel.label : '';
  if (html === session.threadHtml) return;
  const threadList = byId('thread-messages', HTMLElement);
  const stick =
    session.threadHtml === null ||
    threadList.scrollHeight - threadList.scrollTop - threadList.clientHeight < 80;
  threadList.innerHTML = html;
  session.threadHtml = html;
  if (stick) threadList.scrollTop = threadList.scrollHeight;
}

export function openThread(ts: string): void {
  session.threadTs = ts;
  session.threadHtml = null;
  if (session.state) renderThread(session.state);
  if (session.threadTs !== null) byId('thread-input', HTMLInputElement).focus();
}

export function closeThread(): void {
  session.threadTs = null;
  if (session.state) renderThread(session.state);
}
