import { md } from '../blocks/escape.js';
import { formatNumber, plural } from '../locale/format.js';
import type { StopModalMessages } from './messages.js';

export function stopModalMessagesRu(): StopModalMessages {
  return {
    title: 'Остановка эксперимента',
    submit: 'Остановить',
    intro: ({ experiment, status }) => {
      const what = md`эксперимент ${experiment}`;
      const now = status === undefined ? md`` : md` Насколько известно приложению, его статус — ${status}.`;
      return md`Вы останавливаете ${what}.${now} Результат появится в канале.`;
    },
    reasonLabel: 'Причина',
    noReason: 'Без причины',
    reasonPlaceholder: 'Выберите причину',
    commentLabel: 'Комментарий',
    commentPlaceholder: 'Что случилось?',
    commentHint: 'Обязателен, если причина — «Другое».',
    commentRequiredForOther: 'Для причины «Другое» нужен комментарий.',
    commentTooLong: ({ length, max }) =>
      `В комментарии ${plural('ru', length, { one: 'символ', few: 'символа', many: 'символов', other: 'символа' })}, а в комментарии к остановке их может быть не больше ${formatNumber('ru', max)}.`,
    reasonRequired: 'Выберите, почему эксперимент останавливается.',
  };
}
