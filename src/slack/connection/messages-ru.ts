import { MANAGE_SCOPE, READ_SCOPE } from '../../core/platform/scopes.js';
import { code, md, type SafeText } from '../blocks/escape.js';
import { cmd, n } from '../messages/ru-format.js';
import type { ConnectionMessages, ConnectModalMessages, TokenHealthMessages } from './messages.js';

const dayCount = (days: number): SafeText => n(days, 'день', 'дня', 'дней');

export function connectionMessagesRu(): ConnectionMessages {
  return {
    adminOnly: md`Подключать, смотреть и отключать подключение к платформе могут только администраторы рабочего пространства. Ничего не изменилось.`,
    connected: ({ user, baseUrl }) =>
      md`${user} подключил(а) рабочее пространство к платформе экспериментов по адресу \`${baseUrl}\`.`,
    disconnected: ({ user }) =>
      md`${user} отключил(а) рабочее пространство от платформы экспериментов. Сохранённый токен удалён.`,
    notConnected: md`Рабочее пространство не подключено к платформе экспериментов. Администратор может выполнить ${cmd('connect')}.`,
    tokenHeader: 'Подключение к платформе',
    labels: {
      baseUrl: md`*Адрес*`,
      expires: md`*Истекает*`,
      scopes: md`*Права*`,
      state: md`*Состояние*`,
      connectedBy: md`*Подключил(а)*`,
    },
    states: {
      active: 'Действует',
      invalid: 'Отвергнут платформой (недействителен, истёк или отозван)',
      unreadable: 'Не расшифровывается ключами этого сервера',
    },
    expiresIn: ({ days, date }) =>
      days < 1 ? md`Меньше чем через день (${date})` : md`Через ${dayCount(days)} (${date})`,
    expired: ({ date }) => md`Истёк (${date})`,
    expiryUnknown: md`Неизвестно: токен об этом не говорит`,
    scopesUnknown: md`Токен их не указывает`,
    connectedBy: ({ user, date }) => {
      if (user === undefined) return md`Настройки сервера`;
      return date === undefined ? user : md`${user}, ${date}`;
    },
    expiringSoon: ({ days }) =>
      md`:warning: Токен платформы истекает ${days < 1 ? md`меньше чем через день` : md`через ${dayCount(days)}`}. Администратору стоит создать новый токен и снова выполнить ${cmd('connect')}.`,
    expiredWarning: md`:warning: Токен платформы истёк. Администратору нужно создать новый токен и выполнить ${cmd('connect')}.`,
    unreadableWarning: md`:warning: Это сохранённое подключение не расшифровывается ключами сервера (\`TOKEN_ENCRYPTION_KEY\` сменили, не оставив старый ключ в \`TOKEN_ENCRYPTION_OLD_KEYS\`). Под ним ничего не выполняется, и ничто его не заменяет. Администратору нужно снова выполнить ${cmd('connect')}.`,
    invalidWarning: md`:warning: Платформа отвергла этот токен. Администратору нужно создать новый токен и выполнить ${cmd('connect')}.`,
    tokenNeverShown: md`Сам токен хранится зашифрованным и никогда не показывается.`,
    scopesLacking: ({ scopes }) =>
      md`:warning: У токена нет ${scopes}, поэтому платформа откажет в том, что их требует: справочникам нужно ${code(READ_SCOPE)}; запуску, остановке, архивированию и возврату из архива — ${code(MANAGE_SCOPE)}. Администратор может снова выполнить ${cmd('connect')} с токеном, у которого они есть.`,
    scopesNotStated: md`Токен не перечисляет своих прав, и приложение не может сказать, какие у него есть: справочникам нужно ${code(READ_SCOPE)}; запуску, остановке, архивированию и возврату из архива — ${code(MANAGE_SCOPE)}; созданию и изменению экспериментов — права платформы на создание и изменение.`,
  };
}

export function connectModalMessagesRu(): ConnectModalMessages {
  return {
    title: 'Подключение платформы',
    submit: 'Подключить',
    intro: md`Подключите рабочее пространство к платформе экспериментов API-токеном. Создайте токен на платформе: настройки → подключения → API-токены, с правами ${code(READ_SCOPE)} (справочники) и ${code(MANAGE_SCOPE)} (запуск, остановка, архив, возврат из архива). Для создания и изменения экспериментов нужны ещё права платформы на создание и изменение.`,
    scopeLabel: 'Для чего',
    scopeWorkspace: 'Всё рабочее пространство',
    scopeWorkspaceHint: 'Его используют все каналы без собственного подключения.',
    scopeChannel: 'Только этот канал',
    scopeChannelHint: 'Собственный токен команды: его используют действия в этом канале.',
    baseUrlLabel: 'Адрес платформы',
    baseUrlPlaceholder: 'https://your-host.example.com',
    baseUrlHint: 'Адрес, выданный вашей организации, без /api/console.',
    tokenLabel: 'API-токен',
    tokenPlaceholder: 'Вставьте токен',
    tokenHint: 'Он хранится зашифрованным и больше не показывается. Slack показывает его, пока вы печатаете.',
    baseUrlInvalid: 'Введите адрес http(s), например https://your-host.example.com',
    tokenRequired: 'Вставьте API-токен.',
    tokenRejected: 'Платформа отвергла этот токен (недействителен, истёк или отозван).',
    tokenLacksScope: `Платформа приняла токен, но читать справочники он не может: у него нет права ${READ_SCOPE}.`,
    unreachable: 'По этому адресу платформа не ответила. Проверьте адрес и попробуйте снова.',
    notAPlatform: 'По этому адресу не похоже на платформу экспериментов (нет API консоли под /api/console).',
  };
}

export function tokenHealthMessagesRu(): TokenHealthMessages {
  const days = (d: number): SafeText => (d < 1 ? md`меньше чем через день` : md`через ${dayCount(d)}`);
  return {
    expiresSoon: ({ whose, days: d, when, fix }) =>
      md`:warning: ${whose} истекает ${days(d)} (${when}). ${fix}`,
    expired: ({ whose, fix }) =>
      md`:warning: ${whose} истёк: действия, которые его используют, отклоняются. ${fix}`,
    refused: ({ whose, fix }) =>
      md`:warning: ${whose} отвергнут платформой («Invalid api key provided»): действия, которые его используют, не выполняются, и другой токен его не заменяет. ${fix}`,
    workspaceToken: ({ host, by }) =>
      by === undefined
        ? md`Токен платформы рабочего пространства для ${host}`
        : md`Токен платформы рабочего пространства для ${host} (подключил(а) ${by})`,
    channelToken: ({ channel, host, by }) =>
      by === undefined
        ? md`Токен платформы канала ${channel} для ${host}`
        : md`Токен платформы канала ${channel} для ${host} (подключил(а) ${by})`,
    configuredToken: ({ host }) => md`Токен платформы, с которым запущено приложение (для ${host}),`,
    personalToken: md`Ваш личный токен платформы`,
    fixWorkspace: md`Администратору стоит создать новый токен и выполнить ${cmd('connect')}.`,
    fixConfigured: md`Тому, кто запускает приложение, нужно задать новый \`CONSOLE_API_TOKEN\` и перезапустить его, или администратор может выполнить ${cmd('connect')}.`,
    fixPersonal: md`Создайте новый и снова выполните ${cmd('login')}, или ${cmd('logout')}, чтобы действовать токеном команды.`,
  };
}
