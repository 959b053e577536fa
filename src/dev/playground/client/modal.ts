// The user's top modal: rendered by the server, re-rendered only when the app changed it, keeping
// what the user typed (Slack keeps input state across views.update for the same block and action
// ids). Also submission and closing.

import { api, quiet } from './api.js';
import { byId, controlOf, fieldOf, within } from './dom.js';
import { type ElementState, isEmpty, readField, writeField } from './element-state.js';
import type { PageState, ViewSubmitAnswer } from './page-state.js';
import { pageTexts } from './page-texts.js';
import { acting, session } from './session.js';
import { toast } from './toast.js';

function fieldKey(field: HTMLElement): string {
  return `${field.dataset.blockId}\n${field.dataset.actionId}`;
}

function inputFields(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('.bk-field[data-block-id]'));
}

function captureFields(root: ParentNode): Map<string, { type: string | undefined; state: ElementState }> {
  const saved = new Map<string, { type: string | undefined; state: ElementState }>();
  for (const field of inputFields(root)) {
    const type = field.dataset.type;
    if (type !== 'button' && type !== 'overflow')
      saved.set(fieldKey(field), { type, state: readField(field) });
  }
  return saved;
}

export function renderModal(state: PageState): void {
  const root = byId('modal-root', HTMLElement);
  const modal = state.html.modal;
  if (!modal) {
    if (session.modalKey !== null) {
      root.textContent = '';
      session.modalKey = null;
      session.modalViewId = null;
    }
    return;
  }
  if (modal.key === session.modalKey) return;
  const sameView = modal.viewId === session.modalViewId;
  const saved = sameView ? captureFields(root) : null;
  const active = document.activeElement;
  const activeField = sameView && root.contains(active) ? fieldOf(active) : null;
  const focused = activeField ? fieldKey(activeField) : null;
  root.innerHTML = modal.html;
  session.modalKey = modal.key;
  session.modalViewId = modal.viewId;
  if (saved) {
    for (const field of inputFields(root)) {
      const entry = saved.get(fieldKey(field));
      if (entry && entry.type === field.dataset.type) writeField(field, entry.state);
    }
  }
  let again: HTMLElement | null = null;
  for (const field of inputFields(root)) {
    if (focused !== null && fieldKey(field) === focused) again = controlOf(field);
  }
  if (again) again.focus();
  else if (!sameView) root.querySelector<HTMLElement>('.bk-control')?.focus();
}

/** What Slack's client says about a field before the app hears anything, or null. */
function localError(field: HTMLElement): string | null {
  const type = field.dataset.type;
  const state = readField(field);
  if (field.dataset.optional !== '1' && isEmpty(state)) return pageTexts().required;
  if (isEmpty(state)) return null;
  const min = Number(field.dataset.minLength || '0');
  if (typeof state.value === 'string' && state.value.length < min) {
    return pageTexts().atLeast(min);
  }
  if (type === 'number_input') {
    const decimal = field.dataset.decimal === 'true';
    const pattern = decimal ? /^-?\d+(\.\d+)?$/ : /^-?\d+$/;
    if (!pattern.test((state.value ?? '').trim())) {
      return decimal ? pageTexts().number : pageTexts().wholeNumber;
    }
  }
  return null;
}

/** Slack checks required fields, lengths and numbers in the client, before the app hears anything. */
export function submitModal(event: SubmitEvent, form: HTMLFormElement): void {
  event.preventDefault();
  const values: Record<string, Record<string, ElementState>> = {};
  let invalid = false;
  for (const box of form.querySelectorAll<HTMLElement>('.bk-error[data-local]')) {
    box.hidden = true;
    box.textContent = '';
    box.removeAttribute('data-local');
  }
  for (const field of form.querySelectorAll<HTMLElement>('.bk-field[data-input="1"]')) {
    const problem = localError(field);
    if (problem) {
      invalid = true;
      const block = field.closest('.bk');
      if (!block) throw new Error('An input field outside a block.');
      const box = within(block, '.bk-error', HTMLElement);
      box.textContent = problem;
      box.hidden = false;
      box.setAttribute('data-local', '1');
      continue;
    }
    const { blockId, actionId } = field.dataset;
    if (!blockId || !actionId) continue;
    values[blockId] = values[blockId] || {};
    values[blockId][actionId] = readField(field);
  }
  if (invalid) return;
  const submitted = api<ViewSubmitAnswer>(
    '/api/view/submit',
    acting({ viewId: form.dataset.viewId, values }),
  );
  quiet(
    submitted.then((result) => {
      if (result.outcome && result.outcome.kind === 'rejected') {
        toast(`Slack would show "We had some trouble connecting": ${result.outcome.reason}`, 'error');
      }
    }),
  );
}

/** The modal's inputs as they are now, as Slack reports them in view.state.values. */
export function formValues(form: HTMLFormElement): Record<string, Record<string, ElementState>> {
  const values: Record<string, Record<string, ElementState>> = {};
  for (const field of form.querySelectorAll<HTMLElement>('.bk-field[data-input="1"]')) {
    const { blockId, actionId } = field.dataset;
    if (!blockId || !actionId) continue;
    values[blockId] = { ...values[blockId], [actionId]: readField(field) };
  }
  return values;
}

/** Cancel, or the X (clear: true), of the modal `node` is in. */
export function closeModal(node: Element, clear: boolean): void {
  const form = node.closest<HTMLFormElement>('form.modal');
  if (!form) return;
  quiet(api('/api/view/close', acting({ viewId: form.dataset.viewId, clear })));
}
