// The message boxes. In the channel: a slash command goes to the app as Slack sends it (Slack runs
// /invite itself), anything else is posted as the person, and its links may reach the app. In a
// thread: replies only, as Slack runs no app's slash command there. ↑/↓ recall what was sent.

import { api, quiet } from './api.js';
import { byId } from './dom.js';
import { apply } from './live-state.js';
import { pageTexts } from './page-texts.js';
import { acting, saveLocation, session } from './session.js';

const SLASH_COMMAND = /^(\/[a-z0-9_-]+)(?:\s+([\s\S]*))?$/i;

function composerInput(): HTMLInputElement {
  return byId('composer-input', HTMLInputElement);
}

export function focusComposer(): void {
  composerInput().focus();
}

/** Shows a channel, or the app's Home tab, in the pane: the drawer closes, the thread with it. */
function showInPane(place: { home: true } | { home: false; channelId: string }): void {
  session.home = place.home;
  if (!place.home) session.channelId = place.channelId;
  session.paneHtml = null;
  session.threadTs = null;
  saveLocation();
  document.body.classList.remove('drawer-open');
  byId('channels-toggle', HTMLElement).setAttribute('aria-expanded', 'false');
  if (session.state) apply(session.state);
}

/** The app's Home tab in the pane; the app hears it was opened, as Slack tells it each time. */
export function openHome(): void {
  showInPane({ home: true });
  quiet(api('/api/home/open', acting({})));
}

export function selectChannel(channelId: string): void {
  showInPane({ home: false, channelId });
  focusComposer();
}

function maxChars(): number {
  return Number(document.body.dataset.maxMessageChars) || 4000;
}

/** Slack caps what one message may hold; past the cap the person is told plainly, and nothing is sent. */
function lengthProblem(text: string): string | null {
  const max = maxChars();
  if (text.length <= max) return null;
  const texts = pageTexts();
  const format = (n: number) => n.toLocaleString(texts.tag);
  return texts.tooLong(format(text.length), format(max));
}

/** Shows (or, given null, hides) the sentence under a message box. */
function showNote(noteId: string, text: string | null): void {
  const note = byId(noteId, HTMLElement);
  note.hidden = text === null;
  note.textContent = text ?? '';
}

function remember(raw: string): void {
  session.history.push(raw);
  session.historyAt = session.history.length;
}

export function sendComposer(event: SubmitEvent): void {
  event.preventDefault();
  const input = composerInput();
  const raw = input.value.trim();
  if (!raw) return;
  const problem = lengthProblem(raw);
  showNote('composer-note', problem);
  if (problem) return;
  remember(raw);
  input.value = '';
  const match = SLASH_COMMAND.exec(raw);
  const command = match?.[1];
  if (match && command !== undefined) {
    const body = acting({
      command: command.toLowerCase(),
      text: match[2] || '',
      channelId: session.channelId,
    });
    quiet(api('/api/command', body));
    return;
  }
  quiet(api('/api/message', acting({ channelId: session.channelId, text: raw })));
}

export function sendReply(event: SubmitEvent): void {
  event.preventDefault();
  const input = byId('thread-input', HTMLInputElement);
  const raw = input.value.trim();
  if (!raw || session.threadTs === null) return;
  const problem = SLASH_COMMAND.test(raw) ? pageTexts().commandInThread : lengthProblem(raw);
  showNote('thread-note', problem);
  if (problem) return;
  input.value = '';
  quiet(api('/api/message', acting({ channelId: session.channelId, text: raw, threadTs: session.threadTs })));
}

/** While typing: the note appears as soon as the text is over the cap and goes once it is not. */
export function checkWhileTyping(input: HTMLInputElement): void {
  const noteId = input.id === 'thread-input' ? 'thread-note' : 'composer-note';
  showNote(noteId, lengthProblem(input.value.trim()));
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
