import { escapeMrkdwn, md } from '../blocks/escape.js';
import { cmd } from '../messages/ru-format.js';
import type { HelpMessages } from './messages.js';

/** One line per subcommand: the help key its declaration names, how it is typed, what it does. */
const COMMAND_LINES: HelpMessages['commands'] = [
  {
    key: 'help',
    usage: '/exp help [all]',
    description: md`Эта справка: что вы можете здесь запустить, по задачам; с \`all\` — все команды и кто может их запускать.`,
  },
  {
    key: 'show',
    usage: '/exp show ID',
    description: md`Что приложение знает об эксперименте: статус и откуда он известен, недавние действия, что можно сделать дальше.`,
  },
  {
    key: 'list',
    usage: '/exp list [фильтр]',
    description: md`Эксперименты, которые видело это рабочее пространство, сначала недавние; фильтр по номеру, названию, команде или статусу.`,
  },
  {
    key: 'start',
    usage: '/exp start ID',
    description: md`Запустить эксперимент. Результат появится в канале.`,
  },
  {
    key: 'stop',
    usage: '/exp stop ID',
    description: md`Остановить эксперимент: откроется форма с причиной и комментарием.`,
  },
  {
    key: 'stopWithReason',
    usage: '/exp stop ID ПРИЧИНА [комментарий…]',
    description: md`Остановить без формы. ПРИЧИНА — \`sequential\`, \`critical\`, \`bug\` или \`other\` (или по-русски: \`значимое\`, \`критично\`, \`баг\`, \`другое\`); для \`other\` нужен комментарий.`,
  },
  {
    key: 'scheduleAt',
    usage: '/exp start|stop|archive|unarchive ID КОГДА …',
    description: md`Сделать это позже: \`через 3 дня\`, \`завтра в 10:00\`, \`в пн 09:00\`, \`в 2026-12-01 10:00\` в вашем часовом поясе Slack (у остановки причина идёт после времени). Когда придёт время, все правила проверяются снова.`,
  },
  {
    key: 'schedule',
    usage: '/exp schedule [ID] · /exp unschedule ID [action]',
    description: md`Что ждёт (запланировано или ждёт одобрения) во всём пространстве или для одного эксперимента, с кнопками «Отменить»; \`unschedule\` отзывает ваши (администратор — любые).`,
  },
  {
    key: 'archive',
    usage: '/exp archive ID',
    description: md`Отправить остановленный эксперимент в архив.`,
  },
  { key: 'unarchive', usage: '/exp unarchive ID', description: md`Вернуть эксперимент из архива.` },
  {
    key: 'dict',
    usage: '/exp dict [ИМЯ [фильтр]]',
    description: md`Список справочников или значения одного из них с фильтром. Добавьте \`--refresh\`, чтобы перечитать его.`,
  },
  {
    key: 'create',
    usage: '/exp create',
    description: md`Создать эксперимент: поля выбора заполнены из справочников.`,
  },
  { key: 'edit', usage: '/exp edit ID', description: md`Изменить эксперимент.` },
  {
    key: 'features',
    usage: '/exp features ТЕГ ПЛАТФОРМА УЧАСТНИК',
    description: md`В какие группы попадает пользователь или посетитель в экспериментах с тегом.`,
  },
  {
    key: 'expose',
    usage: '/exp expose МЕТКА ПЛАТФОРМА УЧАСТНИК',
    description: md`Зарегистрировать экспозицию после подтверждения.`,
  },
  {
    key: 'policy',
    usage: '/exp policy',
    description: md`Кому что здесь можно (читать может любой; администраторы меняют кнопкой или \`/exp policy set …\`).`,
  },
  {
    key: 'identity',
    usage: '/exp login · logout · whoami · language',
    description: md`Действовать под своим токеном платформы (чтобы записи платформы называли вас), удалить его, посмотреть, чей токен используют ваши действия; \`/exp language ru|en\` — язык приложения для вас, \`/exp language workspace ru|en\` — для всего пространства (администраторы).`,
  },
  {
    key: 'audit',
    usage: '/exp audit [ID] [--user @кто-то]',
    description: md`Кто что пытался сделать, разрешено или отказано, и чем кончилось (администраторы).`,
  },
  {
    key: 'hooks',
    usage: '/exp hooks [rotate]',
    description: md`Куда платформа, CI или планировщик шлют события жизненного цикла, и секрет для их подписи (администраторы).`,
  },
  {
    key: 'connection',
    usage: '/exp connect · token · disconnect',
    description: md`Подключить рабочее пространство к платформе, узнать срок токена, отключить (администраторы).`,
  },
  {
    key: 'follow',
    usage: '/exp follow [ID] · unfollow ID',
    description: md`Получать ход эксперимента в личные сообщения от приложения (кроме своих действий); без номера — за чем вы следите.`,
  },
  {
    key: 'subscriptions',
    usage:
      '/exp subscribe [#канал] [team:КОМАНДА] [type:ТИП] [experiment:ID] [events:СПИСОК] [quiet:ЧЧ:ММ-ЧЧ:ММ] [long:30d] [window:5m] · unsubscribe [то же] · subscriptions',
    description: md`Слать оповещения об экспериментах в канал (по умолчанию в этот): по команде, типу или эксперименту; \`events:recommended\` (по умолчанию: \`start\` \`stop\` \`archive\` \`status\` и те из них, чей исход неизвестен), \`events:all\` или список из \`start\` \`stop\` \`archive\` \`unarchive\` \`create\` \`edit\` \`status\`; \`quiet:22:00-08:00\` откладывает их до конца этих часов и присылает одной сводкой; \`long:30d\` один раз напоминает о каждом эксперименте, который идёт дольше; \`window:5m\` держит близкие события одним сообщением; отписаться; список с кнопками «Убрать».`,
  },
  {
    key: 'digest',
    usage: '/exp digest [daily ЧЧ:ММ · weekly ДЕНЬ ЧЧ:ММ · off] [tz:ПОЯС]',
    description: md`Сводка этого канала сейчас, только для вас: что запускали, останавливали и архивировали, что идёт и сколько, что ждёт одобрения или запланировано. Со временем — приходит сюда по этому расписанию (за период без событий — ничего); \`off\` отключает.`,
  },
];

const EXAMPLES: HelpMessages['examples'] = [
  '/exp start 123',
  '/exp stop 123',
  '/exp stop 123 баг Неверное деление трафика на iOS',
  '/exp archive 123',
  '/exp dict layers',
  '/exp subscribe events:stop,archive',
];

export function helpMessagesRu(): HelpMessages {
  return {
    header: 'Эксперименты из Slack: /exp',
    intro: md`Ведите A/B-эксперименты от запуска до архива, не выходя из канала. Номера экспериментов — целые положительные числа.`,
    commands: COMMAND_LINES,
    groups: {
      lookUp: md`Просмотр`,
      act: md`Действия`,
      automate: md`Автоматизация`,
      alerts: md`Оповещения`,
      administer: md`Администрирование`,
    },
    examplesTitle: md`*Примеры*`,
    examples: EXAMPLES,
    more: {
      someHidden: md`Показано только то, что вы можете запустить. ${cmd('help all')} покажет все команды и кто может их запускать.`,
      noneHidden: md`Вы можете запускать здесь любую команду. ${cmd('help all')} скажет, кто ещё может запускать каждую.`,
      unfiltered: md`Приложению сейчас не удалось проверить, что вы можете запускать, поэтому показаны все команды. ${cmd('help all')} скажет, кто может запускать каждую.`,
      all: md`Все команды и кто может их запускать. ${cmd('help')} покажет только то, что можете вы.`,
    },
    who: {
      anyone: md`любой`,
      self: md`любой, для себя`,
      readOrChange: ({ change }) => md`смотреть — любой; менять — ${change}`,
      byPolicy: ({ action }) => md`как скажет правило \`${escapeMrkdwn(action)}\` в политике пространства`,
      inChannels: ({ who, channels }) => md`${who}, из ${channels}`,
      scheduling: ({ who }) => md`планировать — ${who}`,
      per: ({ names, who }) => md`${names}: ${who}`,
      mark: ({ who }) => md`_Кто: ${who}._`,
    },
  };
}
