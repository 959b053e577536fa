// Typing `#` in the message box offers the workspace's channels, as Slack's composer does; picking
// one writes `#name `, which the page's server sends to the app as Slack escapes a command's text
// (`<#C…|name>`).

import { byId } from './dom.js';
import { session } from './session.js';

/** The `#…` being typed just before the caret. */
const TYPED_CHANNEL = /(?:^|\s)#([a-z0-9_-]*)$/i;
const SHOWN_MAX = 8;

function suggestionList(): HTMLElement {
  return byId('channel-suggestions', HTMLElement);
}

function typedBeforeCaret(input: HTMLInputElement): string {
  return input.value.slice(0, input.selectionStart ?? input.value.length);
}

/** Shows the channels whose name starts with what follows the `#` being typed; hides the list otherwise. */
export function suggestChannels(input: HTMLInputElement): void {
  const list = suggestionList();
  const typed = TYPED_CHANNEL.exec(typedBeforeCaret(input))?.[1]?.toLowerCase();
  const names =
    typed === undefined
      ? []
      : (session.state?.channels ?? [])
          .filter((c) => !c.isIm)
          .map((c) => c.label.slice(1))
          .filter((name) => name.toLowerCase().startsWith(typed))
          .slice(0, SHOWN_MAX);
  list.replaceChildren(
    ...names.map((name) => {
      const option = document.createElement('li');
      option.setAttribute('role', 'option');
      option.dataset.channelName = name;
      option.textContent = `#${name}`;
      return option;
    }),
  );
  list.hidden = names.length === 0;
}

/** The first suggestion's name, while the list shows (Tab picks it). */
export function firstSuggestion(): string | undefined {
  const list = suggestionList();
  return list.hidden
    ? undefined
    : list.querySelector<HTMLElement>('[data-channel-name]')?.dataset.channelName;
}

/** Writes `#name ` in place of the `#…` being typed, and closes the list. */
export function pickChannel(name: string): void {
  const input = byId('composer-input', HTMLInputElement);
  const end = input.selectionStart ?? input.value.length;
  const before = input.value.slice(0, end).replace(/#[a-z0-9_-]*$/i, `#${name} `);
  input.value = before + input.value.slice(end);
  input.focus();
  input.setSelectionRange(before.length, before.length);
  suggestionList().hidden = true;
}
