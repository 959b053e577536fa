import { escapeMrkdwn, md } from '../blocks/escape.js';
import type { ApprovalMessages } from './messages.js';

export function approvalMessagesRu(): ApprovalMessages {
  return {
    what: ({ action, experimentId, exposure }) =>
      action === 'expose'
        ? md`зарегистрировать экспозицию ${exposure ?? md`?`}`
        : md`выполнить *${escapeMrkdwn(action)}* для эксперимента *${experimentId ?? 0}*`,
    request: ({ user, what, details, approvers, expires }) =>
      details === undefined
        ? md`:raised_hand: ${user} просит ${what}. Нужно одобрение другого человека: одобрить могут ${approvers} до ${expires}.`
        : md`:raised_hand: ${user} просит ${what}.\n${details}\nНужно одобрение другого человека: одобрить могут ${approvers} до ${expires}.`,
    asked: ({ user, what }) => md`${user} просил(а) ${what}.`,
    waiting: ({ what }) =>
      md`Ваша просьба ${what} опубликована в канале. Она выполнится, когда её одобрит другой человек с таким правом; пока ничего не выполнено.`,
    approved: ({ requester, approver, outcome }) =>
      md`:white_check_mark: Одобрено: ${approver} (просил(а) ${requester}). ${outcome}`,
    toldApprover: ({ approver }) => md`Чем это закончилось, сообщено ${approver}.`,
    rejected: ({ requester, approver, what }) =>
      md`:no_entry_sign: Отклонено: ${approver}. Просьба ${requester} ${what} не выполнена.`,
    expired: ({ requester, what }) =>
      md`:hourglass: Просьба ${requester} ${what} истекла без ответа. Ничего не выполнено.`,
    ownRequest: md`Это ваша собственная просьба: одобрить её должен другой человек с таким правом. Ничего не выполнено.`,
    already: ({ state, by }) =>
      state === 'approved'
        ? md`Эту просьбу уже одобрил(а) ${by}: больше ничего не сделано.`
        : md`Эту просьбу уже отклонил(а) ${by}: ничего не сделано.`,
    notFound: md`Эта просьба больше не известна (давно истекла или приложение переустановили). Ничего не выполнено.`,
    requesterNoToken: ({ requester, action }) =>
      md`Политика рабочего пространства выполняет ${action} под личным токеном платформы просившего, а у ${requester} его сейчас нет. Ничего не выполнено, просьба остаётся открытой. Добавить токен можно командой \`/exp login\`.`,
    requesterNotAllowed: ({ requester, action }) =>
      md`${requester} просил(а) об этом, но политика рабочего пространства больше не разрешает ему или ей ${action} оттуда (\`/exp policy\` покажет, кому можно), или Slack сейчас не смог сказать, кто это. Ничего не выполнено, просьба остаётся открытой.`,
    approveButton: 'Одобрить',
    rejectButton: 'Отклонить',
  };
}
