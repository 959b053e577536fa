import { DICTIONARY_DESCRIPTIONS } from '../../console/dictionaries/names.js';
import { joinSafe, md } from '../blocks/escape.js';
import { cmd, count, word } from '../messages/en-format.js';
import type { DictMessages } from './messages.js';

export function dictMessagesEn(): DictMessages {
  return {
    descriptions: DICTIONARY_DESCRIPTIONS,
    listHeader: 'Dictionaries',
    listIntro: md`The values experiments may use, read from the platform and cached. Open one with ${cmd('dict NAME [filter]')}.`,
    listLine: ({ name, description }) => md`• \`${word(name)}\`: ${description} ${cmd(`dict ${name}`)}`,
    listExamples: md`Filter by label or value: ${cmd('dict teams search')}. To reload a dictionary from the platform, add \`--refresh\`: ${cmd('dict layers --refresh')}.`,
    listFallback: ({ names }) => md`Dictionaries: ${names}. Open one with ${cmd('dict NAME')}.`,
    unknownName: ({ input, suggestion }) =>
      suggestion === undefined
        ? md`There is no dictionary \`${input}\`. ${cmd('dict')} lists them all.`
        : md`There is no dictionary \`${input}\`. Did you mean ${cmd(`dict ${suggestion}`)}? ${cmd('dict')} lists them all.`,
    pageHeader: ({ name }) => `Dictionary: ${name}`,
    showing: ({ from, to, total, filter, page, pages }) => {
      const matching = filter === undefined ? md`` : md` matching \`${filter}\``;
      return md`Showing ${count(from)}–${count(to)} of ${count(total)}${matching} (page ${count(page)} of ${count(pages)}).`;
    },
    empty: ({ name, filter }) =>
      filter === undefined
        ? md`${word(name)} is empty: the platform returned no entries.`
        : md`No entries match \`${filter}\` in ${word(name)}.`,
    cachedAt: ({ date }) => md`Cached at ${date}.`,
    refreshHint: ({ name, args }) =>
      md`To reload from the platform: \`/exp dict ${word(name)}${args === undefined ? md`` : md` ${args}`} --refresh\``,
    scopeNote: ({ experimentId, domainId }) => {
      const parts = [
        experimentId === undefined ? undefined : md`experiment ${experimentId}`,
        domainId === undefined ? undefined : md`domain ${domainId}`,
      ].filter((part) => part !== undefined);
      return md`Read for ${joinSafe(parts, md`, `)}.`;
    },
    warnings: ({ count: n, detail }) =>
      md`:warning: ${count(n)} part${n === 1 ? md`` : md`s`} of the platform's answer could not be read exactly: ${detail}`,
    groupHeading: ({ group }) => md`*${group}*`,
    ungroupedHeading: md`*Without a group*`,
    participantListHeadings: { allowed: md`*Allowed lists*`, excluded: md`*Excluded lists*` },
    inGroup: ({ group }) => md`in ${group}`,
    paramStatus: {
      draft: md`cannot be used in segment filters`,
      active: md`available for filtering`,
      archived: md`cannot be used in new filters; existing filters keep working`,
      deleted: md`unavailable in new and existing filters`,
    },
    paramStatusUnknown: md`status not documented`,
    operatorsTitle: md`*Operators*`,
    applicabilityTitle: md`*Where operators apply*`,
    shapeNote: md`(as the platform sent them)`,
    notProvided: md`not provided`,
    previous: '‹ Previous',
    next: 'Next ›',
  };
}
