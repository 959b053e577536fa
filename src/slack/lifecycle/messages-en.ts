import { escapeMrkdwn, joinSafe, md, type SafeText } from '../blocks/escape.js';
import { word } from '../messages/en-format.js';
import type { ActionMessages, LifecycleMessages } from './messages.js';

export function actionMessagesEn(): ActionMessages {
  return {
    button: { start: 'Start', stop: 'Stop…', archive: 'Archive', unarchive: 'Unarchive' },
    startConfirm: {
      title: (id) => `Start experiment ${id}?`,
      text: (id) => `Experiment ${id} will start running on the platform.`,
      confirm: 'Start',
      deny: 'Cancel',
    },
    archiveConfirm: {
      title: (id) => `Archive experiment ${id}?`,
      text: (id) =>
        `Experiment ${id} will be archived. It can be unarchived later with /exp unarchive ${id}.`,
      confirm: 'Archive',
      deny: 'Cancel',
    },
  };
}

export function lifecycleMessagesEn(): LifecycleMessages {
  return {
    success: ({ action, user, experiment }) => {
      const verbs = {
        start: 'started',
        stop: 'stopped',
        archive: 'archived',
        unarchive: 'unarchived',
      } as const;
      return md`${user} ${word(verbs[action])} experiment ${experiment}`;
    },
    interrupted: ({ user, action, experimentId, experiment, when }) =>
      md`:warning: The app stopped while it was sending *${escapeMrkdwn(action)}* on experiment ${experiment} for ${user} (${when}), before the platform answered: whether it was applied is unknown. Check with \`/exp show ${experimentId}\` before retrying.`,
    interruptedWhileTelling: ({ user, action, experimentId, experiment, when, done }) =>
      done
        ? md`:information_source: ${user}'s *${escapeMrkdwn(action)}* on experiment ${experiment} (${when}) was applied by the platform. The app restarted while saying so here, so this may repeat an earlier message. \`/exp show ${experimentId}\` shows the experiment now.`
        : md`:information_source: ${user}'s *${escapeMrkdwn(action)}* on experiment ${experiment} (${when}) was not applied: the platform refused it. The app restarted while saying so here, so this may repeat an earlier message. \`/exp show ${experimentId}\` shows why.`,
    interruptedBeforeSending: ({ user, action, experiment, when }) =>
      md`:warning: The app stopped after acknowledging *${escapeMrkdwn(action)}* on experiment ${experiment} for ${user} (${when}) and before sending it: nothing was sent to the platform. Run it again if it is still wanted.`,
    stopDetails: ({ reason, comment }) => {
      const lines: SafeText[] = [];
      if (reason !== undefined) lines.push(md`*Reason:* ${reason}`);
      if (comment !== undefined) lines.push(md`*Comment:* ${comment}`);
      return joinSafe(lines);
    },
    conflict: ({ action, user, experiment, status }) =>
      status === undefined
        ? md`${user} tried to *${word(action)}* experiment ${experiment}, but the platform refused it in the experiment's current status.`
        : md`${user} tried to *${word(action)}* experiment ${experiment}, but the platform refused: current status is ${status}.`,
    working: ({ action, experimentId }) => md`Working on it: *${word(action)}* experiment *${experimentId}*…`,
    duplicateClick: md`Already being handled: someone just asked for this. The result will appear in the channel.`,
  };
}
