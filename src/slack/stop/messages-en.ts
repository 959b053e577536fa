import { md } from '../blocks/escape.js';
import { formatNumber } from '../locale/format.js';
import type { StopModalMessages } from './messages.js';

export function stopModalMessagesEn(): StopModalMessages {
  return {
    title: 'Stop experiment',
    submit: 'Stop',
    intro: ({ experiment, status }) => {
      const what = md`experiment ${experiment}`;
      const now = status === undefined ? md`` : md` It is ${status} as far as the app knows.`;
      return md`You are stopping ${what}.${now} The result is posted in the channel.`;
    },
    reasonLabel: 'Reason',
    noReason: 'No reason given',
    reasonPlaceholder: 'Choose a reason',
    commentLabel: 'Comment',
    commentPlaceholder: 'What happened?',
    commentHint: 'Required when the reason is Other.',
    commentRequiredForOther: 'A comment is required when the reason is Other.',
    commentTooLong: ({ length, max }) =>
      `This comment is ${formatNumber('en', length)} characters long; a stop comment takes at most ${formatNumber('en', max)}.`,
    reasonRequired: 'Choose why the experiment is being stopped.',
  };
}
