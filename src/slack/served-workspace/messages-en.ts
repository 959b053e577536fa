import { md } from '../blocks/escape.js';
import type { ServedWorkspaceMessages } from './messages.js';

export function servedWorkspaceMessagesEn(): ServedWorkspaceMessages {
  return {
    otherWorkspace: md`This app is installed for another Slack workspace, so it does not act here: nothing was done.`,
    unconfirmed: md`Slack could not confirm which workspace this app is installed for, so nothing was done. Try again in a moment.`,
  };
}
