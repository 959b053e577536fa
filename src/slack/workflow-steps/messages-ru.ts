import { labelMessagesRu } from '../labels/messages-ru.js';
import { formatNumber, plural } from '../locale/format.js';
import type { WorkflowStepMessages } from './messages.js';

const { actionVerbs } = labelMessagesRu();

export function workflowStepMessagesRu(): WorkflowStepMessages {
  return {
    missingId: 'Не указан номер эксперимента: дайте шагу число, например 123.',
    badId: ({ got }) => `«${got}» — не номер эксперимента: нужно целое положительное число, например 123.`,
    badReason: ({ got }) =>
      `Неизвестная причина остановки «${got}». Используйте «sequential_testing_significant_change», «critical_metric_impact», «bug» или «other».`,
    reasonRequired:
      'В этом рабочем пространстве причина остановки обязательна: заполните поле «Reason» шага.',
    commentRequiredForOther: 'Для причины «Другое» нужен комментарий.',
    commentTooLong: ({ length, max }) =>
      `В комментарии ${plural('ru', length, { one: 'символ', few: 'символа', many: 'символов', other: 'символа' })}, а в комментарии к остановке их может быть не больше ${formatNumber('ru', max)}. Ничего не сделано.`,
    missingChannel: 'Шагу нужен канал: туда публикуются результаты и запросы на одобрение.',
    badChannel: ({ got }) => `«${got}» — не id канала.`,
    noPerson:
      'Этот процесс никто не запускал: шаг действует от имени запустившего человека, поэтому перед ним нужен шаг или триггер, запущенный человеком.',
    otherOrganisation:
      'Процесс идёт в рабочем пространстве или организации, где приложение не установлено: ничего не сделано.',
    workspaceUnknown:
      'Slack не подтвердил, какое рабочее пространство обслуживает приложение: ничего не сделано. Попробуйте снова.',
    unknownPerson: 'Slack не успел сказать, кто запустил процесс: ничего не сделано. Попробуйте снова.',
    guest: 'Гости не могут запускать шаги с экспериментами: ничего не сделано.',
    external: 'Люди из другой организации не могут запускать шаги с экспериментами: ничего не сделано.',
    notConnected:
      'Рабочее пространство ещё не подключено к платформе экспериментов: попросите администратора выполнить /exp connect.',
    connectionInvalid:
      'Платформа отвергла токен рабочего пространства: администратору нужно переподключиться через /exp connect.',
    storeUnavailable: 'Хранилище приложения сейчас недоступно: ничего не сделано. Попробуйте через минуту.',
    notFound: ({ experimentId }) => `Эксперимента ${experimentId} на платформе нет.`,
    neverSeen: ({ experimentId }) =>
      `Приложение пока ничего не знает об эксперименте ${experimentId}, а спросить платформу нельзя.`,
    readFailed: ({ experimentId }) =>
      `Платформа не ответила вовремя об эксперименте ${experimentId}. Попробуйте снова.`,
    notDone: ({ action, experimentId, why }) =>
      `Не удалось ${actionVerbs[action]} эксперимент ${experimentId}: ${why}`,
    approvalNotPosted:
      'Нужно одобрение второго человека, но приложение не смогло опубликовать запрос в канале шага: пригласите приложение туда и запустите процесс снова.',
    crashed: 'В приложении что-то сломалось во время этого шага; подробности в его логах.',
  };
}
