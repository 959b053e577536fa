import { joinSafe, md, type SafeText } from '../blocks/escape.js';
import { n } from '../messages/ru-format.js';
import type { AuditMessages } from './messages.js';

export function auditMessagesRu(): AuditMessages {
  return {
    adminOnly: md`Журнал аудита читают только администраторы рабочего пространства. \`/exp policy\` покажет, кому что можно.`,
    header: 'Журнал аудита',
    summary: ({ shown, experimentId, user }) => {
      const filters = [
        experimentId === undefined ? undefined : md`эксперимент #${experimentId}`,
        user === undefined ? undefined : md`от ${user}`,
      ].filter((f): f is SafeText => f !== undefined);
      const of = filters.length === 0 ? md`` : md` (${joinSafe(filters, md`, `)})`;
      return md`${n(shown, 'попытка', 'попытки', 'попыток')} действовать${of}, сначала новые.`;
    },
    empty: ({ experimentId, user, older }) => {
      if (older) return md`Более ранних попыток действовать не записано.`;
      if (experimentId !== undefined && user !== undefined)
        return md`Попыток ${user} действовать с экспериментом #${experimentId} не записано.`;
      if (experimentId !== undefined)
        return md`Попыток действовать с экспериментом #${experimentId} не записано.`;
      if (user !== undefined) return md`Попыток ${user} действовать не записано.`;
      return md`В этом рабочем пространстве ещё не записано ни одной попытки действовать.`;
    },
    row: ({ when, user, action, experimentId, channel, result, approval, identity, detail }) => {
      const parts = [
        md`${when} · ${user} · *${action}*`,
        experimentId === undefined ? md`` : md` #${experimentId}`,
        channel === undefined ? md`` : md` в ${channel}`,
        md` · ${result}`,
        approval === undefined ? md`` : md` · ${approval}`,
        identity === undefined ? md`` : md` · ${identity}`,
        detail === undefined ? md`` : md` · ${detail}`,
      ];
      return joinSafe(parts, md``);
    },
    allowed: ({ outcome }) => (outcome === undefined ? md`разрешено` : md`разрешено, ${outcome}`),
    refused: ({ rule }) => (rule === undefined ? md`*отказано*` : md`*отказано* (правило: ${rule})`),
    viewForged: ({ reason }) => {
      const why =
        reason === undefined
          ? md``
          : {
              unsigned: md`: метаданные, которых приложение не писало`,
              mismatch: md`: открыта для другого человека или изменена`,
              expired: md`: слишком старая`,
              'response-url': md`: адрес ответа не от Slack`,
            }[reason];
      return md`*отказано* (правило: \`view-forged\`, форму открыло для них не приложение${why})`;
    },
    approval: ({ state, requestedBy }) => {
      const by = requestedBy === undefined ? md`` : md` (просил(а) ${requestedBy})`;
      switch (state) {
        case 'requested':
          return md`запрошено одобрение`;
        case 'approved':
          return md`одобрено${by}`;
        case 'rejected':
          return md`отклонено${by}`;
        case 'expired':
          return md`одобрение истекло${by}`;
      }
    },
    identity: ({ identity }) =>
      ({
        workspace: md`токеном рабочего пространства`,
        channel: md`токеном канала`,
        personal: md`своим токеном`,
        default: md`настроенным токеном`,
      })[identity],
    retention: ({ days }) => md`Попытки хранятся ${n(days, 'день', 'дня', 'дней')}.`,
    olderButton: 'Раньше',
    newestButton: 'Новые',
    usage: ({ problem }) =>
      md`${problem} Используйте \`/exp audit\`, \`/exp audit ID\`, \`/exp audit --user @кто-то\` или оба фильтра.`,
    badWord: ({ word }) => md`\`${word}\` — не номер эксперимента и не \`--user @кто-то\`.`,
  };
}
