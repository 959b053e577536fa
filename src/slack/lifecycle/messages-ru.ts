import type { LifecycleAction } from '../../core/lifecycle-action.js';
import { joinSafe, md, type SafeText } from '../blocks/escape.js';
import { labelMessagesRu } from '../labels/messages-ru.js';
import { word } from '../messages/ru-format.js';
import type { ActionMessages, LifecycleMessages } from './messages.js';

// Actions inside sentences are named by the label catalogue: «запуск» as a noun, «запустить» as a verb.
const { actionNouns, actionVerbs } = labelMessagesRu();

export function actionMessagesRu(): ActionMessages {
  return {
    button: { start: 'Запустить', stop: 'Остановить…', archive: 'В архив', unarchive: 'Из архива' },
    startConfirm: {
      title: (id) => `Запустить эксперимент ${id}?`,
      text: (id) => `Эксперимент ${id} начнёт работать на платформе.`,
      confirm: 'Запустить',
      deny: 'Отмена',
    },
    archiveConfirm: {
      title: (id) => `Отправить эксперимент ${id} в архив?`,
      text: (id) => `Эксперимент ${id} уйдёт в архив. Вернуть его можно командой /exp unarchive ${id}.`,
      confirm: 'В архив',
      deny: 'Отмена',
    },
  };
}

export function lifecycleMessagesRu(): LifecycleMessages {
  const done = {
    start: 'запущен',
    stop: 'остановлен',
    archive: 'отправлен в архив',
    unarchive: 'возвращён из архива',
  } as const;
  const noun = (action: LifecycleAction) => word(actionNouns[action]);
  return {
    success: ({ action, user, experiment }) => md`${user}: эксперимент ${experiment} ${word(done[action])}`,
    interrupted: ({ user, action, experimentId, experiment, when }) =>
      md`:warning: Приложение остановилось, отправляя *${noun(action)}* эксперимента ${experiment} для ${user} (${when}), до ответа платформы: применено ли действие, неизвестно. Проверьте \`/exp show ${experimentId}\`, прежде чем повторять.`,
    interruptedWhileTelling: ({ user, action, experimentId, experiment, when, done: applied }) =>
      applied
        ? md`:information_source: *${noun(action)}* эксперимента ${experiment} от ${user} (${when}) платформа выполнила. Приложение перезапустилось, пока сообщало об этом, так что сообщение может повториться. \`/exp show ${experimentId}\` покажет эксперимент сейчас.`
        : md`:information_source: *${noun(action)}* эксперимента ${experiment} от ${user} (${when}) не выполнен(о): платформа отказала. Приложение перезапустилось, пока сообщало об этом, так что сообщение может повториться. \`/exp show ${experimentId}\` покажет почему.`,
    interruptedBeforeSending: ({ user, action, experiment, when }) =>
      md`:warning: Приложение остановилось, приняв *${noun(action)}* эксперимента ${experiment} от ${user} (${when}), но ещё не отправив его: на платформу ничего не ушло. Повторите, если это ещё нужно.`,
    stopDetails: ({ reason, comment }) => {
      const lines: SafeText[] = [];
      if (reason !== undefined) lines.push(md`*Причина:* ${reason}`);
      if (comment !== undefined) lines.push(md`*Комментарий:* ${comment}`);
      return joinSafe(lines);
    },
    conflict: ({ action, user, experiment, status }) =>
      status === undefined
        ? md`${user} попытался(-ась) *${word(actionVerbs[action])}* эксперимент ${experiment}, но платформа отказала в его текущем статусе.`
        : md`${user} попытался(-ась) *${word(actionVerbs[action])}* эксперимент ${experiment}, но платформа отказала: текущий статус — ${status}.`,
    working: ({ action, experimentId }) => md`Выполняется: *${noun(action)}* эксперимента *${experimentId}*…`,
    duplicateClick: md`Уже выполняется: кто-то только что об этом попросил. Результат появится в канале.`,
  };
}
