import { ACTIONS_SCRIPT } from './script-actions.js';
import { CORE_SCRIPT } from './script-core.js';
import { MODAL_SCRIPT } from './script-modal.js';

/** The whole page script: one strict-mode function scope, started once the DOM is parsed. */
export const CLIENT_SCRIPT = `(function () {\n'use strict';\n${CORE_SCRIPT}\n${ACTIONS_SCRIPT}\n${MODAL_SCRIPT}\nstart();\n})();\n`;
