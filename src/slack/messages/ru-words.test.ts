import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIFECYCLE_ACTIONS } from '../../core/lifecycle-action.js';
import { SUBCOMMANDS } from '../command/parse-command.js';
import { placeholder } from './placeholder.test-helper.js';
import { ru } from './ru.js';

// Every text of the Russian catalogue, run with generated arguments (the values that pick a
// wording drawn from their domains, the rest as placeholders), must read as Russian: no English
// sentence and no English word inside a Russian one. What is not prose is set aside first: the
// arguments themselves, code (`…`), Slack's <…> mentions and links, :emoji:, typed commands
// (/exp …), identifiers and paths, names in «…» quotes (a Slack screen's or the platform's own
// words), and the proper names and technical terms below.

const PROPER_NAMES = new Set(
  [
    'Slack',
    'API',
    'HTTP',
    'HTTPS',
    'JSON',
    'URL',
    'CI',
    'DFP',
    'CRM',
    'iOS',
    'Android',
    'Desktop',
    'Mobile',
    'Unix',
    'POST',
    'GET',
    'HMAC',
    'SHA',
    'hex',
    'OAuth',
    'Socket',
    'Mode',
    'Switchback',
    'switchback',
    'ad',
    'hoc',
    'ID',
    'id',
    'exp-chatops',
    'Redis',
    'PostgreSQL',
    'UTC',
    'Bolt',
    'A/B',
  ].map((w) => w.toLowerCase()),
);

/**
 * Fields whose value picks the wording, and the values they take, where most texts take them so
 * (a field given as finished text, as `state` is to the Home tab, is not listed).
 */
const ENUM_DOMAINS: Record<string, readonly unknown[]> = {
  action: LIFECYCLE_ACTIONS,
  identity: ['workspace', 'personal'],
  method: ['exposeManyV2', 'getFeaturesByTag'],
  locale: ['ru', 'en'],
  workspace: ['ru', 'en'],
  pending: [true, false],
};

/** Texts whose wording-picking field has a domain of its own: each of its values is said. */
const OWN_DOMAINS: Record<string, [string, readonly string[]]> = {
  'ru.policy.refused': ['refusal', ['external', 'guest', 'nobody', 'admins', 'groups', 'channel']],
  'ru.policy.problems.missing': ['what', ['action', 'who', 'channels', 'on-off', 'required-optional']],
  'ru.audit.approval': ['state', ['requested', 'approved', 'rejected', 'expired']],
  'ru.identity.language.current': ['source', ['person', 'workspace', 'slack', 'default']],
  'ru.schedule.refused': ['reason', ['unreadable', 'past', 'too-far', 'unknown-zone']],
  'ru.digest.happenedLine': ['action', ['start', 'stop', 'archive']],
  'ru.audit.viewForged': ['reason', ['unsigned', 'mismatch', 'expired', 'response-url']],
  'ru.requests.refusal': ['refusal', ['workspace', 'left', 'not-in-channel', 'schedule', 'approver']],
  'ru.approvals.already': ['state', ['approved', 'rejected', 'expired', 'cancelled']],
};

/** Texts given one of those fields as finished text (its caller words it): a placeholder there. */
const GIVEN_AS_TEXT: Record<string, readonly string[]> = {
  'ru.audit.row': ['action', 'identity'],
};

const ARBITRARY_ENUMS = fc.record(
  Object.fromEntries(Object.entries(ENUM_DOMAINS).map(([k, values]) => [k, fc.constantFrom(...values)])),
);

function* texts(value: unknown, path: string): Generator<[string, unknown]> {
  if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value))
      yield* texts((value as Record<string, unknown>)[key], `${path}.${key}`);
    return;
  }
  yield [path, value];
}

/**
 * Not prose: usages and examples are commands as typed (shown in code by the help), keys and the
 * locale tag are identifiers.
 */
const isCode = (path: string) =>
  /^ru\.help\.(commands\.\d+\.(usage|key)|examples\.)/.test(path) || path === 'ru.locale';

const COMMAND = new RegExp(`/exp(?:\\s+(?:${[...SUBCOMMANDS].join('|')}))?\\b`, 'g');

/** The Latin words of a text's prose, once what is not prose is set aside. */
function englishWords(text: string): string[] {
  const prose = text
    .replace(/⟦[^⟧]*⟧/g, ' ')
    .replace(/```[\s\S]*?```|`[^`]*`/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/«[^»]*»|"[^"]*"/g, ' ')
    .replace(COMMAND, ' ')
    .replace(/\S*(?:[/:_=@{}]|[A-Za-z0-9]\.[A-Za-z0-9])\S*/g, ' ');
  const words = prose.match(/[A-Za-z][A-Za-z-]*[A-Za-z]/g) ?? [];
  return [...new Set(words.filter((w) => !PROPER_NAMES.has(w.toLowerCase())))];
}

/** The text, or undefined when it cannot take these values (a field outside its own domain). */
function say(value: unknown, enums: Record<string, unknown>): string | undefined {
  if (typeof value !== 'function') return String(value);
  try {
    return String(
      value(placeholder('p', { enums, numberOf: () => 3 }), placeholder('q', { enums, numberOf: () => 3 })),
    );
  } catch {
    return undefined;
  }
}

describe('the Russian catalogue reads as Russian', () => {
  it('finds English words the way this test reads them', () => {
    expect(englishWords('Эксперимент *⟦p⟧* остановил(а) ⟦q⟧.')).toEqual([]);
    expect(englishWords('Запустите `/exp start 4` или /exp stop 4 в Slack.')).toEqual([]);
    expect(englishWords('Просит выполнить *stop* для эксперимента.')).toEqual(['stop']);
    expect(englishWords('Nothing was done. Ничего не сделано.')).toEqual(['Nothing', 'was', 'done']);
    expect(englishWords('поле «Reason» шага, права read:experiment:read_experiments')).toEqual([]);
  });

  it('has no English word in any text, whatever the wording-picking values', () => {
    const found = new Map<string, Set<string>>();
    fc.assert(
      fc.property(ARBITRARY_ENUMS, (enums) => {
        for (const [path, value] of texts(ru, 'ru')) {
          if (isCode(path)) continue;
          const [field, values] = OWN_DOMAINS[path] ?? ['', [undefined]];
          const given = Object.fromEntries(
            Object.entries(enums).filter(([key]) => !GIVEN_AS_TEXT[path]?.includes(key)),
          );
          for (const own of values) {
            const args = own === undefined ? given : { ...given, [field]: own };
            const said = say(value, args);
            if (said === undefined) continue;
            for (const word of englishWords(said)) found.set(path, (found.get(path) ?? new Set()).add(word));
          }
        }
      }),
      { numRuns: 30 },
    );
    expect([...found].map(([path, words]) => `${path}: ${[...words].join(' ')}`)).toEqual([]);
  });
});
