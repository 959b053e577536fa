import { describe, expect, it } from 'vitest';
import { DICTIONARY_NAMES } from '../types.js';
import {
  DICTIONARY_DESCRIPTIONS,
  editDistance,
  resolveDictionaryName,
  suggestDictionaryName,
} from './names.js';

describe('resolveDictionaryName', () => {
  it.each(DICTIONARY_NAMES)('resolves the exact path suffix %s and its upper-case form', (name) => {
    expect(resolveDictionaryName(name)).toBe(name);
    expect(resolveDictionaryName(name.toUpperCase())).toBe(name);
  });

  it.each([
    ['participantTypes', 'participantTypes'],
    ['participant-types', 'participantTypes'],
    ['participant_types', 'participantTypes'],
    ['ParticipantTypes', 'participantTypes'],
    ['participantLists', 'participant-lists'],
    ['participant_lists', 'participant-lists'],
    ['contextParamPredicates', 'context-param-predicates'],
    ['objective_meta', 'objective-meta'],
    ['presetNames', 'preset-names'],
    ['  layers  ', 'layers'],
    ['/experiments/v1/dictionaries/holdouts', 'holdouts'],
    ['dictionaries/preset-names', 'preset-names'],
  ] as const)('resolves the spelling %s to %s', (input, name) => {
    expect(resolveDictionaryName(input)).toBe(name);
  });

  it.each([
    ['type', 'types'],
    ['domain', 'domains'],
    ['participants', 'participantTypes'],
    ['participant-type', 'participantTypes'],
    ['layer', 'layers'],
    ['holdout', 'holdouts'],
    ['lists', 'participant-lists'],
    ['participant-list', 'participant-lists'],
    ['predicates', 'context-param-predicates'],
    ['context-params', 'context-param-predicates'],
    ['params', 'context-param-predicates'],
    ['team', 'teams'],
    ['metrics', 'objective-meta'],
    ['objective', 'objective-meta'],
    ['objectives', 'objective-meta'],
    ['presets', 'preset-names'],
    ['preset', 'preset-names'],
    ['tag', 'tags'],
  ] as const)('resolves the alias %s to %s', (input, name) => {
    expect(resolveDictionaryName(input)).toBe(name);
  });

  it.each(['', '   ', 'experiments', 'layres', 'feature', '/'])('does not resolve %j', (input) => {
    expect(resolveDictionaryName(input)).toBeUndefined();
  });
});

describe('suggestDictionaryName', () => {
  it.each([
    ['layres', 'layers'],
    ['tgas', 'tags'],
    ['hodlouts', 'holdouts'],
    ['participnt-lists', 'participant-lists'],
    ['objectiv-meta', 'objective-meta'],
    ['domian', 'domains'],
    ['presetnmes', 'preset-names'],
    ['predicats', 'context-param-predicates'],
    ['obj', 'objective-meta'],
    ['teams', 'teams'],
  ] as const)('suggests %s → %s', (input, name) => {
    expect(suggestDictionaryName(input)).toBe(name);
  });

  it.each(['', 'zzzzzzzz', 'xyzzy', 'ab', 'start'])('suggests nothing for %j', (input) => {
    expect(suggestDictionaryName(input)).toBeUndefined();
  });
});

describe('names helpers', () => {
  it('describes every dictionary in one non-empty line', () => {
    expect(Object.keys(DICTIONARY_DESCRIPTIONS).sort()).toEqual([...DICTIONARY_NAMES].sort());
    for (const text of Object.values(DICTIONARY_DESCRIPTIONS)) {
      expect(text.trim().length).toBeGreaterThan(0);
      expect(text).not.toContain('\n');
    }
  });

  it('computes the edit distance, a neighbour swap counting once', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
    expect(editDistance('tgas', 'tags')).toBe(1);
  });
});
