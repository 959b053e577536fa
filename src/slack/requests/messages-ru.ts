import { joinSafe, md, type SafeText } from '../blocks/escape.js';
import { cmd } from '../messages/ru-format.js';
import type { RequestMessages } from './messages.js';

const REFUSALS = {
  workspace: () =>
    md`Это приложение обслуживает другое рабочее пространство Slack, а не то, откуда пришёл запрос.`,
  'workspace-unknown': () =>
    md`Slack сейчас не смог сказать, какое рабочее пространство обслуживает приложение; попробуйте чуть позже.`,
  left: ({ user }: { user: SafeText }) => md`${user} больше нет в этом рабочем пространстве.`,
  'not-in-channel': ({ user, channel }: { user: SafeText; channel: SafeText }) =>
    md`${user} не состоит в ${channel}, а действия там — для его участников (результаты и своё подключение к платформе у канала свои).`,
  'channel-hidden': ({ channel }: { user: SafeText; channel: SafeText }) =>
    md`Приложение не видит, кто состоит в ${channel} (это закрытый канал, где его нет): пригласите его туда и попробуйте снова.`,
  'channel-unknown': ({ user, channel }: { user: SafeText; channel: SafeText }) =>
    md`Slack сейчас не смог сказать, состоит ли ${user} в ${channel}; попробуйте чуть позже.`,
  schedule: ({ user }: { user: SafeText }) =>
    md`Политика рабочего пространства больше не разрешает ${user} планировать действия (${cmd('policy')} покажет, кому можно).`,
  'stop-reason': () => md`Политика рабочего пространства требует указать причину остановки.`,
  'approval-required': () =>
    md`Политика рабочего пространства теперь требует одобрения второго человека, а эту просьбу никто не одобрял; попросите снова, чтобы запросить одобрение.`,
  approver: () => md`Одобривший по нынешней политике больше не может это одобрять.`,
  'approval-lapsed': () => md`Одобрение истекло раньше, чем действие успело выполниться.`,
} as const;

export function requestMessagesRu(): RequestMessages {
  return {
    awaitingApproval: ({ what, approvers, channel, when, cancel }) => {
      const asked =
        when === undefined
          ? md`:raised_hand: Просьба отправлена: ${what}. Она выполнится, когда её одобрит ${approvers} (просьба в ${channel}); пока ничего не выполнено.`
          : md`:raised_hand: Просьба отправлена: ${what} в ${when}. Она выполнится в это время, если её одобрит ${approvers} до того или в течение часа после (просьба в ${channel}); пока ничего не выполнено.`;
      return cancel === undefined ? asked : md`${asked} ${cmd('schedule')} покажет её, ${cancel} отзовёт.`;
    },
    duplicate: ({ what, user, when, pending }) => {
      const at = when === undefined ? md`` : md` в ${when}`;
      const state = pending ? md`ждёт одобрения` : md`запланирована`;
      return md`Такая же просьба уже ждёт: ${what}${at}, попросил(а) ${user} (${state}). Новой просьбы не создано; ${cmd('schedule')} покажет её.`;
    },
    full: md`В этом рабочем пространстве уже ждёт слишком много просьб, поэтому новая не создана. ${cmd('schedule')} покажет их; отзовите ненужные.`,
    refusal: ({ refusal, user, channel }) => md`${REFUSALS[refusal]({ user, channel })} Ничего не сделано.`,
    notRun: ({ what, user, when, why }) =>
      when === undefined
        ? md`:no_entry_sign: Не выполнено: ${what} (просьба ${user}). ${why}`
        : md`:no_entry_sign: Не выполнено: ${what}, запланированное ${user} на ${when}. ${why}`,
    mayRepeat: md`_Приложение перезапускалось, пока сообщало об этом, поэтому сообщение может повторять прежнее._`,
    toRequester: {
      approvedForLater: ({ what, approver, when }) =>
        md`:white_check_mark: ${approver} одобрил(а) вашу просьбу: ${what}. Она выполнится в ${when}, и тогда всё будет проверено снова.`,
      approvedNow: ({ what, approver, channel }) =>
        md`:white_check_mark: ${approver} одобрил(а) вашу просьбу: ${what}; она выполнена от вашего имени. Результат — в ${channel}.`,
      rejected: ({ what, approver, reason }) =>
        reason === undefined
          ? md`:no_entry_sign: ${approver} отклонил(а) вашу просьбу: ${what}. Ничего не выполнено.`
          : md`:no_entry_sign: ${approver} отклонил(а) вашу просьбу: ${what}. Ничего не выполнено.\n*Причина:* ${reason}`,
      expired: ({ what }) =>
        md`:hourglass: Ваша просьба истекла: ${what}. Никто не одобрил её вовремя, ничего не выполнено; попросите снова, если это ещё нужно.`,
      cancelled: ({ what, user }) =>
        md`:wastebasket: ${user} отозвал(а) вашу просьбу: ${what}. Ничего не выполнено.`,
      interrupted: ({ what, experimentId }) =>
        experimentId === undefined
          ? md`:warning: Приложение остановилось, пока выполняло вашу просьбу (${what}): дошла ли она до платформы, неизвестно.`
          : md`:warning: Приложение остановилось, пока выполняло вашу просьбу (${what}): дошла ли она до платформы, неизвестно. Проверьте через ${cmd(`show ${experimentId}`)}, прежде чем просить снова.`,
    },
    ended: {
      approvedForLater: ({ approver, when }) =>
        md`:white_check_mark: Одобрено: ${approver}. Выполнится в ${when}.`,
      approvedNow: ({ approver, outcome }) =>
        outcome === 'done'
          ? md`:white_check_mark: Одобрено: ${approver}; выполнено от имени просившего (результат — в ветке эксперимента).`
          : outcome === 'failed'
            ? md`:white_check_mark: Одобрено: ${approver}, но не выполнено: ${approver} и просившему сообщили почему.`
            : md`:white_check_mark: Одобрено: ${approver}; выполнено ли, неизвестно: ${approver} и просившему сообщили, как проверить.`,
      rejected: ({ approver, reason }) =>
        reason === undefined
          ? md`:no_entry_sign: Отклонено: ${approver}. Ничего не выполнено.`
          : joinSafe([
              md`:no_entry_sign: Отклонено: ${approver}. Ничего не выполнено.`,
              md`*Причина:* ${reason}`,
            ]),
      expired: md`:hourglass: Истекло без ответа: ничего не выполнено.`,
      cancelled: ({ user }) => md`:wastebasket: Отозвано: ${user}. Ничего не выполнено.`,
      notRun: ({ why }) => md`:no_entry_sign: Не выполнено. ${why}`,
      interrupted: md`:warning: Приложение остановилось во время выполнения: дошло ли действие до платформы, неизвестно.`,
    },
    how: ({ approver, scheduledBy, when, workflow }) => {
      const parts: SafeText[] = [];
      if (scheduledBy !== undefined && when !== undefined)
        parts.push(md`запланировал(а) ${scheduledBy} на ${when}`);
      if (approver !== undefined) parts.push(md`одобрил(а) ${approver}`);
      if (workflow) parts.push(md`из рабочего процесса`);
      return parts.length === 0 ? undefined : md`(${joinSafe(parts, md`; `)})`;
    },
    rejectModal: {
      title: 'Отклонить просьбу',
      intro: md`Ничего не выполнится. Просившему сообщат об этом — с вашей причиной, если вы её укажете.`,
      reasonLabel: 'Почему (необязательно)',
      reasonPlaceholder: 'Не во время распродажи; попросите в понедельник',
      submit: 'Отклонить',
    },
    stopWillAsk: ({ approvers }) =>
      md`:raised_hand: В этом рабочем пространстве для остановки нужно одобрение второго человека: после отправки формы уйдёт просьба, и остановка выполнится, когда её одобрит ${approvers}.`,
    requestStopButton: 'Запросить остановку',
  };
}
