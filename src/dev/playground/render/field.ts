import { attrs, isObject, type Json, stringOf } from './html.js';
import { renderPlainText } from './mrkdwn.js';
import { type RenderContext, renderTextObject, textOf, textsOf } from './text.js';

/** Where an element sits: the client reads these back to build Slack's action and state payloads. */
export interface ElementPlace {
  blockId: string | undefined;
  /** Inside an input block: its value is part of view_submission state. */
  input: boolean;
  /** Changing it sends block_actions (always outside input blocks; with dispatch_action inside). */
  dispatch: boolean;
  optional?: boolean;
}

/** The wrapper every interactive element gets; `extra` adds element-specific data attributes. */
export function fieldOpen(
  element: Json,
  place: ElementPlace,
  extra: Record<string, string | undefined> = {},
  className = '',
): string {
  const type = stringOf(element.type) ?? 'unknown';
  return `<span${attrs({
    class: `bk-field bk-field-${type}${className ? ` ${className}` : ''}`,
    'data-type': type,
    'data-block-id': place.blockId,
    'data-action-id': stringOf(element.action_id),
    'data-input': place.input ? '1' : undefined,
    'data-dispatch': place.dispatch ? '1' : undefined,
    'data-optional': place.optional ? '1' : undefined,
    ...extra,
  })}>`;
}

/** The id the input block's label points at, so the label names the control. */
export function controlId(element: Json, place: ElementPlace): string | undefined {
  const actionId = stringOf(element.action_id);
  return place.input && place.blockId !== undefined && actionId !== undefined
    ? `bk-${place.blockId}--${actionId}`
    : undefined;
}

/** Slack's option object, kept whole so the client sends back exactly what the app defined. */
export function optionJson(option: Json): string {
  const kept: Json = { text: option.text, value: option.value };
  if (option.description !== undefined) kept.description = option.description;
  return JSON.stringify(kept);
}

// A confirm object becomes an inert <template>; the client copies it into one <dialog> and sends
// the action only when the confirm button is pressed.
export function confirmTemplate(confirm: unknown, ctx: RenderContext): string {
  if (!isObject(confirm)) return '';
  const style = confirm.style === 'danger' ? 'danger' : 'primary';
  const t = textsOf(ctx);
  const deny = textOf(confirm.deny) || t.no;
  const yes = textOf(confirm.confirm) || t.yes;
  return (
    '<template class="bk-confirm">' +
    `<h3 class="cf-title">${renderPlainText(textOf(confirm.title) || t.areYouSure)}</h3>` +
    `<div class="cf-text">${renderTextObject(confirm.text, ctx)}</div>` +
    '<div class="cf-buttons">' +
    `<button type="button" class="bk-button cf-deny">${renderPlainText(deny)}</button>` +
    `<button type="button" class="bk-button cf-confirm bk-style-${style}">${renderPlainText(yes)}</button>` +
    '</div></template>'
  );
}
