import { attrs } from '../render/html.js';
import { CLIENT_SCRIPT_PATH } from './client-script.js';
import { STYLES } from './styles.js';

export interface PageInput {
  /** Per response; the Content-Security-Policy allows only the script and style carrying it. */
  nonce: string;
  defaults: { userId: string; teamId: string; channelId: string };
}

/** The page shell; channels, messages and modals arrive as server-rendered HTML over Server-Sent Events. */
export function renderPage(input: PageInput): string {
  const { nonce, defaults } = input;
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
  })}>
<header class="topbar">
  <div class="brand"><strong>exp-chatops</strong> playground <span class="offline-note">· reconnecting…</span></div>
  <label class="switch">Workspace <select id="team-select" aria-label="Workspace"></select></label>
  <label class="switch">Acting as <select id="user-select" aria-label="Acting as"></select></label>
  <button type="button" id="add-user" class="bk-button">Add user</button>
</header>
<div class="layout">
  <nav class="sidebar" aria-label="Channels"><h2>Channels</h2><ul id="channel-list"></ul></nav>
  <main class="pane">
    <h1 id="channel-title" class="channel-title"></h1>
    <div id="messages" class="messages" aria-live="polite"></div>
    <form id="composer" class="composer" autocomplete="off">
      <input id="composer-input" name="text" aria-label="Message" placeholder="/exp help">
      <button type="submit" class="bk-button bk-style-primary">Send</button>
    </form>
    <p class="composer-hint">Only slash commands reach the app. ↑/↓ recall earlier commands.</p>
  </main>
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
<div id="toasts" class="toasts"></div>
<script nonce="${nonce}" src="${CLIENT_SCRIPT_PATH}"></script>
</body>
</html>
`;
}
