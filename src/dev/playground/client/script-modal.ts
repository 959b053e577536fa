// The user's top modal: rendered by the server, re-rendered only when the app changed it, keeping
// what the user typed (Slack keeps input state across views.update for the same block and action
// ids). Also submission, close and keyboard handling. Shares scope with the other script parts.

export const MODAL_SCRIPT = String.raw`
function fieldKey(field) { return field.dataset.blockId + '\n' + field.dataset.actionId; }

function captureFields(root) {
  var saved = {};
  root.querySelectorAll('.bk-field[data-block-id]').forEach(function (field) {
    var type = field.dataset.type;
    if (type !== 'button' && type !== 'overflow') saved[fieldKey(field)] = { type: type, state: readField(field) };
  });
  return saved;
}

function stateValues(state) {
  if (state.selected_options) return state.selected_options.map(function (o) { return o.value; });
  if (state.selected_option) return [state.selected_option.value];
  var lists = ['selected_users', 'selected_conversations', 'selected_channels'];
  var singles = ['selected_user', 'selected_conversation', 'selected_channel'];
  for (var i = 0; i < lists.length; i++) if (state[lists[i]]) return state[lists[i]];
  for (var j = 0; j < singles.length; j++) if (state[singles[j]]) return [state[singles[j]]];
  return [];
}

function writeField(field, state) {
  var type = field.dataset.type;
  var control = controlOf(field);
  if ('value' in state) { if (control) control.value = state.value == null ? '' : state.value; return; }
  if ('selected_date' in state || 'selected_time' in state) {
    if (control) control.value = state.selected_date || state.selected_time || '';
    return;
  }
  if (type === 'external_select' || type === 'multi_external_select') {
    var chips = field.querySelector('.bk-ext-chips');
    chips.textContent = '';
    (state.selected_options || (state.selected_option ? [state.selected_option] : [])).forEach(function (o) {
      chips.appendChild(chip(o));
    });
    return;
  }
  var values = stateValues(state);
  if (type === 'checkboxes' || type === 'radio_buttons') {
    field.querySelectorAll('input').forEach(function (input) { input.checked = values.indexOf(input.value) >= 0; });
    return;
  }
  var select = field.querySelector('select');
  if (!select) return;
  Array.prototype.forEach.call(select.options, function (o) { o.selected = o.value !== '' && values.indexOf(o.value) >= 0; });
  if (!select.multiple && values.length === 0) select.value = '';
}

function renderModal(state) {
  var root = $('modal-root');
  var modal = state.html.modal;
  if (!modal) {
    if (S.modalKey !== null) { root.textContent = ''; S.modalKey = null; S.modalViewId = null; }
    return;
  }
  if (modal.key === S.modalKey) return;
  var sameView = modal.viewId === S.modalViewId;
  var saved = sameView ? captureFields(root) : null;
  var active = document.activeElement;
  var focused = sameView && root.contains(active) && fieldOf(active) ? fieldKey(fieldOf(active)) : null;
  root.innerHTML = modal.html;
  S.modalKey = modal.key;
  S.modalViewId = modal.viewId;
  if (saved) {
    root.querySelectorAll('.bk-field[data-block-id]').forEach(function (field) {
      var entry = saved[fieldKey(field)];
      if (entry && entry.type === field.dataset.type) writeField(field, entry.state);
    });
  }
  var again = null;
  root.querySelectorAll('.bk-field[data-block-id]').forEach(function (field) {
    if (focused !== null && fieldKey(field) === focused) again = controlOf(field);
  });
  if (again) again.focus();
  else if (!sameView) { var first = root.querySelector('.bk-control'); if (first) first.focus(); }
}

function isEmpty(state) {
  if ('value' in state) return state.value === null || state.value.trim() === '';
  var keys = Object.keys(state).filter(function (k) { return k !== 'type'; });
  return keys.every(function (k) {
    var v = state[k];
    return v === null || v === undefined || (Array.isArray(v) && v.length === 0);
  });
}

function localError(field) {
  var type = field.dataset.type;
  var state = readField(field);
  if (field.dataset.optional !== '1' && isEmpty(state)) return 'Please complete this required field.';
  if (isEmpty(state)) return null;
  var min = Number(field.dataset.minLength || '0');
  if ('value' in state && state.value.length < min) return 'Please enter at least ' + min + ' characters.';
  if (type === 'number_input') {
    var pattern = field.dataset.decimal === 'true' ? /^-?\d+(\.\d+)?$/ : /^-?\d+$/;
    if (!pattern.test(state.value.trim())) return field.dataset.decimal === 'true' ? 'Please enter a number.' : 'Please enter a whole number.';
  }
  return null;
}

// Slack checks required fields, lengths and numbers in the client, before the app hears anything.
function submitModal(event) {
  event.preventDefault();
  var form = event.target;
  var values = {};
  var invalid = false;
  form.querySelectorAll('.bk-error[data-local]').forEach(function (box) {
    box.hidden = true;
    box.textContent = '';
    box.removeAttribute('data-local');
  });
  form.querySelectorAll('.bk-field[data-input="1"]').forEach(function (field) {
    var problem = localError(field);
    if (problem) {
      invalid = true;
      var box = field.closest('.bk').querySelector('.bk-error');
      box.textContent = problem;
      box.hidden = false;
      box.setAttribute('data-local', '1');
      return;
    }
    var blockId = field.dataset.blockId;
    if (!blockId || !field.dataset.actionId) return;
    values[blockId] = values[blockId] || {};
    values[blockId][field.dataset.actionId] = readField(field);
  });
  if (invalid) return;
  quiet(api('/api/view/submit', acting({ viewId: form.dataset.viewId, values: values })).then(function (result) {
    if (result.outcome && result.outcome.kind === 'rejected') {
      toast('Slack would show "We had some trouble connecting": ' + result.outcome.reason, 'error');
    }
  }));
}

function closeModal(node, clear) {
  var form = node.closest('form.modal');
  if (!form) return;
  quiet(api('/api/view/close', acting({ viewId: form.dataset.viewId, clear: clear })));
}

function onKeyDown(event) {
  var target = event.target;
  if (!(target instanceof Element)) return;
  if (target.id === 'composer-input') { composerHistory(event); return; }
  if (event.key === 'Escape' && !$('confirm-dialog').open) {
    var form = document.querySelector('#modal-root form.modal');
    if (form) { event.preventDefault(); closeModal(form, true); }
    return;
  }
  if (event.key !== 'Enter' || target.tagName !== 'INPUT') return;
  var field = fieldOf(target);
  if (!field) return;
  if (target.classList.contains('bk-ext-query')) { event.preventDefault(); return; }
  if (field.dataset.dispatch === '1' && field.dataset.trigger === 'enter' && /text_input$|number_input$/.test(field.dataset.type)) {
    event.preventDefault();
    sendAction(field, readField(field));
  }
}

function onSubmit(event) {
  var form = event.target;
  if (form.id === 'composer') sendComposer(event);
  else if (form.id === 'add-user-form') addUser(event);
  else if (form.classList.contains('modal')) submitModal(event);
}

function start() {
  initFromLocation();
  saveLocation();
  document.addEventListener('click', onClick);
  document.addEventListener('change', onChange);
  document.addEventListener('input', onInput);
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('submit', onSubmit);
  $('user-select').addEventListener('change', function (e) { S.userId = e.target.value; resetView(); });
  $('team-select').addEventListener('change', function (e) { S.teamId = e.target.value; resetView(); });
  $('add-user').addEventListener('click', function () { $('add-user-dialog').showModal(); });
  $('add-user-cancel').addEventListener('click', function () { $('add-user-dialog').close(); });
  connect();
  $('composer-input').focus();
}
`;
