import { md } from '../blocks/escape.js';
import { labelMessagesRu } from '../labels/messages-ru.js';
import { word } from '../messages/ru-format.js';
import type { ApprovalMessages } from './messages.js';

const { actionNouns, actionVerbs } = labelMessagesRu();

export function approvalMessagesRu(): ApprovalMessages {
  return {
    what: ({ action, experiment, exposure }) =>
      action === 'expose'
        ? md`зарегистрировать экспозицию ${exposure ?? md`?`}`
        : md`*${word(actionVerbs[action])}* эксперимент ${experiment ?? md`?`}`,
    request: ({ user, what, when, details, approvers, expires }) => {
      const at = when === undefined ? md`` : md` в ${when}`;
      const head = md`:raised_hand: ${user} просит ${what}${at}.`;
      const ask = md`Нужно одобрение другого человека: одобрить могут ${approvers} до ${expires}.`;
      return details === undefined ? md`${head} ${ask}` : md`${head}\n${details}\n${ask}`;
    },
    asked: ({ user, what, when }) =>
      when === undefined ? md`${user} просил(а) ${what}.` : md`${user} просил(а) ${what} в ${when}.`,
    ownRequest: md`Это ваша собственная просьба: одобрить её должен другой человек с таким правом. Ничего не изменилось.`,
    already: ({ state, by }) =>
      state === 'approved'
        ? md`Эту просьбу уже одобрили${by === undefined ? md`` : md` (${by})`}: больше ничего не сделано.`
        : state === 'rejected'
          ? md`Эту просьбу уже отклонили${by === undefined ? md`` : md` (${by})`}: ничего не сделано.`
          : md`Эта просьба больше не ждёт (выполнена, отозвана или истекла): ничего не сделано.`,
    notFound: md`Эта просьба больше не известна (давно завершилась или приложение переустановили). Ничего не выполнено.`,
    notApprover: ({ approvers }) =>
      md`Вы не можете одобрить или отклонить эту просьбу: это может ${approvers} (но не сам просивший, не гость и не человек из другой организации). Ничего не изменилось.`,
    wouldBeRefused: ({ why }) =>
      md`Одобрение не позволит выполнить её сейчас: ${why} Просьба по-прежнему ждёт; одобрите её, когда это исправят.`,
    requesterNoToken: ({ requester, action }) =>
      md`По правилам рабочего пространства действие *${word(actionNouns[action])}* выполняется под личным токеном платформы просившего, а у ${requester} его сейчас нет. Ничего не выполнено, просьба остаётся открытой. Добавить токен можно командой \`/exp login\`.`,
    requesterNotAllowed: ({ requester, action }) =>
      md`${requester} просил(а) об этом, но политика рабочего пространства больше не разрешает ему или ей *${word(actionVerbs[action])}* оттуда (\`/exp policy\` покажет, кому можно), или Slack сейчас не смог сказать, кто это. Ничего не выполнено, просьба остаётся открытой.`,
    approveButton: 'Одобрить',
    rejectButton: 'Отклонить…',
  };
}
