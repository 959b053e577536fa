export { en } from './en.js';
export { localizedMessages } from './localized.js';
export { ru } from './ru.js';
export type {
  ConfirmTexts,
  HelpKey,
  Messages,
  TokenState,
} from './types.js';
