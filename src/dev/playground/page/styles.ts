/** The page's style sheet, inline: the playground loads nothing from the network. */
export const STYLES = `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 15px/1.46 -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #1d1c1d; background: #fff; height: 100vh; display: flex; flex-direction: column; }
button, input, select, textarea { font: inherit; }
.topbar { display: flex; align-items: center; gap: 16px; padding: 8px 16px; background: #3f0e40; color: #fff; flex-wrap: wrap; }
.topbar .brand { margin-right: auto; }
.topbar select { margin-left: 6px; max-width: 280px; min-width: 0; }
.switch { display: inline-flex; align-items: center; min-width: 0; }
.offline-note { display: none; color: #ffd57e; }
body.offline .offline-note { display: inline; }
.layout { flex: 1; display: flex; min-height: 0; }
.sidebar { width: 220px; background: #4a154b; color: #e9dcea; padding: 12px 8px; overflow-y: auto; }
.sidebar h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; margin: 4px 8px 8px; opacity: .8; }
.sidebar ul { list-style: none; margin: 0; padding: 0; }
.sidebar ul + h2 { margin-top: 16px; }
.workflow-note { margin: 0 0 8px; color: #555; }
#workflow-dialog textarea.bk-control { width: 100%; }
.channel { display: flex; width: 100%; justify-content: space-between; align-items: center; gap: 6px; background: none; border: 0; color: inherit; padding: 4px 10px; border-radius: 6px; cursor: pointer; text-align: left; }
.channel:hover { background: #350d36; }
.channel.active { background: #1164a3; color: #fff; }
.channel.has-unread { color: #fff; font-weight: 700; }
.channel-name { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.unread { flex: none; font-size: 12px; font-weight: 700; background: #cd2553; color: #fff; border-radius: 9px; padding: 0 6px; min-width: 18px; text-align: center; }
.pane { flex: 1; display: flex; flex-direction: column; min-width: 0; }
.pane-head { display: flex; align-items: center; gap: 10px; padding: 10px 20px; border-bottom: 1px solid #e2e2e2; }
.channels-toggle { display: none; align-items: center; gap: 6px; border: 1px solid #bbb; background: #fff; border-radius: 6px; padding: 2px 8px; cursor: pointer; }
.channel-title { font-size: 18px; margin: 0; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.messages { flex: 1; overflow-y: auto; padding: 8px 0; }
.empty { color: #616061; padding: 20px; }
.msg { display: flex; gap: 10px; padding: 8px 20px; }
.msg:hover { background: #f8f8f8; }
.msg-avatar { flex: none; width: 36px; height: 36px; border-radius: 6px; background: #e8912d; color: #fff; display: flex; align-items: center; justify-content: center; font-weight: 700; }
.msg-bot .msg-avatar { background: #2eb67d; }
.msg-main { flex: 1; min-width: 0; }
.msg-meta { display: flex; gap: 6px; align-items: baseline; }
.msg-author { font-weight: 700; }
.msg-app { font-size: 10px; font-weight: 700; background: #e8e8e8; color: #616061; padding: 0 4px; border-radius: 3px; }
.msg-meta time, .msg-edited { font-size: 12px; color: #616061; }
.msg-ephemeral { background: #f4f9fd; border-left: 3px solid #1d9bd1; }
.msg-ephemeral-note { font-size: 12px; color: #1264a3; margin: 2px 0; }
.msg-body { overflow-wrap: anywhere; }
.msg-system, .msg-broadcast-note { font-size: 13px; color: #616061; }
.msg-join .msg-avatar { opacity: .7; }
.thread-summary { display: flex; flex-wrap: wrap; align-items: baseline; gap: 8px; margin-top: 4px; }
.thread-link { border: 0; background: none; padding: 0; cursor: pointer; color: #1264a3; font-size: 13px; font-weight: 700; }
.thread-link:hover { text-decoration: underline; }
.thread-last { font-size: 12px; color: #616061; }
.msg-unfurl { border-left: 4px solid #dddddd; margin: 6px 0 2px; padding: 2px 0 2px 10px; overflow-wrap: anywhere; }
.msg-unfurl.att-good { border-left-color: #2eb67d; }
.msg-unfurl.att-warning { border-left-color: #ecb22e; }
.msg-unfurl.att-danger { border-left-color: #e01e5a; }
.att-author, .att-footer { font-size: 12px; color: #616061; }
.att-title { font-weight: 700; }
.att-fields { display: grid; grid-template-columns: 1fr 1fr; gap: 4px 16px; margin-top: 4px; }
.att-field { grid-column: 1 / -1; }
.att-field.att-short { grid-column: auto; }
.att-field-title { font-weight: 700; font-size: 13px; }
.att-pretext { margin-top: 4px; }
.composer { display: flex; gap: 8px; margin: 8px 20px 0; border: 1px solid #bbb; border-radius: 8px; padding: 6px; }
.composer input { flex: 1; min-width: 0; border: 0; outline: none; padding: 6px; }
.composer-hint { font-size: 12px; color: #616061; margin: 4px 20px 10px; }
/* The Home tab has no composer, as in Slack. */
body.on-home .pane > #composer, body.on-home .pane > .composer-hint, body.on-home .pane > #composer-note { display: none; }
.home-view { padding: 16px 20px; }
.composer-note { font-size: 13px; color: #a2163c; margin: 4px 20px 0; }
.channel-suggestions { list-style: none; margin: 4px 20px 0; padding: 4px 0; border: 1px solid #ddd; border-radius: 6px; background: #fff; max-width: 320px; box-shadow: 0 2px 8px rgba(0,0,0,.12); }
.channel-suggestions li { padding: 4px 12px; cursor: pointer; }
.channel-suggestions li:hover, .channel-suggestions li:first-child { background: #e8f5fa; }
.thread-pane { width: 380px; flex: none; display: flex; flex-direction: column; border-left: 1px solid #e2e2e2; min-width: 0; background: #fff; }
.thread-head { display: flex; align-items: center; justify-content: space-between; padding: 10px 16px; border-bottom: 1px solid #e2e2e2; }
.thread-head h2 { margin: 0; font-size: 18px; }
.thread-channel { font-size: 13px; font-weight: 400; color: #616061; }
.thread-close { border: 0; background: none; font-size: 22px; line-height: 1; padding: 0 4px; cursor: pointer; }
.thread-pane .msg { padding: 8px 16px; }
.thread-pane .composer { margin: 8px 16px 10px; }
.thread-divider { display: flex; align-items: center; gap: 8px; margin: 4px 16px; font-size: 12px; color: #616061; }
.thread-divider::after { content: ""; flex: 1; border-top: 1px solid #e2e2e2; }
.bk { margin: 4px 0; }
.bk-header-text { font-size: 18px; font-weight: 900; }
.bk-section { display: flex; gap: 12px; align-items: flex-start; }
.bk-section-body { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.bk-section-fields { display: grid; grid-template-columns: 1fr 1fr; gap: 6px 16px; margin-top: 4px; }
.bk-context { display: flex; flex-wrap: wrap; gap: 8px; font-size: 13px; color: #616061; }
.bk-divider { border: 0; border-top: 1px solid #e2e2e2; margin: 8px 0; }
.bk-actions { display: flex; flex-wrap: wrap; gap: 8px; }
.bk-image-alt { color: #616061; font-style: italic; }
.bk-unsupported { color: #a00; font-size: 13px; }
.bk-pre { background: #f8f8f8; border: 1px solid #e2e2e2; border-radius: 4px; padding: 8px; white-space: pre-wrap; font: 12px/1.5 Menlo, Consolas, monospace; margin: 4px 0; }
code { background: #f4f4f4; border: 1px solid #e2e2e2; border-radius: 3px; padding: 0 3px; color: #c01343; font: 12px Menlo, Consolas, monospace; }
.bk-quote { border-left: 4px solid #ddd; margin: 4px 0; padding-left: 10px; }
.bk-mention { background: #e8f5fa; color: #1264a3; border-radius: 3px; padding: 0 2px; }
.bk-link { color: #1264a3; }
.bk-button { border: 1px solid #bbb; background: #fff; color: #1d1c1d; border-radius: 4px; padding: 3px 12px; font-weight: 700; cursor: pointer; }
.bk-button:hover { background: #f8f8f8; }
.bk-style-primary { background: #007a5a; border-color: #007a5a; color: #fff; }
.bk-style-primary:hover { background: #148567; }
.bk-style-danger { background: #fff; border-color: #e01e5a; color: #e01e5a; }
.bk-field { display: inline-flex; flex-wrap: wrap; gap: 4px; align-items: center; position: relative; }
.bk-input .bk-field { display: flex; }
.bk-control { border: 1px solid #bbb; border-radius: 4px; padding: 6px 8px; min-width: 200px; background: #fff; }
.bk-input .bk-control { width: 100%; }
.bk-label { display: block; font-weight: 700; margin: 8px 0 4px; }
.bk-optional, .bk-hint { color: #616061; font-weight: 400; font-size: 13px; }
.bk-error { color: #e01e5a; font-size: 13px; margin-top: 4px; }
.bk-choice { display: flex; gap: 6px; align-items: flex-start; width: 100%; }
.bk-choice-description { display: block; color: #616061; font-size: 13px; }
.bk-menu, .bk-ext-menu { position: absolute; top: 100%; left: 0; z-index: 20; list-style: none; margin: 2px 0 0; padding: 4px 0; background: #fff; border: 1px solid #ccc; border-radius: 6px; box-shadow: 0 4px 12px rgba(0,0,0,.15); min-width: 200px; max-height: 240px; overflow-y: auto; }
.bk-menu button { display: block; width: 100%; text-align: left; border: 0; background: none; padding: 4px 12px; cursor: pointer; }
.bk-menu button:hover, .bk-ext-option:hover { background: #1264a3; color: #fff; }
.bk-ext-option, .bk-ext-none, .bk-ext-group { padding: 4px 12px; cursor: pointer; }
.bk-ext-group { font-size: 12px; color: #616061; cursor: default; }
.bk-ext-none { color: #616061; cursor: default; }
.bk-overflow-toggle { border: 1px solid #bbb; background: #fff; border-radius: 4px; cursor: pointer; padding: 0 8px; }
.bk-ext-chips { display: flex; flex-wrap: wrap; gap: 4px; width: 100%; }
.bk-ext-chips:empty { display: none; }
.bk-chip { display: inline-flex; align-items: center; gap: 4px; background: #e8f5fa; border-radius: 4px; padding: 0 4px; }
.bk-chip-x { border: 0; background: none; cursor: pointer; padding: 0 2px; }
.modal-backdrop { position: fixed; inset: 0; background: rgba(0,0,0,.45); display: flex; align-items: flex-start; justify-content: center; padding-top: 6vh; z-index: 10; }
.modal { background: #fff; border-radius: 8px; width: min(560px, 94vw); max-height: 86vh; display: flex; flex-direction: column; box-shadow: 0 10px 40px rgba(0,0,0,.3); }
.modal-header { display: flex; align-items: center; justify-content: space-between; padding: 16px 20px; border-bottom: 1px solid #e2e2e2; }
.modal-header h2 { margin: 0; font-size: 20px; }
.modal-x { border: 0; background: none; font-size: 22px; cursor: pointer; }
.modal-body { padding: 8px 20px 16px; overflow-y: auto; }
.modal-footer { display: flex; justify-content: flex-end; gap: 8px; padding: 12px 20px; border-top: 1px solid #e2e2e2; }
.confirm-dialog { border: 0; border-radius: 8px; padding: 20px; width: min(440px, 92vw); box-shadow: 0 10px 40px rgba(0,0,0,.3); }
.confirm-dialog::backdrop { background: rgba(0,0,0,.45); }
.cf-title { margin: 0 0 8px; font-size: 18px; }
.cf-buttons { display: flex; justify-content: flex-end; gap: 8px; margin-top: 16px; }
.toasts { position: fixed; right: 16px; bottom: 16px; display: flex; flex-direction: column; gap: 8px; z-index: 30; }
.toast { background: #1d1c1d; color: #fff; padding: 8px 12px; border-radius: 6px; max-width: 420px; }
.toast-error { background: #a2163c; }
[hidden] { display: none !important; }
@media (max-width: 720px) {
  .topbar { gap: 6px 12px; padding: 6px 10px; }
  .topbar .brand { width: 100%; }
  .switch { width: 100%; justify-content: space-between; }
  .topbar .switch select { flex: 1; max-width: none; }
  .sidebar { display: none; }
  body.drawer-open::before { content: ""; position: fixed; inset: 0; background: rgba(0,0,0,.35); z-index: 15; }
  body.drawer-open .sidebar { display: block; position: fixed; top: 0; left: 0; bottom: 0; width: min(280px, 85vw); z-index: 16; box-shadow: 0 0 24px rgba(0,0,0,.35); }
  .channels-toggle { display: inline-flex; }
  .pane-head { padding: 8px 12px; }
  .msg { padding: 8px 12px; }
  .composer { margin: 8px 12px 0; }
  .composer-hint, .composer-note { margin-left: 12px; margin-right: 12px; }
  .thread-pane { position: fixed; inset: 0; width: auto; z-index: 14; border-left: 0; }
  .bk-control { min-width: 0; max-width: 100%; }
  .bk-section { flex-wrap: wrap; }
  .bk-section-fields, .att-fields { grid-template-columns: 1fr; }
  .toasts { left: 12px; right: 12px; }
}
`;
