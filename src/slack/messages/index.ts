export { en } from './en.js';
export type {
  ActionContext,
  AlertMessages,
  ConfirmTexts,
  HelpEntry,
  Messages,
  SubscriptionMessages,
  TokenState,
} from './types.js';
