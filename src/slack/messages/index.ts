export { en } from './en.js';
export type { ActionContext, ConfirmTexts, HelpEntry, Messages, TokenState } from './types.js';
