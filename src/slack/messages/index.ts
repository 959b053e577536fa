export { en } from './en.js';
export { CATALOGUES, localizedMessages, messagesFor } from './localized.js';
export { ru } from './ru.js';
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
