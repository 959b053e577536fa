// Block Kit interactivity in the browser: element state as Slack reports it, confirm dialogs,
// overflow menus and external-select type-ahead. Shares scope with script-core.ts.

export const ACTIONS_SCRIPT = String.raw`
function fieldOf(node) { return node && node.closest ? node.closest('.bk-field') : null; }
function optionOf(node) { return JSON.parse(node.dataset.option); }
function controlOf(field) {
  return field.querySelector('input:not([type=checkbox]):not([type=radio]), textarea, select');
}

function selectedOptions(field) {
  var type = field.dataset.type;
  if (type === 'external_select' || type === 'multi_external_select') {
    return Array.prototype.map.call(field.querySelectorAll('.bk-chip'), optionOf);
  }
  if (type === 'checkboxes' || type === 'radio_buttons') {
    return Array.prototype.map.call(field.querySelectorAll('input:checked'), optionOf);
  }
  var select = field.querySelector('select');
  if (!select) return [];
  return Array.prototype.filter.call(select.selectedOptions, function (o) { return o.value !== ''; }).map(optionOf);
}

// The element's state exactly as Slack puts it in view.state.values and in block_actions.
function readField(field) {
  var type = field.dataset.type;
  var options = selectedOptions(field);
  var first = options[0] || null;
  var values = options.map(function (o) { return o.value; });
  var control = controlOf(field);
  switch (type) {
    case 'plain_text_input': case 'number_input': case 'email_text_input': case 'url_text_input':
      return { type: type, value: control && control.value !== '' ? control.value : null };
    case 'static_select': case 'external_select': case 'radio_buttons':
      return { type: type, selected_option: first };
    case 'multi_static_select': case 'multi_external_select': case 'checkboxes':
      return { type: type, selected_options: options };
    case 'users_select': return { type: type, selected_user: first ? first.value : null };
    case 'multi_users_select': return { type: type, selected_users: values };
    case 'conversations_select': return { type: type, selected_conversation: first ? first.value : null };
    case 'multi_conversations_select': return { type: type, selected_conversations: values };
    case 'channels_select': return { type: type, selected_channel: first ? first.value : null };
    case 'multi_channels_select': return { type: type, selected_channels: values };
    case 'datepicker': return { type: type, selected_date: control && control.value ? control.value : null };
    case 'timepicker': return { type: type, selected_time: control && control.value ? control.value : null };
    default: return { type: type };
  }
}

function sendAction(field, action) {
  var blockId = field.dataset.blockId;
  var actionId = field.dataset.actionId;
  if (!actionId) { toast('This element has no action_id, so Slack sends nothing.', 'error'); return; }
  var form = field.closest('form.modal');
  if (form) {
    if (!blockId) { toast('This block has no block_id: the playground cannot address it.', 'error'); return; }
    quiet(api('/api/view/action', acting({ viewId: form.dataset.viewId, blockId: blockId, actionId: actionId, action: action })));
    return;
  }
  var message = field.closest('.msg');
  if (!message) return;
  var where = { channelId: message.dataset.channel, ts: message.dataset.ts, actionId: actionId };
  if (action.type === 'button') { quiet(api('/api/click', acting(where))); return; }
  if (!blockId) { toast('This block has no block_id: the playground cannot address it.', 'error'); return; }
  where.blockId = blockId;
  where.action = action;
  quiet(api('/api/message/action', acting(where)));
}

// A confirm object: the action goes out only after the dialog's confirm button, like Slack.
function withConfirm(field, go) {
  var template = field.querySelector(':scope > template.bk-confirm');
  if (!template) { go(); return; }
  var dialog = $('confirm-dialog');
  dialog.textContent = '';
  dialog.appendChild(template.content.cloneNode(true));
  dialog.querySelector('.cf-deny').addEventListener('click', function () { dialog.close(); });
  dialog.querySelector('.cf-confirm').addEventListener('click', function () { dialog.close(); go(); });
  dialog.showModal();
}

function closeMenus(except) {
  document.querySelectorAll('.bk-menu, .bk-ext-menu').forEach(function (menu) {
    if (menu !== except) menu.hidden = true;
  });
}

function chip(option) {
  var box = document.createElement('span');
  box.className = 'bk-chip';
  box.dataset.option = JSON.stringify(option);
  var text = document.createElement('span');
  text.className = 'bk-chip-text';
  text.textContent = option.text && typeof option.text.text === 'string' ? option.text.text : String(option.value);
  var remove = document.createElement('button');
  remove.type = 'button';
  remove.className = 'bk-chip-x';
  remove.setAttribute('aria-label', 'Remove');
  remove.textContent = '\u00d7';
  box.appendChild(text);
  box.appendChild(remove);
  return box;
}

function showMenu(field, options, groups) {
  var menu = field.querySelector('.bk-ext-menu');
  menu.textContent = '';
  function add(option) {
    var item = document.createElement('li');
    item.className = 'bk-ext-option';
    item.setAttribute('role', 'option');
    item.dataset.option = JSON.stringify(option);
    item.textContent = option.text && typeof option.text.text === 'string' ? option.text.text : String(option.value);
    menu.appendChild(item);
  }
  options.forEach(add);
  groups.forEach(function (group) {
    var label = document.createElement('li');
    label.className = 'bk-ext-group';
    label.textContent = group.label && group.label.text ? group.label.text : '';
    menu.appendChild(label);
    (group.options || []).forEach(add);
  });
  if (!menu.children.length) {
    var none = document.createElement('li');
    none.className = 'bk-ext-none';
    none.textContent = 'No results';
    menu.appendChild(none);
  }
  closeMenus(menu);
  menu.hidden = false;
}

function loadOptions(field, value) {
  var min = Number(field.dataset.minQuery || '3');
  if (value.length < min) { field.querySelector('.bk-ext-menu').hidden = true; return; }
  var payload = acting({ blockId: field.dataset.blockId, actionId: field.dataset.actionId, value: value });
  var form = field.closest('form.modal');
  var message = field.closest('.msg');
  if (form) payload.viewId = form.dataset.viewId;
  else if (message) { payload.channelId = message.dataset.channel; payload.ts = message.dataset.ts; }
  field.playgroundSeq = (field.playgroundSeq || 0) + 1;
  var seq = field.playgroundSeq;
  quiet(api('/api/options', payload).then(function (result) {
    if (seq !== field.playgroundSeq) return;
    var breaches = result.breaches || [];
    if (breaches.length) toast('Slack would show no options: ' + breaches.join('; '), 'error');
    showMenu(field, breaches.length ? [] : result.options || [], breaches.length ? [] : result.option_groups || []);
  }));
}

function choose(field, option) {
  var chips = field.querySelector('.bk-ext-chips');
  var multi = field.dataset.type.indexOf('multi_') === 0;
  var taken = Array.prototype.some.call(chips.children, function (c) { return optionOf(c).value === option.value; });
  if (!multi) chips.textContent = '';
  if (!multi || !taken) chips.appendChild(chip(option));
  field.querySelector('.bk-ext-query').value = '';
  field.querySelector('.bk-ext-menu').hidden = true;
  if (field.dataset.dispatch === '1') withConfirm(field, function () { sendAction(field, readField(field)); });
}

function onClick(event) {
  var target = event.target;
  if (!(target instanceof Element)) return;
  var channel = target.closest('#channel-list button[data-channel-id]');
  if (channel) { selectChannel(channel.dataset.channelId); return; }
  var button = target.closest('.bk-field[data-type="button"] > button.bk-button');
  if (button) {
    var field = fieldOf(button);
    var action = { type: 'button', value: field.dataset.value, text: JSON.parse(field.dataset.text) };
    withConfirm(field, function () { sendAction(field, action); });
    return;
  }
  var toggle = target.closest('.bk-overflow-toggle');
  if (toggle) {
    var menu = toggle.parentElement.querySelector('.bk-menu');
    closeMenus(menu);
    menu.hidden = !menu.hidden;
    return;
  }
  var item = target.closest('.bk-overflow-item');
  if (item) {
    var overflow = fieldOf(item);
    item.closest('.bk-menu').hidden = true;
    withConfirm(overflow, function () { sendAction(overflow, { type: 'overflow', selected_option: optionOf(item) }); });
    return;
  }
  var pick = target.closest('.bk-ext-option');
  if (pick) { choose(fieldOf(pick), optionOf(pick)); return; }
  var remove = target.closest('.bk-chip-x');
  if (remove) {
    var owner = fieldOf(remove);
    remove.parentElement.remove();
    if (owner.dataset.dispatch === '1') sendAction(owner, readField(owner));
    return;
  }
  if (target.closest('.modal-x')) { closeModal(target, true); return; }
  if (target.closest('.modal-cancel')) { closeModal(target, false); return; }
  if (!target.closest('.bk-ext')) closeMenus(null);
}

function onChange(event) {
  var target = event.target;
  if (!(target instanceof Element) || target.classList.contains('bk-ext-query')) return;
  var field = fieldOf(target);
  if (!field || field.dataset.dispatch !== '1') return;
  if (/text_input$|number_input$/.test(field.dataset.type)) return;
  withConfirm(field, function () { sendAction(field, readField(field)); });
}

function onInput(event) {
  var target = event.target;
  if (!(target instanceof Element)) return;
  var field = fieldOf(target);
  if (!field) return;
  if (target.classList.contains('bk-ext-query')) {
    clearTimeout(field.playgroundTimer);
    field.playgroundTimer = setTimeout(function () { loadOptions(field, target.value); }, 200);
    return;
  }
  if (field.dataset.dispatch === '1' && field.dataset.trigger === 'character') {
    clearTimeout(field.playgroundTimer);
    field.playgroundTimer = setTimeout(function () { sendAction(field, readField(field)); }, 400);
  }
}

function onFocusIn(event) {
  var target = event.target;
  if (target instanceof Element && target.classList.contains('bk-ext-query')) {
    var field = fieldOf(target);
    if (Number(field.dataset.minQuery || '3') === 0) loadOptions(field, target.value);
  }
}
`;
