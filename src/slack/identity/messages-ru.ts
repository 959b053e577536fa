import { READ_SCOPE } from '../../core/platform/scopes.js';
import { escapeMrkdwn, joinSafe, md } from '../blocks/escape.js';
import { labelMessagesRu } from '../labels/messages-ru.js';
import type { IdentityMessages, LanguageMessages } from './messages.js';

const { actionNouns } = labelMessagesRu();

export function identityMessagesRu(): IdentityMessages {
  return {
    personalRequired: ({ action }) =>
      md`Для действия *${escapeMrkdwn(actionNouns[action])}* здесь нужен ваш личный токен платформы (таковы правила рабочего пространства), поэтому ничего не отправлено. Добавьте его командой \`/exp login\`; \`/exp whoami\` покажет, чей токен используют ваши действия.`,
    personalInvalid: md`Платформа отвергла ваш личный токен (403), поэтому ничего не отправлено и ничего не изменилось. Добавьте новый командой \`/exp login\` или выполните \`/exp logout\`, чтобы снова действовать через подключение команды.`,
    identityName: ({ identity, channel }) =>
      ({
        personal: md`ваш личный токен платформы`,
        channel:
          channel === undefined
            ? md`собственное подключение этого канала`
            : md`собственное подключение ${channel}`,
        workspace: md`подключение рабочего пространства`,
        default: md`токен, с которым запущено приложение`,
      })[identity],
    whichConnection: ({ name }) => md`Речь о том, что здесь — ${name}.`,
    whoamiWhere: ({ channel }) => (channel === undefined ? md`здесь` : md`в ${channel}`),
    whoamiHead: ({ where, name }) => md`Ваши действия ${where} используют *${name}*.`,
    homeWhere: md`вне каналов со своим подключением`,
    whoamiNowhere: ({ where }) =>
      md`Вашим действиям ${where} не через что обращаться к платформе: рабочее пространство ещё не подключено. Администратор подключает его командой \`/exp connect\`.`,
    whoamiWhy: ({ identity }) =>
      ({
        personal: md`Вы добавили его командой \`/exp login\`, поэтому записи платформы называют вас. \`/exp logout\` вернёт подключение команды.`,
        channel: md`Личного токена у вас нет, а у этого канала есть своё подключение (команды). \`/exp login\` добавит ваш, и записи платформы будут называть вас.`,
        workspace: md`Личного токена у вас нет, а у канала нет своего подключения. \`/exp login\` добавит ваш, и записи платформы будут называть вас.`,
        default: md`Рабочее пространство никто не подключал, поэтому действует токен из настроек сервера. \`/exp login\` добавит ваш, и записи платформы будут называть вас.`,
      })[identity],
    whoamiConnection: ({ name, baseUrl, by, since, expires, invalid }) => {
      const parts = [
        md`${name}: ${baseUrl}`,
        by === undefined ? md`` : md`, подключил(а) ${by}`,
        since === undefined ? md`` : md` ${since}`,
        expires === undefined ? md`` : md`, истекает ${expires}`,
        invalid ? md` · *отвергнут платформой*: под ним ничего не выполняется, пока его не заменят` : md``,
      ];
      return joinSafe(parts, md``);
    },
    whoamiPersonalRequired: ({ actions }) =>
      md`Правила этого рабочего пространства требуют вашего личного токена для ${actions}: добавьте его командой \`/exp login\`.`,
    login: {
      title: 'Ваш токен платформы',
      submit: 'Войти',
      intro: ({ baseUrl, channel }) =>
        channel === undefined
          ? md`Ваш личный токен для ${baseUrl}. С ним ваши действия выполняются на платформе от вашего имени во всех каналах; без него — через подключение команды.`
          : md`Ваш личный токен для ${baseUrl} (платформы, к которой подключён ${channel}). С ним ваши действия выполняются на платформе от вашего имени; без него — через подключение команды.`,
      tokenLabel: 'Токен',
      tokenHint:
        'Виден, пока вы печатаете (в Slack нет поля для паролей). Хранится зашифрованным и больше не показывается. /exp logout удаляет его.',
      tokenPlaceholder: 'Вставьте токен платформы',
      tokenRequired: 'Вставьте токен.',
      tokenRejected: 'Платформа отвергла этот токен (401/403). Проверьте его и попробуйте снова.',
      tokenLacksScope: `Платформа приняла токен, но читать справочники он не может: у него нет права ${READ_SCOPE}.`,
      unreachable: 'Платформа не ответила вовремя. Попробуйте через минуту.',
      notAPlatform: 'Платформа ответила так, что приложение её не поняло. Ничего не сохранено.',
      noConnection: md`Здесь нет подключения к платформе, к которому можно войти: сначала администратор подключает рабочее пространство (или этот канал) командой \`/exp connect\`.`,
    },
    loggedIn: ({ expires }) =>
      expires === undefined
        ? md`Готово: ваши действия теперь идут под вашим личным токеном, и записи платформы называют вас. \`/exp whoami\` покажет его; \`/exp logout\` удалит.`
        : md`Готово: ваши действия теперь идут под вашим личным токеном (он истекает ${expires}), и записи платформы называют вас. \`/exp whoami\` покажет его; \`/exp logout\` удалит.`,
    loggedOut: md`Ваш токен платформы удалён. Ваши действия снова идут через подключение команды (\`/exp whoami\` покажет какое).`,
    notLoggedIn: md`Личного токена платформы у вас здесь нет, удалять нечего. Ваши действия идут через подключение команды (\`/exp whoami\` покажет какое).`,
    language: languageMessagesRu(),
  };
}

function languageMessagesRu(): LanguageMessages {
  const names = { en: 'английский', ru: 'русский' };
  const why = {
    person: md`вы выбрали его командой \`/exp language\``,
    workspace: md`язык рабочего пространства`,
    slack: md`язык вашего Slack`,
    default: md`другой никто не выбирал`,
  };
  return {
    names,
    current: ({ locale, source, workspace }) =>
      md`С вами приложение говорит по-${escapeMrkdwn(adverb(locale))} (${why[source]}), в каналах — по-${escapeMrkdwn(adverb(workspace))}. \`/exp language ru|en\` меняет ваш язык.`,
    setSelf: ({ locale }) =>
      md`Теперь приложение говорит с вами по-${escapeMrkdwn(adverb(locale))}. Сообщения в каналах остаются на языке рабочего пространства. \`/exp language auto\` вернёт язык по умолчанию.`,
    clearedSelf: md`Ваш выбор снят: приложение говорит с вами на языке рабочего пространства или вашего Slack.`,
    setWorkspace: ({ locale, user }) =>
      md`${user} выбрал(а) ${escapeMrkdwn(names[locale])} языком рабочего пространства: на нём пишутся сообщения в каналах и он у всех, кто не выбрал свой.`,
    adminOnly: md`Язык рабочего пространства меняют только администраторы. Свой язык задаёт \`/exp language ru|en\`.`,
    usage: ({ word }) =>
      md`\`${word}\` — не язык. Используйте \`/exp language ru\`, \`/exp language en\` или \`/exp language auto\`; администраторам — \`/exp language workspace ru|en\`.`,
  };
}

/** «по-русски», «по-английски». */
const adverb = (locale: 'en' | 'ru'): string => ({ en: 'английски', ru: 'русски' })[locale];
