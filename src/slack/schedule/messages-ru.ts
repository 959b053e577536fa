import { md } from '../blocks/escape.js';
import { labelMessagesRu } from '../labels/messages-ru.js';
import { cmd, word } from '../messages/ru-format.js';
import type { ScheduleMessages } from './messages.js';

const { actionNouns } = labelMessagesRu();

const REFUSALS = {
  unreadable: md`— не время, которое понимает приложение (оно понимает \`через 30 мин\`, \`через 2 часа\`, \`завтра в 10:00\`, \`в пн 09:00\`, \`в 2026-12-01 10:00\`)`,
  past: md`— уже в прошлом`,
  'too-far': md`— больше чем через год`,
  'unknown-zone': md`не читается в вашем часовом поясе Slack`,
} as const;

export function scheduleMessagesRu(): ScheduleMessages {
  return {
    what: ({ action, experimentId }) => md`*${word(actionNouns[action])}* эксперимента *${experimentId}*`,
    scheduled: ({ what, when, cancel }) =>
      md`:alarm_clock: Запланировано: ${what} — ${when}. ${cmd('schedule')} покажет список; ${cancel} отменит.`,
    scheduledYours: ({ cancel }) =>
      md`Отозвать: «Отменить» или ${cancel}. ${cmd('schedule')} покажет, что ждёт.`,
    announced: ({ user, what, when }) => md`:alarm_clock: ${user} запланировал(а): ${what} — ${when}.`,
    needsApproval: ({ what, when }) =>
      md`${what} на ${when} требует одобрения другого человека: запрос отправлен сейчас, а выполнится, только если его одобрят к сроку.`,
    refused: ({ reason, phrase, zone }) =>
      md`\`${phrase}\` ${REFUSALS[reason]} (ваш часовой пояс: ${zone}). Ничего не запланировано.`,
    notAllowed: md`Правила этого рабочего пространства не позволяют вам планировать действия (${cmd('policy')} покажет, кому можно). Ничего не запланировано.`,
    unavailable: md`Приложение сейчас не может достучаться до своего хранилища, поэтому ничего не запланировано. Попробуйте через минуту.`,
    listTitle: ({ experimentId }) =>
      experimentId === undefined
        ? md`*Запланированные действия в этом пространстве*`
        : md`*Запланированные действия эксперимента ${experimentId}*`,
    listEmpty: ({ experimentId }) =>
      experimentId === undefined
        ? md`В этом пространстве ничего не запланировано.`
        : md`Для эксперимента *${experimentId}* ничего не запланировано.`,
    listLine: ({ what, when, user, pending }) =>
      pending
        ? md`${what} — ${when}, запланировал(а) ${user} (ждёт одобрения)`
        : md`${what} — ${when}, запланировал(а) ${user}`,
    cancelButton: 'Отменить',
    cancelled: ({ user, what, when }) =>
      md`:wastebasket: ${user} отменил(а) запланированное: ${what} — ${when}.`,
    nothingToCancel: ({ experimentId }) =>
      experimentId === undefined
        ? md`Этого запланированного действия больше нет (оно выполнено или отменено).`
        : md`Для эксперимента *${experimentId}* ничего не запланировано (${cmd('schedule')} покажет, что есть).`,
    tooLateToCancel: ({ what }) => md`Отменять уже поздно: ${what} — выполнение началось.`,
    cancelNotAllowed: ({ what }) =>
      md`Отменить запланированное (${what}) может только тот, кто его запланировал, или администратор. Ничего не изменилось.`,
    notRunLeft: ({ user, what }) =>
      md`:no_entry_sign: Не выполнено: ${what} (запланировал(а) ${user}) — этого человека больше нет в рабочем пространстве.`,
    notRunRefused: ({ user, what, why }) =>
      md`:no_entry_sign: Не выполнено: ${what} (запланировал(а) ${user}) — ${why}`,
    notApprovedInTime: ({ user, what }) =>
      md`:no_entry_sign: Не выполнено: ${what} (запланировал(а) ${user}) — к сроку никто не одобрил.`,
    missed: ({ user, what, when }) =>
      md`:warning: Пропущено: ${what} (запланировал(а) ${user} на ${when}) — приложение тогда не работало, а с опозданием больше часа действия не выполняются. Ничего не изменилось; запланируйте снова или сделайте сейчас.`,
    scheduledBy: ({ user }) => md`_Запланировал(а) ${user}._`,
    approvedForLater: ({ approver, requester, what, when }) =>
      md`:white_check_mark: Одобрено: ${approver} (просил(а) ${requester}): ${what} выполнится ${when}.`,
    homeTitle: md`*Запланированные действия*`,
    cardLine: ({ action, when, user }) => md`:alarm_clock: ${word(actionNouns[action])} — ${when} (${user})`,
    policyLine: ({ who }) =>
      who === undefined
        ? md`*Планирование:* всем, кому можно само действие.`
        : md`*Планирование:* ${who}, если им можно и само действие.`,
    policyChanged: ({ who }) =>
      who === undefined
        ? md`Планировать теперь может любой, кому можно само действие.`
        : md`Планировать теперь может ${who} (если им можно и само действие).`,
    modalWhenLabel: 'Когда',
    modalWhenHint:
      'Пусто — остановить сейчас; или «через 3 дня», «завтра в 10:00», «в пн 09:00», «в 2026-12-01 10:00» в вашем часовом поясе Slack.',
    modalWhenPlaceholder: 'через 3 дня',
  };
}
