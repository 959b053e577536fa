// The message box: only slash commands reach the app, as Slack sends them; ↑/↓ recall earlier ones.
import { api, quiet } from './api.js';
import { byId } from './dom.js';
import { apply } from './live-state.js';
import { acting, saveLocation, session } from './session.js';
import { toast } from './toast.js';

function composerInput(): HTMLInputElement {
  return byId('composer-input', HTMLInputElement);
}

export function focusComposer(): void {
  composerInput().focus();
}

export function selectChannel(channelId: string): void {
  session.channelId = channelId;
  session.paneHtml = null;
  saveLocation();
  if (session.state) apply(session.state);
  focusComposer();
}

export function sendComposer(event: SubmitEvent): void {
  event.preventDefault();
  const input = composerInput();
  const raw = input.value.trim();
  if (!raw) return;
  const match = /^(\/[a-z0-9_-]+)(?:\s+([\s\S]*))?$/i.exec(raw);
  const command = match?.[1];
  if (!match || command === undefined) {
    toast('Only slash commands reach the app here. Try /exp help.', 'info');
    return;
  }
  session.history.push(raw);
  session.historyAt = session.history.length;
  input.value = '';
  const body = acting({ command: command.toLowerCase(), text: match[2] || '', channelId: session.channelId });
  quiet(api('/api/command', body));
}

export function composerHistory(event: KeyboardEvent, input: HTMLInputElement): void {
  if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
  const step = event.key === 'ArrowUp' ? -1 : 1;
  const at = Math.min(Math.max(session.historyAt + step, 0), session.history.length);
  if (at === session.historyAt) return;
  event.preventDefault();
  session.historyAt = at;
  input.value = session.history[at] || '';
}
