// External selects: type-ahead through the app's options endpoint, chips for what is chosen.

import { api, quiet } from './api.js';
import { within } from './dom.js';
import { chip, optionLabel, optionOf, readField } from './element-state.js';
import type { OptionsAnswer, SlackOption, SlackOptionGroup } from './page-state.js';
import { pageTexts } from './page-texts.js';
import { closeMenus, sendAction, withConfirm } from './send-action.js';
import { acting } from './session.js';
import { toast } from './toast.js';

/** The latest query per field: an answer to an older one arrives too late to be shown. */
const latestQuery = new WeakMap<HTMLElement, number>();

function menuOf(field: HTMLElement): HTMLElement {
  return within(field, '.bk-ext-menu', HTMLElement);
}

export function minQueryLength(field: HTMLElement): number {
  return Number(field.dataset.minQuery || '3');
}

function showMenu(field: HTMLElement, options: SlackOption[], groups: SlackOptionGroup[]): void {
  const menu = menuOf(field);
  menu.textContent = '';
  const add = (option: SlackOption) => {
    const item = document.createElement('li');
    item.className = 'bk-ext-option';
    item.setAttribute('role', 'option');
    item.dataset.option = JSON.stringify(option);
    item.textContent = optionLabel(option);
    menu.appendChild(item);
  };
  options.forEach(add);
  for (const group of groups) {
    const label = document.createElement('li');
    label.className = 'bk-ext-group';
    label.textContent = group.label?.text ? group.label.text : '';
    menu.appendChild(label);
    (group.options || []).forEach(add);
  }
  if (!menu.children.length) {
    const none = document.createElement('li');
    none.className = 'bk-ext-none';
    none.textContent = pageTexts().noResults;
    menu.appendChild(none);
  }
  closeMenus(menu);
  menu.hidden = false;
}

export function loadOptions(field: HTMLElement, value: string): void {
  if (value.length < minQueryLength(field)) {
    menuOf(field).hidden = true;
    return;
  }
  const { blockId, actionId } = field.dataset;
  const payload = acting({ blockId, actionId, value });
  const form = field.closest<HTMLElement>('form.modal');
  const message = field.closest<HTMLElement>('.msg');
  if (form) payload.viewId = form.dataset.viewId;
  else if (message) {
    payload.channelId = message.dataset.channel;
    payload.ts = message.dataset.ts;
  }
  const seq = (latestQuery.get(field) ?? 0) + 1;
  latestQuery.set(field, seq);
  quiet(
    api<OptionsAnswer>('/api/options', payload).then((result) => {
      if (seq !== latestQuery.get(field)) return;
      const breaches = result.breaches || [];
      if (breaches.length) toast(pageTexts().noOptions(breaches.join('; ')), 'error');
      showMenu(
        field,
        breaches.length ? [] : result.options || [],
        breaches.length ? [] : result.option_groups || [],
      );
    }),
  );
}

export function choose(field: HTMLElement, option: SlackOption): void {
  const chips = within(field, '.bk-ext-chips', HTMLElement);
  const multi = (field.dataset.type ?? '').startsWith('multi_');
  const taken = Array.from(chips.children).some((c) => optionOf(c).value === option.value);
  if (!multi) chips.textContent = '';
  if (!multi || !taken) chips.appendChild(chip(option));
  within(field, '.bk-ext-query', HTMLInputElement).value = '';
  menuOf(field).hidden = true;
  if (field.dataset.dispatch === '1') withConfirm(field, () => sendAction(field, readField(field)));
}
