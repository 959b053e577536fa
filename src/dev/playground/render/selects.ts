import { confirmTemplate, controlId, type ElementPlace, fieldOpen, optionJson } from './field.js';
import { attrs, escapeHtml, isObject, type Json, objects, stringOf } from './html.js';
import { emojify } from './mrkdwn.js';
import { type RenderContext, textOf, textsOf } from './text.js';

/** Option text inside <option> or a chip: escaped, no markup. */
function optionLabel(option: Json): string {
  return emojify(escapeHtml(textOf(option.text)));
}

function optionTag(option: Json, selected: ReadonlySet<string>): string {
  const value = stringOf(option.value) ?? '';
  return `<option${attrs({ value, 'data-option': optionJson(option), selected: selected.has(value) })}>${optionLabel(option)}</option>`;
}

function plainOption(text: string, value: string): Json {
  return { text: { type: 'plain_text', text }, value };
}

// users/conversations/channels selects list what the emulator knows, like Slack lists the workspace.
function listedOptions(type: string, ctx: RenderContext): Json[] {
  if (type.includes('users')) {
    return ctx.users
      .filter((u) => !u.is_bot && !u.deleted)
      .map((u) => plainOption(u.real_name || u.name, u.id));
  }
  return ctx.channels
    .filter((c) => !c.is_im && !(type.includes('channels') && c.is_private))
    .map((c) => plainOption(`#${c.name}`, c.id));
}

function initialValues(element: Json, type: string): string[] {
  const listed = (key: string) => {
    const value = element[key];
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
    return typeof value === 'string' ? [value] : [];
  };
  if (type.includes('users')) return listed(type.startsWith('multi_') ? 'initial_users' : 'initial_user');
  if (type.includes('conversations'))
    return listed(type.startsWith('multi_') ? 'initial_conversations' : 'initial_conversation');
  if (type.includes('channels'))
    return listed(type.startsWith('multi_') ? 'initial_channels' : 'initial_channel');
  const options = type.startsWith('multi_')
    ? objects(element.initial_options)
    : isObject(element.initial_option)
      ? [element.initial_option]
      : [];
  return options.map((o) => stringOf(o.value) ?? '');
}

/** Static, users, conversations and channels selects (single or multi) as a native <select>. */
export function renderListSelect(element: Json, place: ElementPlace, ctx: RenderContext): string {
  const type = stringOf(element.type) ?? 'static_select';
  const multi = type.startsWith('multi_');
  const selected = new Set(initialValues(element, type));
  let body = '';
  let count = 0;
  if (type.endsWith('static_select')) {
    const options = objects(element.options);
    count += options.length;
    body += options.map((o) => optionTag(o, selected)).join('');
    for (const group of objects(element.option_groups)) {
      const grouped = objects(group.options);
      count += grouped.length;
      const label = escapeHtml(textOf(group.label));
      body += `<optgroup label="${label}">${grouped.map((o) => optionTag(o, selected)).join('')}</optgroup>`;
    }
  } else {
    const options = listedOptions(type, ctx);
    count = options.length;
    body = options.map((o) => optionTag(o, selected)).join('');
  }
  const placeholder = textOf(element.placeholder) || textsOf(ctx).selectItem;
  const first = multi ? '' : `<option value="">${escapeHtml(placeholder)}</option>`;
  const id = controlId(element, place);
  // Outside input blocks nothing labels a list box, so its placeholder names it.
  const select = `<select${attrs({
    class: 'bk-control bk-select',
    id,
    multiple: multi,
    size: multi ? Math.min(Math.max(count, 2), 6) : undefined,
    'aria-label': multi && id === undefined ? placeholder : undefined,
  })}>${first}${body}</select>`;
  return `${fieldOpen(element, place)}${select}${confirmTemplate(element.confirm, ctx)}</span>`;
}

/** A selected option as the client builds it after a type-ahead pick (same markup). */
function chipHtml(option: Json): string {
  return (
    `<span${attrs({ class: 'bk-chip', 'data-option': optionJson(option) })}>` +
    `<span class="bk-chip-text">${optionLabel(option)}</span>` +
    '<button type="button" class="bk-chip-x" aria-label="Remove">×</button></span>'
  );
}

/** External selects: a type-ahead box whose options come from the app's options handler. */
export function renderExternalSelect(element: Json, place: ElementPlace, ctx: RenderContext): string {
  const multi = stringOf(element.type) === 'multi_external_select';
  const initial = multi
    ? objects(element.initial_options)
    : isObject(element.initial_option)
      ? [element.initial_option]
      : [];
  // Slack's default min_query_length is 3: fewer characters send no options request.
  const minQuery = typeof element.min_query_length === 'number' ? element.min_query_length : 3;
  const query = `<input${attrs({
    type: 'text',
    class: 'bk-control bk-ext-query',
    id: controlId(element, place),
    placeholder: textOf(element.placeholder) || textsOf(ctx).typeToSearch,
    autocomplete: 'off',
    role: 'combobox',
    'aria-autocomplete': 'list',
  })}>`;
  return (
    fieldOpen(element, place, { 'data-min-query': String(minQuery) }, 'bk-ext') +
    `<span class="bk-ext-chips">${initial.map(chipHtml).join('')}</span>${query}` +
    `<ul class="bk-ext-menu" role="listbox" hidden></ul>${confirmTemplate(element.confirm, ctx)}</span>`
  );
}
