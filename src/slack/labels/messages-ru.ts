import type { LabelMessages } from './messages.js';

// Option texts too: each at most 75 characters (Slack's limit for an option).

const LABELS_RU: LabelMessages = {
  statuses: {
    draft: 'Черновик',
    running: 'Запущен',
    stopped: 'Остановлен',
    archived: 'В архиве',
    paused: 'На паузе',
  },
  types: {
    regular: 'Обычный A/B-эксперимент',
    retro: 'Ретроанализ по историческим данным',
    switchback: 'Switchback (группы чередуются во времени)',
    dfp: 'DFP (внешняя реклама)',
    dfp_filler: 'DFP-заполнитель (служебный)',
    holdout_analyzer: 'Анализ холдаута',
    crm: 'CRM-коммуникации',
    adhoc: 'Ad hoc (устаревший)',
  },
  markupScopeTypes: {
    incoming_traffic: 'Весь входящий трафик',
    event: 'По событию (фильтры аудитории)',
    segment: 'По спискам участников (сегмент)',
  },
  exposures: { all: 'Вся (без ограничения по дням)', days: 'На число дней' },
  statisticalMethods: { frequentist: 'Частотный', bayesian: 'Байесовский' },
  retroTypes: {
    parent_experiment: 'Существующий A/B-эксперимент',
    lists: 'Списки участников',
    participant_source: 'Источник участников',
  },
  switchbackStrategies: { DETERMINISTIC_RANDOM: 'Детерминированно случайная' },
  interruptReasons: {
    sequential_testing_significant_change: 'Значимое изменение (последовательное тестирование)',
    critical_metric_impact: 'Критичное влияние на метрики',
    bug: 'Баг',
    other: 'Другое',
  },
  actionNouns: {
    start: 'запуск',
    stop: 'остановка',
    archive: 'архивирование',
    unarchive: 'возврат из архива',
    create: 'создание',
    edit: 'изменение',
    expose: 'регистрация экспозиции',
    subscribe: 'подписка',
  },
  actionVerbs: {
    start: 'запустить',
    stop: 'остановить',
    archive: 'отправить в архив',
    unarchive: 'вернуть из архива',
    create: 'создать',
    edit: 'изменить',
    expose: 'зарегистрировать экспозицию',
    subscribe: 'подписать канал',
  },
  outcomes: {
    done: 'выполнено',
    conflict: 'платформа отказала (конфликт)',
    failed: 'не выполнено',
    'outcome-unknown': 'результат неизвестен',
    crashed: 'прервано ошибкой',
    busy: 'слишком много одновременно',
    requested: 'запрошено одобрение',
    scheduled: 'запланировано',
    approved: 'одобрено',
    rejected: 'отклонено',
    expired: 'истекло',
    missed: 'пропущено',
    cancelled: 'отменено',
    interrupted: 'прервано',
    accepted: 'принято',
    duplicate: 'уже сделано',
    removed: 'удалено',
  },
  alertEvents: {
    start: 'запуск',
    stop: 'остановка',
    archive: 'архивирование',
    unarchive: 'возврат из архива',
    create: 'создание',
    edit: 'изменение',
    status: 'смена статуса',
  },
  paramStatuses: { draft: 'Черновик', active: 'Активен', archived: 'В архиве', deleted: 'Удалён' },
};

/** The catalogue's labels (data: one object, never changed). */
export function labelMessagesRu(): LabelMessages {
  return LABELS_RU;
}
