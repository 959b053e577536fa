// Entry point of the playground page's script (bundled by esbuild into one classic script).
import { switchTeam, switchUser } from './acting-as.js';
import { focusComposer, openHome } from './composer.js';
import { byId } from './dom.js';
import { initLanguageSwitch } from './language-switch.js';
import { connect } from './live-state.js';
import { onChange, onClick, onFocusIn, onInput, onKeyDown, onSubmit } from './page-events.js';
import { initFromLocation, saveLocation, session } from './session.js';
import { initWorkflows } from './workflows.js';

function start(): void {
  initFromLocation();
  saveLocation();
  document.addEventListener('click', onClick);
  document.addEventListener('change', onChange);
  document.addEventListener('input', onInput);
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('submit', onSubmit);
  const userSelect = byId('user-select', HTMLSelectElement);
  const teamSelect = byId('team-select', HTMLSelectElement);
  const addUserDialog = byId('add-user-dialog', HTMLDialogElement);
  userSelect.addEventListener('change', () => switchUser(userSelect.value));
  teamSelect.addEventListener('change', () => switchTeam(teamSelect.value));
  byId('add-user', HTMLElement).addEventListener('click', () => addUserDialog.showModal());
  byId('add-user-cancel', HTMLElement).addEventListener('click', () => addUserDialog.close());
  initWorkflows();
  initLanguageSwitch();
  connect();
  // A reload on the Home tab opens it again: the app republishes it, as Slack asks it to.
  if (session.home) openHome();
  else focusComposer();
}

// The script tag sits at the end of <body>: the page's elements exist when this runs.
start();
