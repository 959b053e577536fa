import type { DictionaryName } from '../../console/types.js';
import { joinSafe, md } from '../blocks/escape.js';
import { cmd, count, n, word } from '../messages/ru-format.js';
import type { DictMessages } from './messages.js';

const DESCRIPTIONS_RU: Record<DictionaryName, string> = {
  types: 'Типы экспериментов: A/B, ретро, Switchback…',
  domains: 'Продуктовые домены, к которым относится эксперимент.',
  participantTypes: 'Типы участников: кого делят (пользователи, посетители…).',
  layers: 'Слои, не дающие одновременным экспериментам пересекаться.',
  holdouts: 'Холдауты: трафик, не участвующий в экспериментах.',
  'participant-lists': 'Списки участников: разрешённые и исключённые.',
  'context-param-predicates': 'Параметры сегментов с их операторами и областью применения.',
  teams: 'Структура команд (владельцы экспериментов).',
  'objective-meta': 'Метрики и срезы, доступные для цели эксперимента.',
  'preset-names': 'Названия пресетов метрик.',
  tags: 'Теги для разметки экспериментов.',
};

export function dictMessagesRu(): DictMessages {
  return {
    descriptions: DESCRIPTIONS_RU,
    listHeader: 'Справочники',
    listIntro: md`Значения, которые могут использовать эксперименты: читаются с платформы и кешируются. Откройте справочник командой ${cmd('dict ИМЯ [фильтр]')}.`,
    listLine: ({ name, description }) => md`• \`${word(name)}\`: ${description} ${cmd(`dict ${name}`)}`,
    listExamples: md`Фильтр по названию или значению: ${cmd('dict teams search')}. Чтобы перечитать справочник с платформы, добавьте \`--refresh\`: ${cmd('dict layers --refresh')}.`,
    listFallback: ({ names }) => md`Справочники: ${names}. Откройте один командой ${cmd('dict ИМЯ')}.`,
    unknownName: ({ input, suggestion }) =>
      suggestion === undefined
        ? md`Справочника \`${input}\` нет. ${cmd('dict')} перечислит все.`
        : md`Справочника \`${input}\` нет. Может быть, ${cmd(`dict ${suggestion}`)}? ${cmd('dict')} перечислит все.`,
    pageHeader: ({ name }) => `Справочник: ${name}`,
    showing: ({ from, to, total, filter, page, pages }) => {
      const matching = filter === undefined ? md`` : md` по фильтру \`${filter}\``;
      return md`Показаны ${count(from)}–${count(to)} из ${count(total)}${matching} (страница ${count(page)} из ${count(pages)}).`;
    },
    empty: ({ name, filter }) =>
      filter === undefined
        ? md`${word(name)} пуст: платформа не вернула ни одной записи.`
        : md`В ${word(name)} нет записей по фильтру \`${filter}\`.`,
    cachedAt: ({ date }) => md`Закешировано ${date}.`,
    refreshHint: ({ name, args }) =>
      md`Перечитать с платформы: \`/exp dict ${word(name)}${args === undefined ? md`` : md` ${args}`} --refresh\``,
    scopeNote: ({ experimentId, domainId }) => {
      const parts = [
        experimentId === undefined ? undefined : md`эксперимента ${experimentId}`,
        domainId === undefined ? undefined : md`домена ${domainId}`,
      ].filter((part) => part !== undefined);
      return md`Прочитано для ${joinSafe(parts, md`, `)}.`;
    },
    warnings: ({ count: c, detail }) =>
      md`:warning: ${n(c, 'часть', 'части', 'частей')} ответа платформы не удалось прочитать точно: ${detail}`,
    groupHeading: ({ group }) => md`*${group}*`,
    ungroupedHeading: md`*Без группы*`,
    participantListHeadings: { allowed: md`*Разрешённые списки*`, excluded: md`*Исключённые списки*` },
    inGroup: ({ group }) => md`в ${group}`,
    paramStatus: {
      draft: md`нельзя использовать в фильтрах сегментов`,
      active: md`доступен для фильтров`,
      archived: md`нельзя использовать в новых фильтрах; существующие продолжают работать`,
      deleted: md`недоступен ни в новых, ни в существующих фильтрах`,
    },
    paramStatusUnknown: md`статус не описан`,
    operatorsTitle: md`*Операторы*`,
    applicabilityTitle: md`*Где применяются операторы*`,
    shapeNote: md`(как их прислала платформа)`,
    notProvided: md`не указано`,
    previous: '‹ Назад',
    next: 'Дальше ›',
  };
}
