import { isLifecycleAction } from '../../core/lifecycle-action.js';
import { approvalMessagesRu } from '../approvals/messages-ru.js';
import { auditMessagesRu } from '../audit/messages-ru.js';
import { md, type SafeText } from '../blocks/escape.js';
import { helpMessagesRu } from '../command/messages-ru.js';
import {
  connectionMessagesRu,
  connectModalMessagesRu,
  tokenHealthMessagesRu,
} from '../connection/messages-ru.js';
import { dictMessagesRu } from '../dictionaries/messages-ru.js';
import { digestMessagesRu } from '../digest/messages-ru.js';
import {
  experimentCardMessagesRu,
  experimentEditMessagesRu,
  experimentListMessagesRu,
} from '../experiment/messages-ru.js';
import { experimentModalMessagesRu, experimentResultMessagesRu } from '../experiment-form/messages-ru.js';
import { homeMessagesRu } from '../home/messages-ru.js';
import { hookMessagesRu } from '../hooks/messages-ru.js';
import { identityMessagesRu } from '../identity/messages-ru.js';
import { labelMessagesRu } from '../labels/messages-ru.js';
import { actionMessagesRu, lifecycleMessagesRu } from '../lifecycle/messages-ru.js';
import { policyMessagesRu } from '../policy/messages-ru.js';
import { requestMessagesRu } from '../requests/messages-ru.js';
import { scheduleMessagesRu } from '../schedule/messages-ru.js';
import { servedWorkspaceMessagesRu } from '../served-workspace/messages-ru.js';
import { splitterMessagesRu } from '../splitter/messages-ru.js';
import { stopModalMessagesRu } from '../stop/messages-ru.js';
import { alertMessagesRu, subscriptionMessagesRu } from '../subscriptions/messages-ru.js';
import { workflowStepMessagesRu } from '../workflow-steps/messages-ru.js';
import { cmd, count, n, word } from './ru-format.js';
import type { ActionContext, Messages } from './types.js';

const { actionNouns } = labelMessagesRu();

// The Russian catalogue, written for people who read it rather than word for word from the English.
// Command words (`/exp start`), filter keys and the platform's enum values stay as typed; their
// labels are Russian. Each feature's texts come from its own folder (<feature>/messages-ru.ts).

const checkFirst = (experimentId: number | undefined): SafeText =>
  experimentId === undefined
    ? md`Проверьте ${cmd('list')} (или платформу), прежде чем повторять.`
    : md`Проверьте ${cmd(`show ${experimentId}`)}, прежде чем повторять.`;

function operation(p: ActionContext): SafeText {
  if (p.action === undefined) return md`запрос`;
  const name = word(actionNouns[p.action]);
  return p.experimentId === undefined ? md`*${name}*` : md`*${name}* эксперимента *${p.experimentId}*`;
}

export const ru: Messages = {
  sandboxNotice: md`:test_tube: Демо: приложение подключено к встроенной *песочнице*, а не к настоящей платформе. Настоящие эксперименты здесь не меняются.`,
  locale: 'ru',
  dict: dictMessagesRu(),
  splitter: splitterMessagesRu(),
  experimentModal: experimentModalMessagesRu(),
  experimentEdit: experimentEditMessagesRu(),
  experiments: experimentResultMessagesRu(),
  subscriptions: subscriptionMessagesRu(),
  digest: digestMessagesRu(),
  tokenHealth: tokenHealthMessagesRu(),
  alerts: alertMessagesRu(),
  experimentCard: experimentCardMessagesRu(),
  experimentList: experimentListMessagesRu(),
  policy: policyMessagesRu(),
  audit: auditMessagesRu(),
  identity: identityMessagesRu(),
  hooks: hookMessagesRu(),
  home: homeMessagesRu(),
  approvals: approvalMessagesRu(),
  schedule: scheduleMessagesRu(),
  requests: requestMessagesRu(),
  workflowSteps: workflowStepMessagesRu(),
  servedWorkspace: servedWorkspaceMessagesRu(),
  actions: actionMessagesRu(),
  labels: labelMessagesRu(),
  help: helpMessagesRu(),
  lifecycle: lifecycleMessagesRu(),
  connection: connectionMessagesRu(),
  errors: {
    notFound: ({ experimentId }) =>
      experimentId === undefined
        ? md`Эксперимент не найден. Ничего не изменилось.`
        : md`Эксперимент ${experimentId} не найден. Ничего не изменилось.`,
    notConnected: md`Рабочее пространство не подключено к платформе экспериментов. Администратор может выполнить ${cmd('connect')}.`,
    invalidToken: md`Токен платформы недействителен, истёк или отозван. Ничего не изменилось. Администратору нужно переподключиться: ${cmd('connect')}.`,
    storeUnavailable: (p = {}) =>
      p.action === undefined
        ? md`Приложение сейчас не может достучаться до своего хранилища, поэтому ничего не сделало: на платформу ничего не отправлено. Попробуйте через минуту; если не пройдёт, сообщите тому, кто запускает приложение.`
        : md`Приложение сейчас не может достучаться до своего хранилища, поэтому действие *${word(actionNouns[p.action])}*${p.experimentId === undefined ? md`` : md` с экспериментом *${p.experimentId}*`} не отправлено на платформу: ничего не изменилось. Попробуйте через минуту; если не пройдёт, сообщите тому, кто запускает приложение.`,
    busy: ({ action, experimentId }) =>
      md`Сейчас в приложении выполняется слишком много действий, поэтому действие *${word(actionNouns[action])}* с экспериментом *${experimentId}* не отправлено: ничего не изменилось. Попробуйте через минуту.`,
    forbidden: md`Платформа отказала в запросе (HTTP 403), не сказав, что токен недействителен: мешать может шлюз, файрвол или одно из их правил. Ничего не изменилось, подключение осталось как было. Попробуйте позже или спросите команду платформы, что отказывает.`,
    insufficientScope: md`У токена платформы нет права на это (HTTP 403). Ничего не изменилось. Администратор может переподключиться токеном с нужным правом: ${cmd('connect')}.`,
    conflict: ({ action, experimentId, status }) => {
      const what = operation({ action, experimentId });
      return status === undefined
        ? md`Платформа отказала: ${what} невозможен(о) в текущем статусе эксперимента. Ничего не изменилось.`
        : md`Платформа отказала: ${what} — текущий статус — ${status}. Ничего не изменилось.`;
    },
    validation: ({ status, quoted }) => {
      const http = status === undefined ? md`` : md` (HTTP ${status})`;
      return quoted
        ? md`Платформа отклонила запрос как неверный${http}. Ничего не изменилось. Её ответ:`
        : md`Платформа отклонила запрос как неверный${http}. Ничего не изменилось.`;
    },
    server: ({ status }) =>
      status === undefined
        ? md`Сбой платформы. Ничего не изменилось.`
        : md`Сбой платформы (HTTP ${status}). Ничего не изменилось.`,
    unexpectedStatus: (p) => {
      const http = p.status === undefined ? md`неожиданным ответом` : md`неожиданным HTTP ${p.status}`;
      return p.action === undefined
        ? md`Платформа ответила ${http}. Ничего не изменилось.`
        : md`Платформа ответила на ${operation(p)} ${http}: применено ли действие, неизвестно. ${checkFirst(p.experimentId)}`;
    },
    unexpectedResponse: (p) =>
      p.action === undefined
        ? md`Ответ платформы не удалось понять (страница шлюза или не та форма, что ожидалась), поэтому ничего не показано и не изменено. Попробуйте через минуту; если не пройдёт, администратор может проверить подключение: ${cmd('token')}.`
        : md`Ответ платформы на ${operation(p)} не удалось понять (страница шлюза или не та форма, что ожидалась): применено ли действие, неизвестно. ${checkFirst(p.experimentId)}`,
    timeout: md`Платформа не ответила вовремя. Ничего не изменилось.`,
    connection: md`Не удалось связаться с платформой экспериментов. Ничего не изменилось. Попробуйте позже; администратор может проверить подключение: ${cmd('token')}.`,
    outcomeUnknown: (p) => {
      const why = {
        timeout: md`Платформа не ответила вовремя`,
        connection: md`Связь с платформой прервалась`,
        server:
          p.status === undefined
            ? md`Платформа сбоила, уже получив запрос`
            : md`Платформа сбоила (HTTP ${p.status}), уже получив запрос`,
        response: md`Ответ платформы не удалось понять`,
      }[p.cause];
      return md`${why}: чем кончился ${operation(p)}, неизвестно — действие могло примениться, а могло и нет. ${checkFirst(p.experimentId)}`;
    },
    invalidRequest: ({ issues }) => md`Запрос отклонён ещё до платформы: ${issues}. Ничего не изменилось.`,
    unexpected: (p) =>
      p.action === undefined
        ? md`Что-то пошло не так при обработке команды. Насколько известно, ничего не изменилось.`
        : md`Что-то пошло не так при выполнении: ${operation(p)}; чем кончилось, неизвестно. ${checkFirst(p.experimentId)}`,
    listenerFailed: md`У приложения возникла внутренняя проблема до того, как оно успело ответить, поэтому оно ничего не сделало. Попробуйте через минуту.`,
    listenerFailedTitle: 'Не выполнено',
  },
  input: {
    missingId: ({ command }) =>
      md`${cmd(`${command} ID`)} нужен номер эксперимента, например ${cmd(`${command} 123`)}.`,
    badId: ({ got }) => md`Номер эксперимента — целое положительное число, а получено \`${got}\`.`,
    badReason: ({ got }) =>
      md`Неизвестная причина остановки \`${got}\`. Используйте \`sequential\`, \`critical\`, \`bug\` или \`other\` (или \`значимое\`, \`критично\`, \`баг\`, \`другое\`), при желании с комментарием, либо ${cmd('stop ID')}, чтобы выбрать в форме.`,
    commentRequired: ({ experimentId }) =>
      md`Для причины «Другое» нужен комментарий, например ${cmd(`stop ${experimentId ?? 'ID'} other Трафик ушёл не туда`)}.`,
    commentTooLong: ({ length, max }) =>
      md`В комментарии ${n(length, 'символ', 'символа', 'символов')}, а в комментарии к остановке их может быть не больше ${count(max)}. Ничего не сделано: сократите его и отправьте команду снова.`,
    unexpectedArgs: ({ command, extra }) =>
      isLifecycleAction(command)
        ? md`${cmd(`${command} ID`)} принимает один номер эксперимента, а за ним время, если сделать это позже (\`через 3 дня\`, \`завтра в 10:00\`, \`в пн 09:00\`); лишнее: \`${extra}\`. Ничего не сделано.`
        : md`${cmd(`${command} ID`)} принимает один номер эксперимента; лишнее: \`${extra}\`. Ничего не сделано.`,
    unknownCommand: ({ word, suggestion }) =>
      suggestion === undefined
        ? md`Неизвестная команда \`${word}\`. ${cmd('help')} покажет список команд.`
        : md`Неизвестная команда \`${word}\`: может быть, ${cmd(suggestion)}? ${cmd('help')} покажет список команд.`,
    seeHelp: md`${cmd('help')} покажет список команд.`,
    tooLong: ({ length, max }) =>
      md`В команде ${length} символов, а ${cmd('…')} принимает не больше ${max}. Ничего не сделано. ${cmd('help')} покажет список команд.`,
    unreadableButton: md`Эту кнопку не удалось прочитать, поэтому на платформу ничего не отправлено. Воспользуйтесь командой, например ${cmd('help')}.`,
  },
  modals: {
    cancel: 'Отмена',
    loadingTitle: 'Загрузка…',
    notDoneTitle: 'Ничего не сделано',
    loadingText: md`Загрузка…`,
    expired: 'Этой формой больше нельзя воспользоваться. Закройте её и выполните команду снова.',
    forged:
      'Эту форму открыло для вас не приложение, или её изменили после. Ничего не сделано, попытка записана. Закройте форму и выполните команду снова.',
    openFailed: ({ error }) =>
      md`Slack не открыл форму (${error}). Ничего не изменилось. Выполните команду снова: форма должна открыться в течение 3 секунд после неё.`,
    stop: stopModalMessagesRu(),
    connect: connectModalMessagesRu(),
  },
};
