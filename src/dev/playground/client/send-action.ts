// What Slack sends when an interactive element is used: block_actions for a message or a view.
import { api, quiet } from './api.js';
import { byId, within } from './dom.js';
import type { ElementState } from './element-state.js';
import { sendHomeAction } from './home-view.js';
import { formValues } from './modal.js';
import type { SlackOption } from './page-state.js';
import { acting } from './session.js';
import { toast } from './toast.js';

/** The element part of a block_actions payload: a button, an overflow choice or an input's state. */
export type ElementAction =
  | ElementState
  | { type: 'button'; value: string | undefined; text: unknown }
  | { type: 'overflow'; selected_option: SlackOption };

export function sendAction(field: HTMLElement, action: ElementAction): void {
  const { blockId, actionId } = field.dataset;
  if (!actionId) {
    toast('This element has no action_id, so Slack sends nothing.', 'error');
    return;
  }
  const form = field.closest<HTMLFormElement>('form.modal');
  if (form) {
    if (!blockId) {
      toast('This block has no block_id: the playground cannot address it.', 'error');
      return;
    }
    // Slack sends the view's current state with every action inside it (view.state.values).
    const values = formValues(form);
    quiet(
      api('/api/view/action', acting({ viewId: form.dataset.viewId, blockId, actionId, action, values })),
    );
    return;
  }
  if (field.closest('.home-view')) {
    if (action.type === 'button') sendHomeAction(blockId, actionId);
    else toast('On the Home tab the playground sends button clicks only.', 'error');
    return;
  }
  const message = field.closest<HTMLElement>('.msg');
  if (!message) return;
  const where: Record<string, unknown> = {
    channelId: message.dataset.channel,
    ts: message.dataset.ts,
    actionId,
  };
  if (action.type === 'button') {
    quiet(api('/api/click', acting(where)));
    return;
  }
  if (!blockId) {
    toast('This block has no block_id: the playground cannot address it.', 'error');
    return;
  }
  where.blockId = blockId;
  where.action = action;
  quiet(api('/api/message/action', acting(where)));
}

/** A confirm object: the action goes out only after the dialog's confirm button, like Slack. */
export function withConfirm(field: HTMLElement, go: () => void): void {
  const template = field.querySelector(':scope > template.bk-confirm');
  if (!(template instanceof HTMLTemplateElement)) {
    go();
    return;
  }
  const dialog = byId('confirm-dialog', HTMLDialogElement);
  dialog.textContent = '';
  dialog.appendChild(template.content.cloneNode(true));
  within(dialog, '.cf-deny', HTMLElement).addEventListener('click', () => dialog.close());
  within(dialog, '.cf-confirm', HTMLElement).addEventListener('click', () => {
    dialog.close();
    go();
  });
  dialog.showModal();
}

/** Hides every open overflow and type-ahead menu but `except`. */
export function closeMenus(except: Element | null): void {
  for (const menu of document.querySelectorAll<HTMLElement>('.bk-menu, .bk-ext-menu')) {
    if (menu !== except) menu.hidden = true;
  }
}
