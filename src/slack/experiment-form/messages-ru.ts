import { md } from '../blocks/escape.js';
import { cmd } from '../messages/ru-format.js';
import type { ExperimentModalMessages, ExperimentResultMessages } from './messages.js';

export function experimentResultMessagesRu(): ExperimentResultMessages {
  return {
    created: ({ user, experimentId, experiment }) =>
      experimentId === undefined
        ? md`${user} создал(а) эксперимент ${experiment}. Платформа не вернула его номер: найдите его, прежде чем запускать.`
        : md`${user} создал(а) эксперимент ${experiment}. Запустите его командой ${cmd(`start ${experimentId}`)} или кнопкой ниже.`,
    updated: ({ user, experiment, fields }) => md`${user} изменил(а) эксперимент ${experiment}: ${fields}.`,
    nothingChanged: ({ experimentId }) =>
      md`Сохранять нечего: у эксперимента *${experimentId}* уже эти значения.`,
    stillWorkingTitle: 'Сохраняем…',
    stillWorking: md`Платформа отвечает дольше, чем Slack ждёт форму. Окно можно закрыть: результат появится в канале.`,
    prefilledFromRecord: ({ experimentId }) =>
      md`Эта платформа не даёт прочитать эксперимент *${experimentId}*: форма начинается с того, что видело приложение (название и тип). Отправляются только поля, которые вы измените или заполните.`,
    unreadable: ({ experimentId }) =>
      md`Эксперимент *${experimentId}* не удалось прочитать, поэтому форма пустая: отправятся только поля, которые вы заполните.`,
    platformRefused: ({ detail }) => `Платформа отказала: ${detail}`.slice(0, 2000),
    loadFailedTitle: 'Форму не открыть',
    loadingOption: 'Список ещё загружается… наберите снова чуть позже',
    unavailableOption: 'Хранилище приложения недоступно: выбора пока нет. Попробуйте позже',
  };
}

/** What each field of the form is called. */
const FIELD_LABELS: ExperimentModalMessages['labels'] = {
  name: 'Название',
  label: 'Метка',
  description: 'Описание',
  type: 'Тип эксперимента',
  retroType: 'Ретроанализ на основе',
  parentExperimentId: 'Номер родительского эксперимента',
  switchbackStrategy: 'Стратегия Switchback',
  markupScopeType: 'Разметка',
  segments: 'Фильтры аудитории (параметры контекста)',
  exposure: 'Экспозиция',
  propagateExposureDays: 'Экспозиция распространяется (дней)',
  statisticalMethod: 'Статистический метод',
  team: 'Команда',
  participantType: 'Тип участников',
  layer: 'Слой',
  holdout: 'Холдаут',
  domain: 'Домен',
  metrics: 'Метрики',
  presetName: 'Пресет метрик',
  tags: 'Теги',
  allowedParticipantLists: 'Разрешённые списки участников',
  excludedParticipantLists: 'Исключённые списки участников',
};

/** The line under a field that needs one. */
const FIELD_HINTS: ExperimentModalMessages['hints'] = {
  label: 'Как эксперимент называют клиенты и сплиттер. Если оставить пустым, выберет платформа.',
  parentExperimentId: 'Номер A/B-эксперимента, на котором основан этот ретроанализ.',
  segments:
    'Предлагаются только активные параметры и архивные, по которым этот эксперимент уже фильтрует. Для каждого затем нужны оператор и значения.',
  domain: 'Смена домена меняет доступные слои и фильтры аудитории.',
  metrics: 'Начните печатать для поиска.',
};

/** What a field shows when its value cannot be sent, by the validation's code. */
const FIELD_ERRORS: ExperimentModalMessages['errors'] = {
  required: 'Обязательное поле.',
  invalid: 'Это значение использовать нельзя.',
  obsolete_type: 'Эксперименты ad hoc устарели: выберите другой тип.',
  not_offered: 'Здесь такое значение не предлагается: выберите одно из предложенных.',
  positive_integer: 'Введите целое число больше 0.',
  segments_required: 'При разметке по событию выберите хотя бы один фильтр аудитории.',
  segment_incomplete: 'Каждому фильтру нужны оператор и хотя бы одно значение.',
  lists_overlap: 'Список не может быть одновременно разрешённым и исключённым.',
};

export function experimentModalMessagesRu(): ExperimentModalMessages {
  return {
    createTitle: 'Новый эксперимент',
    // "Эксперимент " leaves 12 characters of the 24 for the id; longer ids get the short form.
    editTitle: ({ experimentId }) =>
      String(experimentId).length <= 12 ? `Эксперимент ${experimentId}` : `Правка #${experimentId}`,
    createSubmit: 'Создать',
    editSubmit: 'Сохранить',
    createIntro: md`Каждое поле выбора предлагает только значения из справочников платформы. Поля появляются, когда их требует ваш выбор.`,
    editIntro: ({ experimentId }) =>
      md`Правка эксперимента *${experimentId}*. На платформу уходят только изменённые поля.`,
    labels: FIELD_LABELS,
    hints: FIELD_HINTS,
    selectPlaceholder: 'Выберите',
    searchPlaceholder: 'Начните печатать для поиска',
    segmentPredicateLabel: ({ param }) => `${param}: оператор`,
    segmentValuesLabel: ({ param }) => `${param}: значения`,
    segmentValuesHint: 'Несколько значений разделяйте запятыми или переводами строки.',
    ungrouped: 'Другое',
    dictionaryEmpty: 'Платформа не вернула значений для этого поля.',
    notOffered: ({ values }) => `Текущее значение больше не предлагается: ${values}. Выберите снова.`,
    notOfferedKept: ({ values }) =>
      `Сейчас: ${values}, здесь больше не предлагается. Остаётся как есть, если не выбрать другое.`,
    errors: FIELD_ERRORS,
  };
}
