import { api, quiet } from './api.js';
import { byId } from './dom.js';
import type { PageState } from './page-state.js';
import { acting, session } from './session.js';
import { type PlaygroundTexts, playgroundTexts } from './texts.js';

/**
 * The language switch beside "Acting as": it types `/exp language ru|en|auto` for the person acting,
 * in the open channel, so the app's own choice (stored with the person) is what changes, exactly as
 * in Slack. The server remembers what each person chose through the page: the switch shows it, and
 * the page's own texts follow it.
 */
export function initLanguageSwitch(): void {
  const select = byId('language-select', HTMLSelectElement);
  select.addEventListener('change', () => {
    const body = acting({ command: '/exp', text: `language ${select.value}`, channelId: session.channelId });
    quiet(api('/api/command', body));
  });
}

/** The page speaks what the person's switch shows; the switch shows their choice. */
export function renderLanguage(state: PageState): void {
  const select = byId('language-select', HTMLSelectElement);
  if (select.value !== state.language && document.activeElement !== select) select.value = state.language;
  const texts = playgroundTexts(state.language);
  const root = document.documentElement;
  if (root.dataset.texts === texts.tag) return;
  root.dataset.texts = texts.tag;
  root.lang = texts.tag.slice(0, 2);
  applyChrome(texts);
}

type ChromeKey = keyof PlaygroundTexts['chrome'];

const isChromeKey = (key: string | undefined, chrome: PlaygroundTexts['chrome']): key is ChromeKey =>
  key !== undefined && Object.hasOwn(chrome, key);

/** Elements carry which text they show: data-text (content), data-text-label, data-text-placeholder. */
function applyChrome(texts: PlaygroundTexts): void {
  const { chrome } = texts;
  for (const element of document.querySelectorAll<HTMLElement>('[data-text]')) {
    const key = element.dataset.text;
    if (!isChromeKey(key, chrome)) continue;
    element.textContent = chrome[key];
  }
  for (const element of document.querySelectorAll<HTMLElement>('[data-text-label]')) {
    const key = element.dataset.textLabel;
    if (isChromeKey(key, chrome)) element.setAttribute('aria-label', chrome[key]);
  }
  for (const element of document.querySelectorAll<HTMLInputElement>('[data-text-placeholder]')) {
    const key = element.dataset.textPlaceholder;
    if (isChromeKey(key, chrome)) element.placeholder = chrome[key];
  }
  const links = document.getElementById('link-hint');
  if (links) links.textContent = texts.linkHint((links.dataset.domains ?? '').split(' ').filter(Boolean));
}
