import { confirmTemplate, controlId, type ElementPlace, fieldOpen, optionJson } from './field.js';
import { attrs, escapeHtml, isObject, type Json, objects, stringOf } from './html.js';
import { type RenderContext, renderTextObject, textOf } from './text.js';

const INPUT_TYPES: Readonly<Record<string, string>> = {
  plain_text_input: 'text',
  number_input: 'text',
  email_text_input: 'email',
  url_text_input: 'url',
};

/** plain_text_input (single or multi-line), number_input, email and url inputs. */
export function renderTextInput(element: Json, place: ElementPlace): string {
  const type = stringOf(element.type) ?? 'plain_text_input';
  const config = isObject(element.dispatch_action_config) ? element.dispatch_action_config : {};
  const triggers = Array.isArray(config.trigger_actions_on) ? config.trigger_actions_on : [];
  const open = fieldOpen(element, place, {
    'data-trigger': triggers.includes('on_character_entered') ? 'character' : 'enter',
    'data-decimal': type === 'number_input' ? String(element.is_decimal_allowed === true) : undefined,
    'data-min-length': typeof element.min_length === 'number' ? String(element.min_length) : undefined,
  });
  const common = {
    class: 'bk-control bk-text',
    id: controlId(element, place),
    placeholder: textOf(element.placeholder) || undefined,
    maxlength: typeof element.max_length === 'number' ? element.max_length : undefined,
  };
  const initial = stringOf(element.initial_value) ?? '';
  if (type === 'plain_text_input' && element.multiline === true) {
    return `${open}<textarea${attrs({ ...common, rows: 4 })}>${escapeHtml(initial)}</textarea></span>`;
  }
  const input = `<input${attrs({
    ...common,
    type: INPUT_TYPES[type] ?? 'text',
    inputmode:
      type === 'number_input' ? (element.is_decimal_allowed === true ? 'decimal' : 'numeric') : undefined,
    value: initial === '' ? undefined : initial,
  })}>`;
  return `${open}${input}</span>`;
}

/** Checkboxes and radio buttons; option text may be mrkdwn. */
export function renderChoices(element: Json, place: ElementPlace, ctx: RenderContext): string {
  const type = stringOf(element.type) ?? 'checkboxes';
  const initial = type === 'checkboxes' ? objects(element.initial_options) : [element.initial_option];
  const chosen = new Set(initial.filter(isObject).map((o) => stringOf(o.value)));
  const group = `${place.blockId ?? ''}/${stringOf(element.action_id) ?? ''}`;
  const items = objects(element.options)
    .map((option) => {
      const value = stringOf(option.value) ?? '';
      const input = `<input${attrs({
        type: type === 'checkboxes' ? 'checkbox' : 'radio',
        name: group,
        value,
        'data-option': optionJson(option),
        checked: chosen.has(value),
      })}>`;
      const description = isObject(option.description)
        ? `<span class="bk-choice-description">${renderTextObject(option.description, ctx)}</span>`
        : '';
      return `<label class="bk-choice">${input}<span>${renderTextObject(option.text, ctx)}${description}</span></label>`;
    })
    .join('');
  return `${fieldOpen(element, place)}${items}${confirmTemplate(element.confirm, ctx)}</span>`;
}

export function renderDateInput(element: Json, place: ElementPlace): string {
  const date = stringOf(element.type) === 'datepicker';
  const input = `<input${attrs({
    type: date ? 'date' : 'time',
    class: 'bk-control',
    id: controlId(element, place),
    value: stringOf(date ? element.initial_date : element.initial_time),
  })}>`;
  return `${fieldOpen(element, place)}${input}</span>`;
}
