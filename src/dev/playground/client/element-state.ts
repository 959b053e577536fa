// Block Kit element state exactly as Slack puts it in view.state.values and in block_actions, read
// from (and written back to) the server-rendered controls.
import { controlOf } from './dom.js';
import type { SlackOption } from './page-state.js';

export interface ElementState {
  type: string;
  value?: string | null;
  selected_option?: SlackOption | null;
  selected_options?: SlackOption[];
  selected_user?: string | null;
  selected_users?: string[];
  selected_conversation?: string | null;
  selected_conversations?: string[];
  selected_channel?: string | null;
  selected_channels?: string[];
  selected_date?: string | null;
  selected_time?: string | null;
}

/** The option object the server put in data-option (chips, menu items, options, choices). */
export function optionOf(node: Element): SlackOption {
  return JSON.parse(node.getAttribute('data-option') ?? '') as SlackOption;
}

export function optionLabel(option: SlackOption): string {
  return option.text && typeof option.text.text === 'string' ? option.text.text : String(option.value);
}

function selectedOptions(field: HTMLElement): SlackOption[] {
  const type = field.dataset.type;
  if (type === 'external_select' || type === 'multi_external_select') {
    return Array.from(field.querySelectorAll('.bk-chip'), optionOf);
  }
  if (type === 'checkboxes' || type === 'radio_buttons') {
    return Array.from(field.querySelectorAll('input:checked'), optionOf);
  }
  const select = field.querySelector('select');
  if (!select) return [];
  return Array.from(select.selectedOptions)
    .filter((option) => option.value !== '')
    .map(optionOf);
}

export function readField(field: HTMLElement): ElementState {
  const type = field.dataset.type ?? '';
  const options = selectedOptions(field);
  const first = options[0] ?? null;
  const values = options.map((option) => option.value);
  const control = controlOf(field);
  switch (type) {
    case 'plain_text_input':
    case 'number_input':
    case 'email_text_input':
    case 'url_text_input':
      return { type, value: control && control.value !== '' ? control.value : null };
    case 'static_select':
    case 'external_select':
    case 'radio_buttons':
      return { type, selected_option: first };
    case 'multi_static_select':
    case 'multi_external_select':
    case 'checkboxes':
      return { type, selected_options: options };
    case 'users_select':
      return { type, selected_user: first ? first.value : null };
    case 'multi_users_select':
      return { type, selected_users: values };
    case 'conversations_select':
      return { type, selected_conversation: first ? first.value : null };
    case 'multi_conversations_select':
      return { type, selected_conversations: values };
    case 'channels_select':
      return { type, selected_channel: first ? first.value : null };
    case 'multi_channels_select':
      return { type, selected_channels: values };
    case 'datepicker':
      return { type, selected_date: control?.value ? control.value : null };
    case 'timepicker':
      return { type, selected_time: control?.value ? control.value : null };
    default:
      return { type };
  }
}

/** The selected values of a select-like state, whatever kind of select it came from. */
function stateValues(state: ElementState): string[] {
  if (state.selected_options) return state.selected_options.map((option) => option.value);
  if (state.selected_option) return [state.selected_option.value];
  for (const list of [state.selected_users, state.selected_conversations, state.selected_channels]) {
    if (list) return list;
  }
  for (const single of [state.selected_user, state.selected_conversation, state.selected_channel]) {
    if (single) return [single];
  }
  return [];
}

/** A chip of a (multi) external select, carrying its option like the server-rendered ones. */
export function chip(option: SlackOption): HTMLElement {
  const box = document.createElement('span');
  box.className = 'bk-chip';
  box.dataset.option = JSON.stringify(option);
  const text = document.createElement('span');
  text.className = 'bk-chip-text';
  text.textContent = optionLabel(option);
  const remove = document.createElement('button');
  remove.type = 'button';
  remove.className = 'bk-chip-x';
  remove.setAttribute('aria-label', 'Remove');
  remove.textContent = '\u00d7';
  box.appendChild(text);
  box.appendChild(remove);
  return box;
}

export function writeField(field: HTMLElement, state: ElementState): void {
  const type = field.dataset.type;
  const control = controlOf(field);
  if ('value' in state) {
    if (control) control.value = state.value ?? '';
    return;
  }
  if ('selected_date' in state || 'selected_time' in state) {
    if (control) control.value = state.selected_date || state.selected_time || '';
    return;
  }
  if (type === 'external_select' || type === 'multi_external_select') {
    const chips = field.querySelector('.bk-ext-chips');
    if (!chips) return;
    chips.textContent = '';
    const chosen = state.selected_options ?? (state.selected_option ? [state.selected_option] : []);
    for (const option of chosen) chips.appendChild(chip(option));
    return;
  }
  const values = stateValues(state);
  if (type === 'checkboxes' || type === 'radio_buttons') {
    for (const input of field.querySelectorAll('input')) input.checked = values.includes(input.value);
    return;
  }
  const select = field.querySelector('select');
  if (!select) return;
  for (const option of select.options) option.selected = option.value !== '' && values.includes(option.value);
  if (!select.multiple && values.length === 0) select.value = '';
}

/** Nothing entered or chosen: what Slack refuses for a required input. */
export function isEmpty(state: ElementState): boolean {
  if ('value' in state) return state.value === null || state.value === undefined || state.value.trim() === '';
  return Object.entries(state).every(
    ([key, value]) =>
      key === 'type' || value === null || value === undefined || (Array.isArray(value) && value.length === 0),
  );
}
