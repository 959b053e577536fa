// One listener per event type on the document: messages and modals are replaced wholesale on every
// state, so listeners on their elements would be lost.
import { addUser } from './acting-as.js';
import { firstSuggestion, pickChannel, suggestChannels } from './channel-suggest.js';
import { setDrawer } from './channel-view.js';
import {
  checkWhileTyping,
  composerHistory,
  openHome,
  selectChannel,
  sendComposer,
  sendReply,
} from './composer.js';
import { byId, fieldOf } from './dom.js';
import { optionOf, readField } from './element-state.js';
import { choose, loadOptions, minQueryLength } from './external-select.js';
import { closeModal, submitModal } from './modal.js';
import { closeMenus, type ElementAction, sendAction, withConfirm } from './send-action.js';
import { closeThread, openThread } from './thread-view.js';

/** Pending debounced work per field (type-ahead queries, on_character_entered actions). */
const timers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();

function debounce(field: HTMLElement, ms: number, run: () => void): void {
  clearTimeout(timers.get(field));
  timers.set(field, setTimeout(run, ms));
}

function isTextInput(field: HTMLElement): boolean {
  return /text_input$|number_input$/.test(field.dataset.type ?? '');
}

export function onClick(event: MouseEvent): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const suggested = target.closest<HTMLElement>('#channel-suggestions [data-channel-name]');
  if (suggested) {
    pickChannel(suggested.dataset.channelName ?? '');
    return;
  }
  const channel = target.closest<HTMLElement>('#channel-list button[data-channel-id]');
  if (channel) {
    selectChannel(channel.dataset.channelId ?? '');
    return;
  }
  if (target.closest('#open-home')) {
    openHome();
    return;
  }
  if (target.closest('#channels-toggle')) {
    setDrawer(!document.body.classList.contains('drawer-open'));
    return;
  }
  // A click beside the open drawer (on its backdrop) closes it, as on a phone.
  if (document.body.classList.contains('drawer-open') && !target.closest('#sidebar')) {
    setDrawer(false);
    return;
  }
  const threadLink = target.closest<HTMLElement>('.thread-link[data-thread-ts]');
  if (threadLink) {
    openThread(threadLink.dataset.threadTs ?? '');
    return;
  }
  if (target.closest('#thread-close')) {
    closeThread();
    return;
  }
  const button = target.closest('.bk-field[data-type="button"] > button.bk-button');
  const buttonField = fieldOf(button);
  if (buttonField) {
    const action: ElementAction = {
      type: 'button',
      value: buttonField.dataset.value,
      text: JSON.parse(buttonField.dataset.text ?? '') as unknown,
    };
    withConfirm(buttonField, () => sendAction(buttonField, action));
    return;
  }
  const toggle = target.closest('.bk-overflow-toggle');
  if (toggle) {
    const menu = toggle.parentElement?.querySelector<HTMLElement>('.bk-menu') ?? null;
    closeMenus(menu);
    if (menu) menu.hidden = !menu.hidden;
    return;
  }
  const item = target.closest('.bk-overflow-item');
  const overflow = fieldOf(item);
  if (item && overflow) {
    const menu = item.closest<HTMLElement>('.bk-menu');
    if (menu) menu.hidden = true;
    withConfirm(overflow, () => sendAction(overflow, { type: 'overflow', selected_option: optionOf(item) }));
    return;
  }
  const pick = target.closest('.bk-ext-option');
  const picked = fieldOf(pick);
  if (pick && picked) {
    choose(picked, optionOf(pick));
    return;
  }
  const remove = target.closest('.bk-chip-x');
  const owner = fieldOf(remove);
  if (remove && owner) {
    remove.parentElement?.remove();
    if (owner.dataset.dispatch === '1') sendAction(owner, readField(owner));
    return;
  }
  if (target.closest('.modal-x')) {
    closeModal(target, true);
    return;
  }
  if (target.closest('.modal-cancel')) {
    closeModal(target, false);
    return;
  }
  if (!target.closest('.bk-ext')) closeMenus(null);
}

export function onChange(event: Event): void {
  const target = event.target;
  if (!(target instanceof Element) || target.classList.contains('bk-ext-query')) return;
  const field = fieldOf(target);
  if (field?.dataset.dispatch !== '1') return;
  // Text inputs dispatch on Enter or while typing, not when they lose focus.
  if (isTextInput(field)) return;
  withConfirm(field, () => sendAction(field, readField(field)));
}

export function onInput(event: Event): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  if (
    target instanceof HTMLInputElement &&
    (target.id === 'composer-input' || target.id === 'thread-input')
  ) {
    checkWhileTyping(target);
    if (target.id === 'composer-input') suggestChannels(target);
    return;
  }
  const field = fieldOf(target);
  if (!field) return;
  if (target instanceof HTMLInputElement && target.classList.contains('bk-ext-query')) {
    debounce(field, 200, () => loadOptions(field, target.value));
    return;
  }
  if (field.dataset.dispatch === '1' && field.dataset.trigger === 'character') {
    debounce(field, 400, () => sendAction(field, readField(field)));
  }
}

export function onFocusIn(event: FocusEvent): void {
  const target = event.target;
  if (!(target instanceof HTMLInputElement) || !target.classList.contains('bk-ext-query')) return;
  const field = fieldOf(target);
  // min_query_length 0: Slack asks for options as soon as the select opens.
  if (field && minQueryLength(field) === 0) loadOptions(field, target.value);
}

export function onKeyDown(event: KeyboardEvent): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  if (target instanceof HTMLInputElement && target.id === 'composer-input' && event.key !== 'Escape') {
    const suggestion = event.key === 'Tab' ? firstSuggestion() : undefined;
    if (suggestion !== undefined) {
      event.preventDefault();
      pickChannel(suggestion);
      return;
    }
    composerHistory(event, target);
    return;
  }
  if (event.key === 'Escape' && !byId('confirm-dialog', HTMLDialogElement).open) {
    const form = document.querySelector('#modal-root form.modal');
    if (form) {
      event.preventDefault();
      closeModal(form, true);
    } else if (document.body.classList.contains('drawer-open')) setDrawer(false);
    else if (document.body.classList.contains('thread-open')) closeThread();
    return;
  }
  if (event.key !== 'Enter' || target.tagName !== 'INPUT') return;
  const field = fieldOf(target);
  if (!field) return;
  // Enter in a type-ahead must not submit the modal around it.
  if (target.classList.contains('bk-ext-query')) {
    event.preventDefault();
    return;
  }
  if (field.dataset.dispatch === '1' && field.dataset.trigger === 'enter' && isTextInput(field)) {
    event.preventDefault();
    sendAction(field, readField(field));
  }
}

export function onSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  if (form.id === 'composer') sendComposer(event);
  else if (form.id === 'thread-composer') sendReply(event);
  else if (form.id === 'add-user-form') addUser(event, form);
  else if (form.classList.contains('modal')) submitModal(event, form);
}
