import { playgroundTexts } from '../client/texts.js';
import { attrs, escapeHtml } from '../render/html.js';
import { CLIENT_SCRIPT_PATH } from './client-script.js';
import { STYLES } from './styles.js';
import { WORKFLOW_DIALOG, WORKFLOWS_SECTION } from './workflows.js';

export interface PageInput {
  /** Per response; the Content-Security-Policy allows only the script and style carrying it. */
  nonce: string;
  defaults: { userId: string; teamId: string; channelId: string };
  /** The composer refuses longer text with a plain sentence instead of sending it. */
  maxMessageChars: number;
  /** Links on these domains reach the app as link_shared; the hint under the composer says which. */
  unfurlDomains: readonly string[];
}

/** Rendered in English; the script relabels what carries data-text* when the person's switch says Russian. */
const TEXTS = playgroundTexts('en');
const c = TEXTS.chrome;

/** The page shell; channels, messages and modals arrive as server-rendered HTML over Server-Sent Events. */
export function renderPage(input: PageInput): string {
  const { nonce, defaults, maxMessageChars, unfurlDomains } = input;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>exp-chatops playground</title>
<style nonce="${nonce}">${STYLES}</style>
</head>
<body${attrs({
    'data-default-user': defaults.userId,
    'data-default-team': defaults.teamId,
    'data-default-channel': defaults.channelId,
    'data-max-message-chars': maxMessageChars,
  })}>
<header class="topbar">
  <div class="brand"><strong>exp-chatops</strong> playground <span class="offline-note" data-text="reconnecting">${c.reconnecting}</span></div>
  <label class="switch"><span data-text="workspace">${c.workspace}</span> <select id="team-select" aria-label="${c.workspace}" data-text-label="workspace"></select></label>
  <label class="switch"><span data-text="actingAs">${c.actingAs}</span> <select id="user-select" aria-label="${c.actingAs}" data-text-label="actingAs"></select></label>
  <label class="switch"><span data-text="language">${c.language}</span> <select id="language-select" aria-label="${escapeHtml(c.languageLabel)}" data-text-label="languageLabel"><option value="auto" data-text="languageAuto">${escapeHtml(c.languageAuto)}</option><option value="en">English</option><option value="ru">Русский</option></select></label>
  <button type="button" id="add-user" class="bk-button" data-text="addUser">${c.addUser}</button>
</header>
<div class="layout">
  <nav id="sidebar" class="sidebar" aria-label="${c.channels}" data-text-label="channels"><h2 data-text="channels">${c.channels}</h2><ul id="channel-list"></ul><h2 data-text="apps">${c.apps}</h2><ul id="app-list"></ul>${WORKFLOWS_SECTION}</nav>
  <main class="pane">
    <div class="pane-head">
      <button type="button" id="channels-toggle" class="channels-toggle" aria-controls="sidebar" aria-expanded="false"><span aria-hidden="true">☰</span> Channels <span id="toggle-unread" class="unread" hidden></span></button>
      <h1 id="channel-title" class="channel-title"></h1>
    </div>
    <div id="messages" class="messages" aria-live="polite"></div>
    <form id="composer" class="composer" autocomplete="off">
      <input id="composer-input" name="text" aria-label="${c.message}" data-text-label="message" placeholder="/exp help">
      <button type="submit" class="bk-button bk-style-primary" data-text="send">${c.send}</button>
    </form>
    <ul id="channel-suggestions" class="channel-suggestions" role="listbox" aria-label="Channels" hidden></ul>
    <p id="composer-note" class="composer-note" role="alert" hidden></p>
    <p class="composer-hint"><span data-text="hintBefore">${c.hintBefore}</span> <code>/invite @exp-chatops</code> <span data-text="hintAfter">${c.hintAfter}</span> <span${attrs({ id: 'link-hint', 'data-domains': unfurlDomains.join(' ') })}>${escapeHtml(TEXTS.linkHint(unfurlDomains))}</span> <span data-text="recallHint">${c.recallHint}</span></p>
  </main>
  <aside id="thread-pane" class="thread-pane" aria-labelledby="thread-title" hidden>
    <div class="thread-head"><h2 id="thread-title"><span data-text="thread">${c.thread}</span> <span id="thread-channel" class="thread-channel"></span></h2><button type="button" id="thread-close" class="thread-close" aria-label="${c.closeThread}" data-text-label="closeThread">×</button></div>
    <div id="thread-messages" class="messages thread-messages" aria-live="polite"></div>
    <form id="thread-composer" class="composer" autocomplete="off">
      <input id="thread-input" name="text" aria-label="${c.reply}" data-text-label="reply" placeholder="${c.replyPlaceholder}" data-text-placeholder="replyPlaceholder">
      <button type="submit" class="bk-button bk-style-primary" data-text="reply">${c.reply}</button>
    </form>
    <p id="thread-note" class="composer-note" role="alert" hidden></p>
  </aside>
</div>
<div id="modal-root"></div>
<dialog id="confirm-dialog" class="confirm-dialog" aria-label="Confirm"></dialog>
<dialog id="add-user-dialog" class="confirm-dialog" aria-labelledby="add-user-title">
  <form id="add-user-form">
    <h3 id="add-user-title" class="cf-title" data-text="addUserTitle">${c.addUserTitle}</h3>
    <label class="bk-label" for="add-user-name" data-text="name">${c.name}</label>
    <input id="add-user-name" name="name" class="bk-control" maxlength="80" required>
    <label class="bk-choice"><input type="checkbox" name="admin"> <span data-text="workspaceAdmin">${c.workspaceAdmin}</span></label>
    <div class="cf-buttons">
      <button type="button" id="add-user-cancel" class="bk-button" data-text="cancel">${c.cancel}</button>
      <button type="submit" class="bk-button bk-style-primary" data-text="addAndSwitch">${c.addAndSwitch}</button>
    </div>
  </form>
</dialog>
${WORKFLOW_DIALOG}
<div id="toasts" class="toasts"></div>
<script nonce="${nonce}" src="${CLIENT_SCRIPT_PATH}"></script>
</body>
</html>
`;
}
