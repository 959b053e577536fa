// The app's Home tab, as Slack shows it beside the app's messages: what the app last published for
// this person (views.publish), with no composer. Opening it tells the app (app_home_opened).

import { api, quiet } from './api.js';
import { byId } from './dom.js';
import { pageTexts } from './page-texts.js';
import { acting, session } from './session.js';

/** The sidebar's Apps entry: the app's Home, marked when open. */
export function renderAppList(): void {
  const list = byId('app-list', HTMLElement);
  list.textContent = '';
  const item = document.createElement('li');
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'open-home';
  button.className = `channel${session.home ? ' active' : ''}`;
  button.textContent = pageTexts().appHome;
  item.appendChild(button);
  list.appendChild(item);
}

/** A button on the Home tab: block_actions from the home view. */
export function sendHomeAction(blockId: string | undefined, actionId: string): void {
  quiet(api('/api/home/action', acting({ blockId, actionId })));
}
