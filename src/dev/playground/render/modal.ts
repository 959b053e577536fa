import type { EmulatedView } from '../../slack-emulator/types.js';
import { renderBlocks } from './blocks.js';
import { attrs, isObject, stringOf } from './html.js';
import { renderPlainText } from './mrkdwn.js';
import { type RenderContext, textOf } from './text.js';

export interface RenderedModal {
  viewId: string;
  /** Changes whenever the app changed the view or its errors: the client re-renders only then. */
  key: string;
  html: string;
}

/** The top view of a user's stack, as Slack shows it: title, blocks, inline errors, close and submit. */
export function renderModal(view: EmulatedView, ctx: RenderContext, depth: number): RenderedModal {
  const v = view.view;
  const errors = view.errors ?? {};
  const title = renderPlainText(textOf(v.title) || 'Modal');
  const submit = isObject(v.submit)
    ? `<button type="submit" class="bk-button bk-style-primary modal-submit">${renderPlainText(textOf(v.submit))}</button>`
    : '';
  const close = renderPlainText(textOf(v.close) || (submit ? 'Cancel' : 'Close'));
  const html =
    '<div class="modal-backdrop">' +
    `<form${attrs({
      class: 'modal',
      'data-view-id': view.id,
      'data-hash': view.hash,
      'data-callback-id': stringOf(v.callback_id),
      'data-clear-on-close': v.clear_on_close === true ? '1' : undefined,
      'data-depth': depth,
      novalidate: true,
      'aria-labelledby': 'modal-title',
    })}>` +
    `<header class="modal-header"><h2 id="modal-title">${title}</h2>` +
    '<button type="button" class="modal-x" aria-label="Close">×</button></header>' +
    `<div class="modal-body">${renderBlocks(v.blocks, { ...ctx, errors })}</div>` +
    `<footer class="modal-footer"><button type="button" class="bk-button modal-cancel">${close}</button>${submit}</footer>` +
    '</form></div>';
  return { viewId: view.id, key: `${view.id}:${view.hash}:${JSON.stringify(errors)}`, html };
}
