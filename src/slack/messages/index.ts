export { en } from './en.js';
export { ru } from './ru.js';
export type {
  ConfirmTexts,
  HelpKey,
  Messages,
  TokenState,
} from './types.js';
