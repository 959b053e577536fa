import { confirmTemplate, type ElementPlace, fieldOpen, optionJson } from './field.js';
import { attrs, escapeHtml, isObject, type Json, objects, stringOf } from './html.js';
import { renderChoices, renderDateInput, renderTextInput } from './inputs.js';
import { renderPlainText } from './mrkdwn.js';
import { renderExternalSelect, renderListSelect } from './selects.js';
import { type RenderContext, textOf, textsOf, unsupported } from './text.js';

export type { ElementPlace } from './field.js';

function renderButton(element: Json, place: ElementPlace, ctx: RenderContext): string {
  const style = element.style === 'primary' || element.style === 'danger' ? element.style : 'default';
  const open = fieldOpen(element, place, {
    'data-value': stringOf(element.value),
    'data-text': JSON.stringify(element.text ?? { type: 'plain_text', text: '' }),
  });
  const button = `<button${attrs({
    type: 'button',
    class: `bk-button bk-style-${style}`,
    title: stringOf(element.url),
    'aria-label': stringOf(element.accessibility_label),
  })}>${renderPlainText(textOf(element.text))}</button>`;
  return `${open}${button}${confirmTemplate(element.confirm, ctx)}</span>`;
}

function renderOverflow(element: Json, place: ElementPlace, ctx: RenderContext): string {
  const items = objects(element.options)
    .map(
      (option) =>
        `<li><button${attrs({ type: 'button', class: 'bk-overflow-item', 'data-option': optionJson(option) })}>` +
        `${renderPlainText(textOf(option.text))}</button></li>`,
    )
    .join('');
  return (
    fieldOpen(element, place) +
    `<button type="button" class="bk-overflow-toggle" aria-label="${escapeHtml(textsOf(ctx).moreActions)}">⋯</button>` +
    `<ul class="bk-menu" hidden>${items}</ul>${confirmTemplate(element.confirm, ctx)}</span>`
  );
}

/** Any element of an actions block, a section accessory or an input block. */
export function renderElement(element: unknown, place: ElementPlace, ctx: RenderContext): string {
  if (!isObject(element)) return '';
  const type = stringOf(element.type) ?? 'unknown';
  switch (type) {
    case 'button':
      return renderButton(element, place, ctx);
    case 'overflow':
      return renderOverflow(element, place, ctx);
    case 'static_select':
    case 'multi_static_select':
    case 'users_select':
    case 'multi_users_select':
    case 'conversations_select':
    case 'multi_conversations_select':
    case 'channels_select':
    case 'multi_channels_select':
      return renderListSelect(element, place, ctx);
    case 'external_select':
    case 'multi_external_select':
      return renderExternalSelect(element, place, ctx);
    case 'plain_text_input':
    case 'number_input':
    case 'email_text_input':
    case 'url_text_input':
      return renderTextInput(element, place);
    case 'checkboxes':
    case 'radio_buttons':
      return renderChoices(element, place, ctx);
    case 'datepicker':
    case 'timepicker':
      return renderDateInput(element, place);
    case 'image':
      return `<span class="bk-image-alt">${escapeHtml(`[image: ${stringOf(element.alt_text) ?? ''}]`)}</span>`;
    default:
      return unsupported('element', type);
  }
}
