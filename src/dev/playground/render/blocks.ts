import { renderElement } from './elements.js';
import { controlId } from './field.js';
import { attrs, escapeHtml, isObject, type Json, objects, stringOf } from './html.js';
import { renderPlainText } from './mrkdwn.js';
import { renderRichText } from './rich-text.js';
import { type RenderContext, renderTextObject, textOf, textsOf, unsupported } from './text.js';

function section(block: Json, blockId: string | undefined, ctx: RenderContext): string {
  const text = isObject(block.text) ? `<div class="bk-text">${renderTextObject(block.text, ctx)}</div>` : '';
  const fields = objects(block.fields);
  const grid =
    fields.length === 0
      ? ''
      : `<div class="bk-section-fields">${fields
          .map((f) => `<div class="bk-section-field">${renderTextObject(f, ctx)}</div>`)
          .join('')}</div>`;
  const accessory = isObject(block.accessory)
    ? `<div class="bk-accessory">${renderElement(block.accessory, { blockId, input: false, dispatch: true }, ctx)}</div>`
    : '';
  return `<div class="bk-section-body">${text}${grid}</div>${accessory}`;
}

function context(block: Json, ctx: RenderContext): string {
  return objects(block.elements)
    .map((element) =>
      element.type === 'image'
        ? `<span class="bk-image-alt">${escapeHtml(`[image: ${stringOf(element.alt_text) ?? ''}]`)}</span>`
        : `<span class="bk-context-item">${renderTextObject(element, ctx)}</span>`,
    )
    .join('');
}

function actions(block: Json, blockId: string | undefined, ctx: RenderContext): string {
  return objects(block.elements)
    .map((element) => renderElement(element, { blockId, input: false, dispatch: true }, ctx))
    .join('');
}

function input(block: Json, blockId: string | undefined, ctx: RenderContext): string {
  const element = isObject(block.element) ? block.element : {};
  const optional = block.optional === true;
  const place = { blockId, input: true, dispatch: block.dispatch_action === true, optional };
  const error = blockId === undefined ? undefined : ctx.errors?.[blockId];
  const label =
    `<label${attrs({ class: 'bk-label', for: controlId(element, place) })}>${renderPlainText(textOf(block.label))}` +
    `${optional ? ` <span class="bk-optional">${escapeHtml(textsOf(ctx).optional)}</span>` : ''}</label>`;
  const hint = isObject(block.hint) ? `<div class="bk-hint">${renderTextObject(block.hint, ctx)}</div>` : '';
  const errorBox = `<div${attrs({ class: 'bk-error', role: 'alert', hidden: error === undefined })}>${
    error === undefined ? '' : renderPlainText(error)
  }</div>`;
  return `${label}${renderElement(element, place, ctx)}${hint}${errorBox}`;
}

function image(block: Json, ctx: RenderContext): string {
  const title = isObject(block.title)
    ? `<div class="bk-image-title">${renderTextObject(block.title, ctx)}</div>`
    : '';
  // Images are never fetched: the playground must work offline and load nothing the app names.
  return `${title}<div class="bk-image-alt">${escapeHtml(`[image: ${stringOf(block.alt_text) ?? ''}]`)}</div>`;
}

function blockBody(type: string, block: Json, blockId: string | undefined, ctx: RenderContext): string {
  switch (type) {
    case 'header':
      return `<div class="bk-header-text">${renderPlainText(textOf(block.text))}</div>`;
    case 'section':
      return section(block, blockId, ctx);
    case 'divider':
      return '<hr class="bk-divider">';
    case 'context':
      return context(block, ctx);
    case 'actions':
      return actions(block, blockId, ctx);
    case 'input':
      return input(block, blockId, ctx);
    case 'image':
      return image(block, ctx);
    case 'rich_text':
      return renderRichText(block, ctx);
    default:
      return unsupported('block', type);
  }
}

/** Blocks of a message or a modal as HTML; every piece of text passes through the escaping renderers. */
export function renderBlocks(blocks: unknown, ctx: RenderContext): string {
  return objects(blocks)
    .map((block) => {
      const type = stringOf(block.type) ?? 'unknown';
      const blockId = stringOf(block.block_id);
      const body = blockBody(type, block, blockId, ctx);
      const kind = /^[a-z_]+$/.test(type) ? type : 'unknown';
      return `<div${attrs({ class: `bk bk-${kind}`, 'data-block-id': blockId })}>${body}</div>`;
    })
    .join('');
}
