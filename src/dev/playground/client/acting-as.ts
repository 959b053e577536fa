// Switching the person or workspace the page acts as, and adding a person to act as.
import { api, quiet } from './api.js';
import { byId } from './dom.js';
import { connect } from './live-state.js';
import type { AddUserAnswer } from './page-state.js';
import { acting, saveLocation, session } from './session.js';

/**
 * Forgets what was rendered for the previous person and listens as the new one. The page is not
 * ready again until their state arrives: what is typed before it would go to the previous view's channel.
 */
function resetView(): void {
  delete document.body.dataset.ready;
  session.paneHtml = null;
  session.threadTs = null;
  session.modalKey = null;
  session.modalViewId = null;
  byId('modal-root', HTMLElement).textContent = '';
  saveLocation();
  connect();
  // On the Home tab the new person opens their own: the app publishes theirs.
  if (session.home) quiet(api('/api/home/open', acting({})));
}

export function switchUser(userId: string): void {
  session.userId = userId;
  resetView();
}

export function switchTeam(teamId: string): void {
  session.teamId = teamId;
  resetView();
}

function namedInput(form: HTMLFormElement, name: string): HTMLInputElement {
  const input = form.elements.namedItem(name);
  if (!(input instanceof HTMLInputElement)) throw new Error(`The form has no input named ${name}.`);
  return input;
}

export function addUser(event: SubmitEvent, form: HTMLFormElement): void {
  event.preventDefault();
  const name = namedInput(form, 'name').value.trim();
  const admin = namedInput(form, 'admin').checked;
  if (!name) return;
  byId('add-user-dialog', HTMLDialogElement).close();
  quiet(
    api<AddUserAnswer>('/api/users', { name, isAdmin: admin }).then((result) => {
      form.reset();
      switchUser(result.user.id);
    }),
  );
}
