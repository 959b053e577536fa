// Browser code served inline as a string, so `tsc` output carries it and nothing is built or fetched.
// Plain ES2017 without template literals; it shares one function scope with the other script parts.
// It never builds HTML from data: it inserts only the server's escaped HTML or sets textContent.

export const CORE_SCRIPT = String.raw`
var body = document.body;
var S = {
  userId: '', teamId: '', channelId: '', state: null, es: null, paneHtml: null,
  modalKey: null, modalViewId: null, usersKey: '', teamsKey: '', history: [], historyAt: 0
};

function $(id) { return document.getElementById(id); }

function initFromLocation() {
  var q = new URLSearchParams(location.search);
  S.userId = q.get('user') || body.dataset.defaultUser;
  S.teamId = q.get('team') || body.dataset.defaultTeam;
  S.channelId = q.get('channel') || body.dataset.defaultChannel;
}

function saveLocation() {
  var q = new URLSearchParams();
  q.set('user', S.userId);
  q.set('team', S.teamId);
  q.set('channel', S.channelId);
  history.replaceState(null, '', '?' + q.toString());
}

function acting(extra) {
  var out = { userId: S.userId, teamId: S.teamId };
  Object.keys(extra).forEach(function (key) { out[key] = extra[key]; });
  return out;
}

function toast(text, kind) {
  var box = document.createElement('div');
  box.className = 'toast toast-' + (kind || 'info');
  box.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  box.textContent = text;
  $('toasts').appendChild(box);
  setTimeout(function () { box.remove(); }, 8000);
}

function api(path, payload) {
  var request = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) };
  return fetch(path, request).then(function (res) {
    return res.json().catch(function () { return {}; }).then(function (json) {
      if (!res.ok) {
        var failure = new Error(json.message || ('The playground refused the request (HTTP ' + res.status + ').'));
        failure.shown = true;
        toast(failure.message, 'error');
        throw failure;
      }
      if (typeof json.status === 'number' && json.status !== 200 && json.status !== 0) {
        toast('The app answered HTTP ' + json.status + ': Slack would show the user an error.', 'error');
      }
      return json;
    });
  }, function (error) {
    error.shown = true;
    toast('The playground server cannot be reached: ' + error.message, 'error');
    throw error;
  });
}

function quiet(promise) {
  return promise.catch(function (error) { if (!error.shown) toast(String(error.message || error), 'error'); });
}

function connect() {
  if (S.es) S.es.close();
  var es = new EventSource('/api/events?userId=' + encodeURIComponent(S.userId) + '&teamId=' + encodeURIComponent(S.teamId));
  S.es = es;
  es.addEventListener('state', function (event) { if (S.es === es) apply(JSON.parse(event.data)); });
  es.onopen = function () { body.classList.remove('offline'); };
  es.onerror = function () { body.classList.add('offline'); };
}

function apply(state) {
  if (state.self.userId !== S.userId || state.self.teamId !== S.teamId) return;
  S.state = state;
  renderSwitches(state);
  renderSidebar(state);
  renderPane(state);
  renderModal(state);
  body.dataset.revision = String(state.revision);
  body.dataset.ready = '1';
}

function fillSelect(select, items) {
  select.textContent = '';
  items.forEach(function (item) {
    var option = document.createElement('option');
    option.value = item.value;
    option.textContent = item.label;
    select.appendChild(option);
  });
}

function renderSwitches(state) {
  var people = state.users.filter(function (u) { return !u.isBot; }).map(function (u) {
    return { value: u.id, label: (u.realName || u.name) + (u.isAdmin ? ' (admin)' : '') + ' \u00b7 ' + u.id };
  });
  var key = JSON.stringify(people);
  if (key !== S.usersKey) { fillSelect($('user-select'), people); S.usersKey = key; }
  $('user-select').value = S.userId;
  var teams = state.teams.map(function (t) { return { value: t.id, label: t.name + ' \u00b7 ' + t.id }; });
  key = JSON.stringify(teams);
  if (key !== S.teamsKey) { fillSelect($('team-select'), teams); S.teamsKey = key; }
  $('team-select').value = S.teamId;
}

function renderSidebar(state) {
  var known = state.channels.some(function (c) { return c.id === S.channelId; });
  if (!known && state.channels[0]) { S.channelId = state.channels[0].id; saveLocation(); }
  var list = $('channel-list');
  list.textContent = '';
  state.channels.forEach(function (channel) {
    var item = document.createElement('li');
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'channel' + (channel.id === S.channelId ? ' active' : '');
    button.dataset.channelId = channel.id;
    button.textContent = channel.label + (channel.isPrivate && !channel.isIm ? ' (private)' : '');
    if (!channel.botIsMember && !channel.isIm) button.title = 'The app is not a member of this channel';
    var count = (state.messages[channel.id] || []).length;
    if (count > 0) {
      var badge = document.createElement('span');
      badge.className = 'count';
      badge.textContent = String(count);
      button.appendChild(badge);
    }
    item.appendChild(button);
    list.appendChild(item);
  });
}

function renderPane(state) {
  var channel = state.channels.filter(function (c) { return c.id === S.channelId; })[0];
  $('channel-title').textContent = channel ? channel.label : '';
  var html = state.html.channels[S.channelId] || '';
  if (html === S.paneHtml) return;
  var pane = $('messages');
  var stick = S.paneHtml === null || pane.scrollHeight - pane.scrollTop - pane.clientHeight < 80;
  if (html) {
    pane.innerHTML = html;
  } else {
    pane.textContent = '';
    var empty = document.createElement('div');
    empty.className = 'empty';
    empty.textContent = 'No messages yet. Type /exp help below.';
    pane.appendChild(empty);
  }
  S.paneHtml = html;
  if (stick) pane.scrollTop = pane.scrollHeight;
}

function resetView() {
  S.paneHtml = null;
  S.modalKey = null;
  S.modalViewId = null;
  $('modal-root').textContent = '';
  saveLocation();
  connect();
}

function selectChannel(channelId) {
  S.channelId = channelId;
  S.paneHtml = null;
  saveLocation();
  if (S.state) apply(S.state);
  $('composer-input').focus();
}

function sendComposer(event) {
  event.preventDefault();
  var input = $('composer-input');
  var raw = input.value.trim();
  if (!raw) return;
  var match = /^(\/[a-z0-9_-]+)(?:\s+([\s\S]*))?$/i.exec(raw);
  if (!match) { toast('Only slash commands reach the app here. Try /exp help.', 'info'); return; }
  S.history.push(raw);
  S.historyAt = S.history.length;
  input.value = '';
  quiet(api('/api/command', acting({ command: match[1].toLowerCase(), text: match[2] || '', channelId: S.channelId })));
}

function composerHistory(event) {
  if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
  var step = event.key === 'ArrowUp' ? -1 : 1;
  var at = Math.min(Math.max(S.historyAt + step, 0), S.history.length);
  if (at === S.historyAt) return;
  event.preventDefault();
  S.historyAt = at;
  event.target.value = S.history[at] || '';
}

function addUser(event) {
  event.preventDefault();
  var form = event.target;
  var name = form.elements.namedItem('name').value.trim();
  var admin = form.elements.namedItem('admin').checked;
  if (!name) return;
  $('add-user-dialog').close();
  quiet(api('/api/users', { name: name, isAdmin: admin }).then(function (result) {
    form.reset();
    S.userId = result.user.id;
    resetView();
  }));
}
`;
