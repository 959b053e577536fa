import { noticeModal } from './blocks/notice-modal.js';
import type { Messages } from './messages/index.js';
import type { ListenerFailureAnswers } from './receiver/listener-failure.js';

/** What the receiver answers a request with when its listener failed before acking, in `messages`. */
export function listenerFailureAnswers(messages: Messages): ListenerFailureAnswers {
  const text = messages.errors.listenerFailed;
  return {
    command: { response_type: 'ephemeral', text },
    view: {
      response_action: 'update',
      view: noticeModal({ title: messages.errors.listenerFailedTitle, text, messages }),
    },
  };
}
