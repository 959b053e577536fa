// The playground's own texts (its chrome, what it says about messages and threads, its notes),
// in English and Russian. The page speaks the language its switch beside "Acting as" shows for the
// person acting; the app's own replies follow that person's choice in the app. Shared by the
// server's renderers and the browser code, so it holds no Node or DOM types.

/** What the switch shows: the person's own choice in the app, or none ("Slack's"). */
export type PlaygroundLanguage = 'auto' | 'en' | 'ru';

export interface PlaygroundTexts {
  /** The BCP 47 tag numbers are formatted with and the page's lang. */
  tag: string;
  // The page's chrome, by the data-text keys page.ts puts on it.
  chrome: {
    workspace: string;
    actingAs: string;
    language: string;
    languageLabel: string;
    languageAuto: string;
    addUser: string;
    channels: string;
    apps: string;
    workflows: string;
    message: string;
    send: string;
    /** The composer's hint, around `/invite @exp-chatops`. */
    hintBefore: string;
    hintAfter: string;
    recallHint: string;
    thread: string;
    closeThread: string;
    replyPlaceholder: string;
    reply: string;
    addUserTitle: string;
    name: string;
    workspaceAdmin: string;
    cancel: string;
    addAndSwitch: string;
    reconnecting: string;
  };
  linkHint(domains: readonly string[]): string;
  // What the server renders around messages.
  replies(n: number): string;
  openThread(count: string): string;
  lastReply(time: string): string;
  onlyVisibleToYou: string;
  alsoSentToChannel: string;
  repliedToThread: string;
  viewThread: string;
  theChannel: string;
  joined(where: string): string;
  /** Slack's {ago} of a date token, as the reader's client words it: "3 minutes ago". */
  ago(ms: number): string;
  addedBy(where: string, inviter: string): string;
  // Slack's own defaults where the app set none.
  selectItem: string;
  typeToSearch: string;
  moreActions: string;
  areYouSure: string;
  /** After an optional input's label. */
  optional: string;
  yes: string;
  no: string;
  // What the page itself says.
  noMessages: string;
  /** The sidebar's entry for the app's Home tab, and the pane before the app published one. */
  appHome: string;
  homeNotPublished: string;
  notMember: string;
  privateChannel: string;
  unread(n: number): string;
  noResults: string;
  noOptions(breaches: string): string;
  tooLong(length: string, max: string): string;
  commandInThread: string;
  required: string;
  atLeast(min: number): string;
  number: string;
  wholeNumber: string;
  unreachable(detail: string): string;
  refused(status: number): string;
  appFailed(status: number): string;
}

const en: PlaygroundTexts = {
  tag: 'en-US',
  chrome: {
    workspace: 'Workspace',
    actingAs: 'Acting as',
    language: 'Language',
    languageLabel: "The app's language for this person",
    languageAuto: "Slack's",
    addUser: 'Add user',
    channels: 'Channels',
    apps: 'Apps',
    workflows: 'Workflows',
    message: 'Message',
    send: 'Send',
    hintBefore: 'Slash commands go to the app;',
    hintAfter: 'adds it to the channel; anything else is posted as you.',
    recallHint: '↑/↓ recall what you sent.',
    thread: 'Thread',
    closeThread: 'Close the thread',
    replyPlaceholder: 'Reply in the thread',
    reply: 'Reply',
    addUserTitle: 'Add a user',
    name: 'Name',
    workspaceAdmin: 'Workspace admin',
    cancel: 'Cancel',
    addAndSwitch: 'Add and switch',
    reconnecting: '· reconnecting…',
  },
  linkHint: (domains) =>
    domains.length === 0
      ? 'Links are posted only: no unfurl domain is configured.'
      : `Links on ${domains.join(', ')} reach the app, which may unfurl them.`,
  replies: (n) => `${n} ${n === 1 ? 'reply' : 'replies'}`,
  openThread: (count) => `Open the thread: ${count}`,
  lastReply: (time) => `Last reply ${time}`,
  onlyVisibleToYou: 'Only visible to you',
  alsoSentToChannel: 'Also sent to the channel',
  repliedToThread: 'Replied to a thread',
  viewThread: 'View thread',
  theChannel: 'the channel',
  joined: (where) => `joined ${where}.`,
  ago: (ms) => {
    const minutes = Math.round(ms / 60_000);
    if (ms < 45_000) return 'just now';
    if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
    const hours = Math.round(minutes / 60);
    if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
    const days = Math.round(hours / 24);
    return days === 1 ? 'yesterday' : `${days} days ago`;
  },
  addedBy: (where, inviter) => `was added to ${where} by ${inviter}.`,
  selectItem: 'Select an item',
  typeToSearch: 'Type to search',
  moreActions: 'More actions',
  areYouSure: 'Are you sure?',
  optional: '(optional)',
  yes: 'Yes',
  no: 'Cancel',
  noMessages: 'No messages yet. Type /exp help below.',
  appHome: 'exp-chatops · Home',
  homeNotPublished: 'Opening the app’s Home tab…',
  notMember: 'The app is not a member of this channel',
  privateChannel: ' (private)',
  unread: (n) => `${n} unread`,
  noResults: 'No results',
  noOptions: (breaches) => `Slack would show no options: ${breaches}`,
  tooLong: (length, max) =>
    `This message is too long to send: it has ${length} characters, and a message can have at most ${max}. Shorten it, or split it into several messages.`,
  commandInThread: 'Slash commands cannot be used in a thread: type them in the channel.',
  required: 'Please complete this required field.',
  atLeast: (min) => `Please enter at least ${min} characters.`,
  number: 'Please enter a number.',
  wholeNumber: 'Please enter a whole number.',
  unreachable: (detail) => `The playground server cannot be reached: ${detail}`,
  refused: (status) => `The playground refused the request (HTTP ${status}).`,
  appFailed: (status) => `The app answered HTTP ${status}: Slack would show the user an error.`,
};

const ruPlural = (n: number, one: string, few: string, many: string): string => {
  const form = new Intl.PluralRules('ru-RU').select(n);
  return `${n} ${form === 'one' ? one : form === 'few' ? few : many}`;
};

const ru: PlaygroundTexts = {
  tag: 'ru-RU',
  chrome: {
    workspace: 'Пространство',
    actingAs: 'Действую как',
    language: 'Язык',
    languageLabel: 'Язык приложения для этого человека',
    languageAuto: 'Как в Slack',
    addUser: 'Добавить человека',
    channels: 'Каналы',
    apps: 'Приложения',
    workflows: 'Процессы',
    message: 'Сообщение',
    send: 'Отправить',
    hintBefore: 'Команды со слешем уходят приложению;',
    hintAfter: 'добавляет его в канал; остальное публикуется от вашего имени.',
    recallHint: '↑/↓ возвращают отправленное.',
    thread: 'Тред',
    closeThread: 'Закрыть тред',
    replyPlaceholder: 'Ответить в треде',
    reply: 'Ответить',
    addUserTitle: 'Новый человек',
    name: 'Имя',
    workspaceAdmin: 'Администратор пространства',
    cancel: 'Отмена',
    addAndSwitch: 'Добавить и переключиться',
    reconnecting: '· переподключение…',
  },
  linkHint: (domains) =>
    domains.length === 0
      ? 'Ссылки только публикуются: домены для разворачивания не настроены.'
      : `Ссылки на ${domains.join(', ')} доходят до приложения, и оно может их развернуть.`,
  replies: (n) => ruPlural(n, 'ответ', 'ответа', 'ответов'),
  openThread: (count) => `Открыть тред: ${count}`,
  lastReply: (time) => `Последний ответ в ${time}`,
  onlyVisibleToYou: 'Видно только вам',
  alsoSentToChannel: 'Также отправлено в канал',
  repliedToThread: 'Ответ в треде',
  viewThread: 'Открыть тред',
  theChannel: 'канал',
  joined: (where) => `теперь в ${where}.`,
  ago: (ms) => {
    if (ms < 45_000) return 'только что';
    const relative = new Intl.RelativeTimeFormat('ru-RU', { numeric: 'auto' });
    const minutes = Math.round(ms / 60_000);
    if (minutes < 60) return relative.format(-minutes, 'minute');
    const hours = Math.round(minutes / 60);
    return hours < 24 ? relative.format(-hours, 'hour') : relative.format(-Math.round(hours / 24), 'day');
  },
  addedBy: (where, inviter) => `добавлен(а) в ${where}, пригласил(а) ${inviter}.`,
  selectItem: 'Выберите',
  typeToSearch: 'Начните вводить',
  moreActions: 'Ещё действия',
  areYouSure: 'Вы уверены?',
  optional: '(необязательно)',
  yes: 'Да',
  no: 'Отмена',
  noMessages: 'Сообщений пока нет. Наберите /exp help внизу.',
  appHome: 'exp-chatops · Главная',
  homeNotPublished: 'Открываем главную страницу приложения…',
  notMember: 'Приложение не участник этого канала',
  privateChannel: ' (закрытый)',
  unread: (n) => `непрочитанных: ${n}`,
  noResults: 'Ничего не найдено',
  noOptions: (breaches) => `Slack не показал бы вариантов: ${breaches}`,
  tooLong: (length, max) =>
    `Сообщение слишком длинное: в нём ${length} символов, а можно не больше ${max}. Сократите его или разбейте на несколько.`,
  commandInThread: 'Команды со слешем в треде не работают: наберите их в канале.',
  required: 'Заполните это обязательное поле.',
  atLeast: (min) => `Введите не меньше ${min} символов.`,
  number: 'Введите число.',
  wholeNumber: 'Введите целое число.',
  unreachable: (detail) => `Сервер этой страницы недоступен: ${detail}`,
  refused: (status) => `Сервер страницы отклонил запрос (HTTP ${status}).`,
  appFailed: (status) => `Приложение ответило HTTP ${status}: Slack показал бы ошибку.`,
};

/** The texts the page speaks for a person whose switch shows `language` ("Slack's": English). */
export function playgroundTexts(language: PlaygroundLanguage | undefined): PlaygroundTexts {
  return language === 'ru' ? ru : en;
}
