import { api, quiet } from './api.js';
import { byId } from './dom.js';
import { acting, session } from './session.js';

/**
 * The language switch beside "Acting as": it types `/exp language ru|en` for the person acting, in
 * the open channel, so the app's own choice (stored with the person) is what changes, exactly as in
 * Slack. The playground's own chrome stays English.
 */
export function initLanguageSwitch(): void {
  const select = byId('language-select', HTMLSelectElement);
  select.addEventListener('change', () => {
    const body = acting({ command: '/exp', text: `language ${select.value}`, channelId: session.channelId });
    quiet(api('/api/command', body));
  });
}
