import { md } from '../blocks/escape.js';
import type { ServedWorkspaceMessages } from './messages.js';

export function servedWorkspaceMessagesRu(): ServedWorkspaceMessages {
  return {
    otherWorkspace: md`Это приложение установлено для другого рабочего пространства Slack и здесь не действует: ничего не сделано.`,
    unconfirmed: md`Slack не подтвердил, для какого рабочего пространства установлено приложение, поэтому ничего не сделано. Попробуйте ещё раз чуть позже.`,
  };
}
