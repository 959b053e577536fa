export { en } from './en.js';
export type {
  ActionContext,
  AlertMessages,
  ConfirmTexts,
  HelpEntry,
  HelpKey,
  Messages,
  SubscriptionMessages,
  TokenState,
} from './types.js';
