// The server pushes the whole state (with its HTML) over Server-Sent Events after every change.
import { renderPane, renderSidebar, renderSwitches } from './channel-view.js';
import { renderLanguage } from './language-switch.js';
import { renderModal } from './modal.js';
import type { PageState } from './page-state.js';
import { session } from './session.js';
import { renderThread } from './thread-view.js';

export function apply(state: PageState): void {
  // A state for whom the page acted before a switch may still arrive: it is not this view's.
  if (state.self.userId !== session.userId || state.self.teamId !== session.teamId) return;
  session.state = state;
  renderLanguage(state);
  renderSwitches(state);
  renderSidebar(state);
  renderPane(state);
  renderThread(state);
  renderModal(state);
  const body = document.body;
  body.dataset.revision = String(state.revision);
  body.dataset.ready = '1';
}

/** (Re)opens the event stream for the current user and workspace; EventSource reconnects by itself. */
export function connect(): void {
  session.events?.close();
  const query = `userId=${encodeURIComponent(session.userId)}&teamId=${encodeURIComponent(session.teamId)}`;
  const events = new EventSource(`/api/events?${query}`);
  session.events = events;
  events.addEventListener('state', (event) => {
    if (session.events === events) apply(JSON.parse(event.data) as PageState);
  });
  events.onopen = () => document.body.classList.remove('offline');
  events.onerror = () => document.body.classList.add('offline');
}
