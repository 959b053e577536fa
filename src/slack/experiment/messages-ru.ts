import type { FactSource, RecordedActionKind } from '../../core/experiments/record.js';
import type { LifecycleAction } from '../../core/lifecycle-action.js';
import { escapeMrkdwn, joinSafe, md, type SafeText } from '../blocks/escape.js';
import { labelMessagesRu } from '../labels/messages-ru.js';
import { cmd, count, n } from '../messages/ru-format.js';
import type { ExperimentCardMessages, ExperimentEditMessages, ExperimentListMessages } from './messages.js';

/** What was done to it: «запустил(а)» — the person's gender is not known, so both endings. */
const DONE: Record<RecordedActionKind, SafeText> = {
  start: md`запустил(а)`,
  stop: md`остановил(а)`,
  archive: md`отправил(а) в архив`,
  unarchive: md`вернул(а) из архива`,
  create: md`создал(а)`,
  edit: md`изменил(а)`,
};

const SOURCE: Record<FactSource, SafeText> = {
  'platform-read': md`по данным платформы`,
  'platform-conflict': md`по данным платформы, когда она отказала в действии`,
  'app-action': md`ожидается после действия через это приложение`,
  'app-form': md`как создан через это приложение`,
  event: md`по событию жизненного цикла`,
};

const list = (items: readonly SafeText[]): SafeText =>
  items.length <= 1
    ? joinSafe(items, md``)
    : joinSafe([joinSafe(items.slice(0, -1), md`, `), items.at(-1) as SafeText], md` или `);

const verbs = (experimentId: number, actions: readonly LifecycleAction[]): SafeText =>
  list(actions.map((a) => cmd(`${a} ${experimentId}`)));

const LABELS = labelMessagesRu();

export function experimentCardMessagesRu(): ExperimentCardMessages {
  return {
    unknownTime: md`в неизвестное время`,
    title: ({ experimentId, name, link }) => {
      const shown = name ?? md`Эксперимент ${experimentId}`;
      const head = link === undefined ? md`*${shown}*` : (`*<${link}|${shown}>*` as SafeText);
      return name === undefined ? head : md`${head} (#${experimentId})`;
    },
    labels: { status: 'Статус', type: 'Тип', team: 'Команда', layer: 'Слой' },
    namedValue: ({ name, value }) => md`${name} (${value})`,
    status: ({ status, source, ago, by }) =>
      by === undefined
        ? md`${status} (${SOURCE[source]}, ${ago})`
        : md`${status} (${SOURCE[source]}: ${by}, ${ago})`,
    statusUnknown: md`неизвестен: платформа ещё не сообщила`,
    action: ({ action, user, ago, reason, comment, viaEvent }) => {
      const base = viaEvent
        ? md`${user} ${DONE[action]} его ${ago} _по событию платформы_`
        : md`${user} ${DONE[action]} его ${ago}`;
      const why = [
        reason === undefined ? undefined : md`причина: ${reason}`,
        comment === undefined ? undefined : md`«${comment}»`,
      ].filter((x): x is SafeText => x !== undefined);
      return why.length === 0 ? base : md`${base} (${joinSafe(why, md`, `)})`;
    },
    lastActionsTitle: md`*Недавние действия:*`,
    next: ({ experimentId, status, actions }) =>
      md`Из статуса ${status} можно ${verbs(experimentId, actions)} (или кнопками).`,
    nothingKnownFrom: ({ status }) =>
      md`Из статуса ${status} не известно ни одного работающего действия, поэтому ничего не предлагается. Если попробуете, решит платформа.`,
    statusUnknownHint: ({ experimentId }) =>
      md`Статус приложению неизвестен, поэтому кнопки не угадываются. Действовать всё равно можно: ${cmd(`start ${experimentId}`)}, ${cmd(`stop ${experimentId}`)}, ${cmd(`archive ${experimentId}`)}; решит платформа.`,
    readRouteMissing: md`Эта платформа не даёт читать эксперименты: показано то, что видело приложение.`,
    readFailed: md`Платформу сейчас не удалось спросить: показано то, что видело приложение.`,
    notFound: ({ experimentId, ago }) =>
      md`Платформа сообщила, что эксперимента *${experimentId}* нет (${ago}). Проверьте номер.`,
    neverSeen: ({ experimentId }) =>
      md`Приложение пока ничего не знает об эксперименте *${experimentId}*, а спросить эту платформу нельзя. Выполните с ним действие (${cmd(`start ${experimentId}`)}, ${cmd(`stop ${experimentId}`)} …), и приложение запомнит, что ответит платформа.`,
    stale: ({ experimentId, status }) =>
      status === undefined
        ? md`Эксперимент *${experimentId}* изменился после публикации этого сообщения, поэтому ничего не отправлено. Вот что приложение знает сейчас.`
        : md`Эксперимент *${experimentId}* теперь в статусе ${status}: кнопка была для прежнего состояния, поэтому ничего не отправлено. Сообщение теперь показывает, что можно сделать.`,
    formNotAllowed: ({ action, experimentId, status, actions }) => {
      const what = action === 'stop' ? md`остановить` : md`изменить`;
      const instead =
        actions.length === 0 ? md`` : md` Из статуса ${status} можно ${verbs(experimentId, actions)}.`;
      return md`Эксперимент *${experimentId}* в статусе ${status}, а в этом статусе его нельзя ${what}. Ничего не открыто и не изменено.${instead}`;
    },
    formNotFound: ({ experimentId, ago }) =>
      md`Платформа сообщила, что эксперимента *${experimentId}* нет (${ago}), поэтому форма не открыта. Проверьте номер; ${cmd('list')} покажет эксперименты, которые видело это пространство.`,
    showButton: 'Показать',
    openInConsole: md`Всё остальное — в консоли.`,
  };
}

export function experimentListMessagesRu(): ExperimentListMessages {
  return {
    header: 'Эксперименты этого пространства',
    summary: ({ shown, total, page, pages, filter }) =>
      filter === undefined
        ? md`${shown} из ${total}, сначала недавние (страница ${page} из ${pages}).`
        : md`${shown} из ${total} по фильтру \`${filter}\`, сначала недавние (страница ${page} из ${pages}).`,
    empty: ({ filter }) =>
      filter === undefined
        ? md`В этом пространстве ещё не встречалось ни одного эксперимента. Приложение узнаёт об эксперименте, когда с ним что-то делают, создают его или показывают: ${cmd('show ID')}.`
        : md`Ни один эксперимент этого пространства не подходит под \`${filter}\`. Фильтр ищет по номеру, названию, команде и статусу.`,
    sandboxExamples: md`Приложение работает на встроенной песочнице вместо платформы, и в ней есть такие эксперименты: откройте любой или попробуйте ${cmd('start ID')} на черновике.`,
    exampleLine: ({ experiment, status }) => md`${experiment} · ${status}`,
    line: ({ experiment, status, ago, team }) => {
      const title = team === undefined ? experiment : md`${experiment} · команда ${team}`;
      return status === undefined
        ? md`${title} · статус неизвестен · виден ${ago}`
        : md`${title} · ${status} · виден ${ago}`;
    },
    refreshNote: ({ refreshed, missing }) =>
      missing
        ? md`Эта платформа не даёт читать эксперименты: статусы — такие, какими их видело приложение.`
        : md`Только что обновлено с платформы: ${n(refreshed, 'статус', 'статуса', 'статусов')}.`,
    previous: '← Назад',
    next: 'Дальше →',
  };
}

/** Fields no widget holds, and the list view that edits a list value by value. */
function keptMessagesRu(): Pick<
  ExperimentEditMessages,
  | 'keptText'
  | 'keptList'
  | 'editList'
  | 'listTitle'
  | 'listIntro'
  | 'listEmpty'
  | 'listValueNotOffered'
  | 'listNewLabel'
  | 'listAdd'
  | 'listAdded'
  | 'listAddRefused'
> {
  return {
    keptText: ({ label, length, max }) =>
      md`*${escapeMrkdwn(label)}*: ${n(length, 'символ', 'символа', 'символов')}, остаётся как есть. Поле ввода здесь вмещает не больше ${count(max)}, поэтому форма его не меняет.`,
    keptList: ({ label, count: total, notOffered, max }) => {
      const why =
        notOffered > 0
          ? md`${n(notOffered, 'значение', 'значения', 'значений')} из них справочник больше не предлагает`
          : md`больше, чем вмещает меню здесь, — ${count(max)}`;
      return md`*${escapeMrkdwn(label)}*: ${n(total, 'значение', 'значения', 'значений')}, остаются как есть (${why}). Чтобы убрать или добавить значение, измените список; остальные останутся.`;
    },
    editList: 'Изменить список',
    listTitle: 'Изменить список',
    listIntro: ({ label, count: total, from, to }) =>
      total === 0
        ? md`*${escapeMrkdwn(label)}*: значений нет.`
        : md`*${escapeMrkdwn(label)}*: значения ${count(from)}–${count(to)} из ${count(total)}. Удаление и добавление меняют только эту форму, пока вы её не сохраните.`,
    listEmpty: md`Значений пока нет: добавьте ниже.`,
    listValueNotOffered: ({ value }) =>
      md`${value} (справочник больше не предлагает; остаётся, пока его не уберут)`,
    listNewLabel: 'Добавить значение',
    listAdd: 'Добавить',
    listAdded: ({ value }) => md`Добавлено: ${value}`,
    listAddRefused: {
      none: md`Сначала выберите значение.`,
      present: md`Это значение уже в списке.`,
    },
  };
}

export function experimentEditMessagesRu(): ExperimentEditMessages {
  return {
    lockedField: ({ label }) =>
      md`*${escapeMrkdwn(label)}*: остаётся как есть. Приложение не смогло его прочитать, поэтому форма его не меняет.`,
    ...keptMessagesRu(),
    adhocKept: ({ label }) =>
      md`*${escapeMrkdwn(label)}*: ${escapeMrkdwn(LABELS.types.adhoc)}, остаётся. Этот тип устарел: новым экспериментам он недоступен, этот его сохраняет.`,
    audienceSummary: ({ count, archived }) => {
      const old =
        archived === 0 ? md`` : md` (из них по архивным параметрам — ${archived}, остаются как есть)`;
      return md`*Аудитория*: ${n(count, 'фильтр', 'фильтра', 'фильтров')}${old}.`;
    },
    audienceLocked: md`*Аудитория*: остаётся как есть. Не все фильтры удалось прочитать, поэтому форма их не меняет.`,
    editAudience: 'Изменить аудиторию',
    audienceTitle: 'Аудитория',
    audienceDone: 'Готово',
    audienceBack: 'Назад',
    audienceIntro: ({ count, from, to }) =>
      count === 0
        ? md`Фильтров пока нет.`
        : md`Фильтры ${from}–${to} из ${count}. Удаление или добавление меняет только эту форму, пока вы её не сохраните.`,
    audienceEmpty: md`Фильтров пока нет: добавьте ниже.`,
    filterLine: ({ param, predicate, values, archived }) =>
      archived
        ? md`*${param}* ${predicate} ${values} _(архивный параметр: фильтр работает, новых не добавить)_`
        : md`*${param}* ${predicate} ${values}`,
    remove: 'Убрать',
    previousPage: 'Назад',
    nextPage: 'Дальше',
    newFilterTitle: md`*Добавить фильтр* (только активные параметры)`,
    newParamLabel: 'Параметр',
    newPredicateLabel: 'Оператор',
    newValuesLabel: 'Значения',
    newValuesHint:
      'Несколько значений разделяйте запятыми или переводами строки. Числа и true/false сохраняют свой тип.',
    add: 'Добавить фильтр',
    addRefused: {
      param: md`:warning: Выберите активный параметр для нового фильтра.`,
      predicate: md`:warning: Выберите оператор, применимый к этому параметру.`,
      values: md`:warning: Введите хотя бы одно значение нового фильтра.`,
    },
    added: ({ filter }) => md`Добавлено: ${filter}`,
    audienceExpired: md`Эта форма устарела. Закройте её и выполните команду снова: ничего не изменилось.`,
    confirmTitle: 'Сохранить изменения?',
    confirmSubmit: 'Сохранить',
    confirmIntro: ({ experimentId }) =>
      md`Сохранение отправит эксперименту *${experimentId}* только это; всё остальное останется как есть:`,
    fieldChange: ({ label, before, after }) => md`• *${escapeMrkdwn(label)}*: ${before} → ${after}`,
    listChange: ({ label, removed, added, count: total }) => {
      const parts = [removed && md`убрано: ${removed}`, added && md`добавлено: ${added}`].filter(
        (p) => p !== undefined,
      );
      return md`• *${escapeMrkdwn(label)}*: ${joinSafe(parts, md`; `)} (всего ${count(total)})`;
    },
    filterAdded: ({ filter }) => md`• добавлен: ${filter}`,
    filterRemoved: ({ filter }) => md`• удалён: ${filter}`,
    filterChanged: ({ before, after }) => md`• изменён: ${before} → ${after}`,
    audienceHeading: md`*Аудитория*`,
    noValue: md`_(нет)_`,
    noChangesTitle: 'Без изменений',
    noChanges: ({ experimentId }) =>
      md`Изменений нет: у эксперимента *${experimentId}* уже эти значения. Ничего не сохранено.`,
    conflictTitle: 'Изменён в это время',
    conflict: ({ experimentId, basis }) =>
      basis === 'platform'
        ? md`Эксперимент *${experimentId}* изменили на платформе, пока форма была открыта, поэтому ничего не сохранено. Сейчас он такой:`
        : md`Эксперимент *${experimentId}* изменился, пока форма была открыта, поэтому ничего не сохранено. Эту платформу прочитать нельзя — вот что приложение знает о нём сейчас:`,
    conflictNone: md`Выполните ${cmd('edit')} снова, чтобы начать с текущего состояния.`,
    conflictAction: ({ who, action, at }) => md`• ${who} ${DONE[action]} (${at})`,
    updated: ({ user, experiment, changes }) => md`${user} изменил(а) эксперимент ${experiment}:\n${changes}`,
    saveFailedTitle: 'Не сохранено',
  };
}
