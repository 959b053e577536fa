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

function linkHint(domains: readonly string[]): string {
  return domains.length === 0
    ? 'Links are posted only: no unfurl domain is configured.'
    : `Links on ${domains.join(', ')} reach the app, which may unfurl them.`;
}

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
  <div class="brand"><strong>exp-chatops</strong> playground <span class="offline-note">· reconnecting…</span></div>
  <label class="switch">Workspace <select id="team-select" aria-label="Workspace"></select></label>
  <label class="switch">Acting as <select id="user-select" aria-label="Acting as"></select></label>
  <label class="switch">Language <select id="language-select" aria-label="The app's language for this person"><option value="auto">Slack's</option><option value="en">English</option><option value="ru">Русский</option></select></label>
  <button type="button" id="add-user" class="bk-button">Add user</button>
</header>
<div class="layout">
  <nav id="sidebar" class="sidebar" aria-label="Channels"><h2>Channels</h2><ul id="channel-list"></ul>${WORKFLOWS_SECTION}</nav>
  <main class="pane">
    <div class="pane-head">
      <button type="button" id="channels-toggle" class="channels-toggle" aria-controls="sidebar" aria-expanded="false"><span aria-hidden="true">☰</span> Channels <span id="toggle-unread" class="unread" hidden></span></button>
      <h1 id="channel-title" class="channel-title"></h1>
    </div>
    <div id="messages" class="messages" aria-live="polite"></div>
    <form id="composer" class="composer" autocomplete="off">
      <input id="composer-input" name="text" aria-label="Message" placeholder="/exp help">
      <button type="submit" class="bk-button bk-style-primary">Send</button>
    </form>
    <p id="composer-note" class="composer-note" role="alert" hidden></p>
    <p class="composer-hint">Slash commands go to the app; <code>/invite @exp-chatops</code> adds it to the channel; anything else is posted as you. ${escapeHtml(linkHint(unfurlDomains))} ↑/↓ recall what you sent.</p>
  </main>
  <aside id="thread-pane" class="thread-pane" aria-labelledby="thread-title" hidden>
    <div class="thread-head"><h2 id="thread-title">Thread <span id="thread-channel" class="thread-channel"></span></h2><button type="button" id="thread-close" class="thread-close" aria-label="Close the thread">×</button></div>
    <div id="thread-messages" class="messages thread-messages" aria-live="polite"></div>
    <form id="thread-composer" class="composer" autocomplete="off">
      <input id="thread-input" name="text" aria-label="Reply" placeholder="Reply in the thread">
      <button type="submit" class="bk-button bk-style-primary">Reply</button>
    </form>
    <p id="thread-note" class="composer-note" role="alert" hidden></p>
  </aside>
</div>
<div id="modal-root"></div>
<dialog id="confirm-dialog" class="confirm-dialog" aria-label="Confirm"></dialog>
<dialog id="add-user-dialog" class="confirm-dialog" aria-labelledby="add-user-title">
  <form id="add-user-form">
    <h3 id="add-user-title" class="cf-title">Add a user</h3>
    <label class="bk-label" for="add-user-name">Name</label>
    <input id="add-user-name" name="name" class="bk-control" maxlength="80" required>
    <label class="bk-choice"><input type="checkbox" name="admin"> <span>Workspace admin</span></label>
    <div class="cf-buttons">
      <button type="button" id="add-user-cancel" class="bk-button">Cancel</button>
      <button type="submit" class="bk-button bk-style-primary">Add and switch</button>
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
