import { md } from '../blocks/escape.js';
import { n } from '../messages/ru-format.js';
import type { HomeMessages } from './messages.js';

export function homeMessagesRu(): HomeMessages {
  return {
    header: 'exp-chatops',
    connectionTitle: md`*Подключение к платформе*`,
    connection: ({ host, state, expires }) =>
      expires === undefined ? md`${host} · ${state}` : md`${host} · ${state} · токен истекает ${expires}`,
    notConnected: md`Пока не подключено: администратор запускает \`/exp connect\` в любом канале.`,
    identityTitle: md`*Чей токен используют ваши действия*`,
    recentTitle: md`*Ваши недавние действия*`,
    noRecent: md`Пока ничего. Попробуйте \`/exp list\` или \`/exp show ID\` в канале.`,
    alertsTitle: md`*Куда приходят оповещения*`,
    alertsLine: ({ channel, filter }) => md`${channel}: ${filter}`,
    noAlerts: md`Оповещения пока не получает ни один канал: \`/exp subscribe\` в канале.`,
    moreAlerts: ({ count }) => md`…и ещё ${n(count, 'канал', 'канала', 'каналов')} (\`/exp subscriptions\`).`,
    adminTitle: md`*Для администраторов*`,
    adminHook: ({ path }) =>
      md`События жизненного цикла извне Slack: POST на ${path} (\`/exp hooks\` покажет секрет и как подписывать).`,
    adminPolicy: ({ restricted, approvals, personal }) =>
      md`Политика: ограничено сверх участников — ${n(restricted, 'действие', 'действия', 'действий')}, требуют одобрения — ${approvals}, требуют личного токена — ${personal} (\`/exp policy\`).`,
    connectButton: 'Подключить или заменить токен…',
    disconnectButton: 'Отключить',
    disconnectConfirm: {
      title: 'Отключить рабочее пространство?',
      text: md`Действия и запросы к платформе прекратятся, пока администратор не подключит её снова (каналы со своим подключением и личные токены не затронуты). Токен будет удалён из хранилища приложения.`,
      confirm: 'Отключить',
      deny: 'Оставить',
    },
    disconnected: ({ user }) =>
      md`${user} отключил(а) рабочее пространство от платформы на вкладке «Главная». Чтобы подключить снова, запустите \`/exp connect\` или откройте вкладку «Главная».`,
    notConnectedAnyMore: md`У рабочего пространства уже не было сохранённого подключения, так что ничего не изменилось.`,
    footer: md`\`/exp help\` перечисляет все команды. Эта вкладка показывает, что приложение знает сейчас; она обновляется, когда вы её открываете, и после ваших изменений.`,
  };
}
