import { DICTIONARY_NAMES, type DictionaryName } from '../types.js';

/** One line each, for `/exp dict` listings and help. */
export const DICTIONARY_DESCRIPTIONS: Record<DictionaryName, string> = {
  types: 'Experiment types (regular, retro, switchback…).',
  domains: 'Product domains an experiment belongs to.',
  participantTypes: 'Participant types: who is split (users, visitors…).',
  layers: 'Layers that keep concurrent experiments from overlapping.',
  holdouts: 'Holdouts: traffic kept out of experiments.',
  'participant-lists': 'Participant lists, allowed and excluded.',
  'context-param-predicates': 'Segment parameters with their operators and where they apply.',
  teams: 'Team organisation structure (owners of experiments).',
  'objective-meta': 'Metrics and slices available for the objective.',
  'preset-names': 'Names of metric presets.',
  tags: 'Tags for labelling experiments.',
};

/** Words people type for a dictionary, beyond its own name and that name without the plural s. */
const ALIASES: Record<DictionaryName, readonly string[]> = {
  types: ['experimenttype', 'experimenttypes'],
  domains: ['productdomain', 'productdomains'],
  participantTypes: ['participants', 'participant'],
  layers: [],
  holdouts: [],
  'participant-lists': ['lists', 'list'],
  'context-param-predicates': [
    'predicates',
    'predicate',
    'contextparams',
    'contextparam',
    'params',
    'param',
    'contextparampredicate',
  ],
  teams: [],
  'objective-meta': ['metrics', 'metric', 'objective', 'objectives', 'slices', 'objectivemetas'],
  'preset-names': ['presets', 'preset', 'metricpresets'],
  tags: [],
};

/** Lower case without separators, so camel, kebab and snake spellings meet. */
export function canonicalToken(input: string): string {
  const lastSegment = input.trim().split('/').filter(Boolean).pop() ?? '';
  return lastSegment.toLowerCase().replace(/[\s_\-.]/g, '');
}

const TOKENS: ReadonlyMap<string, DictionaryName> = (() => {
  const tokens = new Map<string, DictionaryName>();
  for (const name of DICTIONARY_NAMES) {
    const own = canonicalToken(name);
    tokens.set(own, name);
    tokens.set(own.replace(/s$/, ''), name);
    for (const alias of ALIASES[name]) tokens.set(alias, name);
  }
  return tokens;
})();

/**
 * The dictionary a user or a caller means: the exact path suffix, any casing or separator style
 * (`participant_types`, `Participant-Types`), a path ending in the suffix, singular forms and
 * common aliases (`params` → context-param-predicates, `metrics` → objective-meta).
 */
export function resolveDictionaryName(input: string): DictionaryName | undefined {
  const exact = DICTIONARY_NAMES.find((name) => name === input);
  if (exact) return exact;
  const token = canonicalToken(input);
  return token.length > 0 ? TOKENS.get(token) : undefined;
}

/** Longest input a "did you mean" is computed for (the longest name or alias is under 40). */
const SUGGEST_MAX_CHARS = 64;

/**
 * The closest dictionary for a "did you mean" hint: the resolved name when there is one, else the
 * nearest name or alias by edit distance, or undefined when nothing is near enough to be a typo.
 */
export function suggestDictionaryName(input: string): DictionaryName | undefined {
  const resolved = resolveDictionaryName(input);
  if (resolved) return resolved;
  const token = canonicalToken(input);
  // No name is longer than this; a longer input is not a typo of one, and the distance is quadratic.
  if (token.length === 0 || token.length > SUGGEST_MAX_CHARS) return undefined;
  let best: { name: DictionaryName; distance: number } | undefined;
  for (const [candidate, name] of TOKENS) {
    const distance = Math.min(editDistance(token, candidate), prefixDistance(token, candidate));
    if (best === undefined || distance < best.distance) best = { name, distance };
  }
  // A typo changes a few letters; beyond that a suggestion would only confuse.
  const tolerance = token.length <= 4 ? 1 : Math.max(2, Math.floor(token.length / 3));
  return best && best.distance <= tolerance ? best.name : undefined;
}

/** A typed prefix of at least three letters (`partic`, `obj`) counts as one edit. */
function prefixDistance(token: string, candidate: string): number {
  return token.length >= 3 && candidate.startsWith(token) ? 1 : Number.POSITIVE_INFINITY;
}

/** Edit distance counting a swap of two neighbours as one edit (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    const above = rows[i - 1] ?? [];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
}
