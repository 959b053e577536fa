import { noticeModal } from './blocks/notice-modal.js';
import { languageOnceReadAhead } from './locale/request-scope.js';
import { catalogueOf } from './messages/localized.js';
import type { StoreUnavailableWords } from './receiver/store-unavailable.js';
import { plainText } from './workflow-steps/plain-text.js';

/**
 * What the receiver tells a request whose replay claim the store could not make: the app could
 * not reach its own store, nothing was done, try again. In the person's language as far as the
 * choices read ahead with the claim say; when the store cannot give them either, English.
 */
export async function storeUnavailableWords(
  readAhead: Record<string, unknown>,
): Promise<StoreUnavailableWords> {
  const messages = catalogueOf(await languageOnceReadAhead(readAhead));
  const text = messages.errors.storeUnavailable();
  return {
    text,
    plain: plainText(text),
    notice: noticeModal({ title: messages.modals.notDoneTitle, messages, text }),
  };
}
