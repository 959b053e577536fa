import { md, type SafeText } from '../blocks/escape.js';
import { cmd, count, n } from '../messages/ru-format.js';
import type { SplitterMessages } from './messages.js';

export function splitterMessagesRu(): SplitterMessages {
  const exposure = (outcomeUnknown: boolean): SafeText =>
    outcomeUnknown
      ? md`зарегистрирована ли экспозиция, неизвестно. Проверьте эксперимент, прежде чем повторять.`
      : md`ничего не зарегистрировано.`;
  return {
    platform: ({ id, name }) => name ?? md`платформа ${id}`,
    participant: ({ userId, visitorId }) => {
      if (userId !== undefined && visitorId !== undefined)
        return md`пользователь ${userId} (посетитель \`${visitorId}\`)`;
      if (userId !== undefined) return md`пользователь ${userId}`;
      return visitorId === undefined ? md`участник` : md`посетитель \`${visitorId}\``;
    },
    featuresTitle: ({ count: c, tag, platform, participant }) =>
      md`*${n(c, 'фича', 'фичи', 'фич')}* — ${participant}, ${platform}, тег \`${tag}\`:`,
    featureLine: ({ experiment, group }) => md`• эксперимент \`${experiment}\` → группа \`${group}\``,
    noFeatures: ({ tag, platform, participant }) => md`Фич нет: ${participant}, ${platform}, тег \`${tag}\`.`,
    moreNotShown: ({ count: c }) => md`…и ещё ${count(c)}, не показаны.`,
    warning: ({ text }) => md`:warning: ${text}`,
    unknownPlatformId: ({ id, known }) =>
      md`Платформы с id ${id} нет среди известных (${known}): как сплиттер ведёт себя с другими id, платформа не описывает.`,
    expose: {
      confirmText: ({ label, platform, participant }) =>
        md`Зарегистрировать экспозицию: ${participant} в эксперименте \`${label}\`, ${platform}?`,
      statsWarning: md`:warning: Экспозиция засчитывает участника в эксперимент и меняет его статистику. Отменить её из Slack нельзя.`,
      confirmButton: 'Зарегистрировать',
      cancelButton: 'Отмена',
      done: ({ label, platform, participant, user }) =>
        user === undefined
          ? md`Экспозиция зарегистрирована: ${participant} в эксперименте \`${label}\`, ${platform}.`
          : md`${user} зарегистрировал(а) экспозицию: ${participant} в эксперименте \`${label}\`, ${platform}.`,
      cancelled: ({ label }) =>
        label === undefined
          ? md`Отменено: экспозиция не зарегистрирована.`
          : md`Отменено: экспозиция в эксперименте \`${label}\` не зарегистрирована.`,
      tooLong: md`Метка эксперимента или участник слишком длинные, чтобы подтвердить их из Slack. Ничего не зарегистрировано.`,
    },
    errors: {
      api: ({ method, status, kind, quoted }) => {
        const why = kind === undefined ? md`HTTP ${status}` : md`HTTP ${status}, вид \`${kind}\``;
        const said = quoted ? md` Подробности:` : md``;
        if (method === 'getFeaturesByTag') return md`Сплиттер отказал в запросе (${why}).${said}`;
        return status < 500
          ? md`Сплиттер отказал в экспозиции (${why}): ничего не зарегистрировано.${said}`
          : md`Сплиттер сбоил на экспозиции (${why}): ${exposure(true)}${said}`;
      },
      timeout: ({ method, outcomeUnknown }) =>
        method === 'getFeaturesByTag'
          ? md`Сплиттер не ответил вовремя. Попробуйте позже.`
          : md`Сплиттер не ответил вовремя: ${exposure(outcomeUnknown)}`,
      connection: ({ method, outcomeUnknown, code }) => {
        const detail = code === undefined ? md`` : md` (\`${code}\`)`;
        if (method === 'getFeaturesByTag')
          return md`Не удалось связаться со сплиттером${detail}. Попробуйте позже.`;
        return outcomeUnknown
          ? md`Связь со сплиттером прервалась${detail}: ${exposure(true)}`
          : md`Не удалось связаться со сплиттером${detail}: ${exposure(false)}`;
      },
      response: ({ method, status }) =>
        method === 'getFeaturesByTag'
          ? md`Сплиттер ответил (HTTP ${status}) так, что бот не смог прочитать ответ.`
          : md`Сплиттер ответил на экспозицию (HTTP ${status}) неожиданным телом: ${exposure(true)}`,
      request: ({ issues }) => md`Запрос отклонён ещё до сплиттера: ${issues}. Ничего не отправлено.`,
      unexpected: ({ method }) =>
        method === 'exposeManyV2'
          ? md`Что-то пошло не так при регистрации экспозиции: ${exposure(true)}`
          : md`Что-то пошло не так при запросе к сплиттеру. Ничего не изменилось.`,
      notConfigured: md`У приложения не настроен сплиттер, поэтому оно не может ни искать, ни регистрировать назначения. Попросите того, кто его запускает, задать \`SPLITTER_URL\`. Ничего не отправлено.`,
    },
    usage: usageRu(),
  };
}

function usageRu(): SplitterMessages['usage'] {
  const participantUsage = md`Укажите \`user:ID\` (целое положительное число), \`visitor:ID\` или просто id пользователя.`;
  return {
    features: md`Как вызывать: \`/exp features ТЕГ ПЛАТФОРМА УЧАСТНИК\` — в какие группы попадает участник в экспериментах с тегом ТЕГ.`,
    expose: md`Как вызывать: \`/exp expose МЕТКА ПЛАТФОРМА УЧАСТНИК\` — зарегистрировать экспозицию участника в эксперименте с меткой МЕТКА после подтверждения.`,
    arguments: md`ПЛАТФОРМА — \`1\`, \`4\`, \`5\`, \`6\`, \`desktop\`, \`ios\`, \`android\` или \`mobile\`. УЧАСТНИК — \`user:ID\`, \`visitor:ID\` или просто id пользователя.`,
    featuresExample: md`Пример: ${cmd('features checkout ios user:42')}`,
    exposeExample: md`Пример: ${cmd('expose checkout_button_color android visitor:3f9a')}`,
    problem: ({ error }) => md`:x: ${error}`,
    problems: {
      wordCount: ({ count: c }) => md`Нужно ровно три слова, а их ${c}.`,
      noPlatform: ({ known }) => md`Не указана платформа. Подойдёт одна из: ${known}.`,
      notAPlatform: ({ input, known }) => md`«${input}» — не платформа. Укажите название или id: ${known}.`,
      noParticipant: md`Не указан участник. ${participantUsage}`,
      notAUserId: ({ input }) => md`«${input}» — не id пользователя. ${participantUsage}`,
      emptyVisitorId: md`Пустой id посетителя. ${participantUsage}`,
      notAParticipant: ({ input }) => md`Не удалось понять участника «${input}». ${participantUsage}`,
      invalidParticipant: md`Такой участник не подходит. ${participantUsage}`,
    },
  };
}
