import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ConsoleExposureType,
  ExperimentMarkupScopeType,
  ExperimentType,
  RetroType,
  StatisticsMethod,
  SwitchbackStrategy,
} from '../../core/experiment-schemas.js';
import { DEFAULT_TRANSITIONS } from '../../core/experiments/transitions.js';
import { POLICY_ACTIONS } from '../../core/policy/policy.js';
import { INTERRUPT_REASONS } from '../../core/stop-reason.js';
import { LIMITS } from '../blocks/limits.js';
import { en, ru } from '../messages/index.js';
import { experimentRef, labelAndValue, labelOf, labelText, statusText } from './label.js';
import { KNOWN_STATUSES, type LabelMessages } from './messages.js';

/** Every table of the catalogue with the values it must name: the enums themselves. */
const TABLES: readonly [keyof LabelMessages, readonly string[]][] = [
  ['statuses', KNOWN_STATUSES],
  ['types', ExperimentType.options],
  ['markupScopeTypes', ExperimentMarkupScopeType.options],
  ['exposures', ConsoleExposureType.options],
  ['statisticalMethods', StatisticsMethod.options],
  ['retroTypes', RetroType.options],
  ['switchbackStrategies', SwitchbackStrategy.options],
  ['interruptReasons', INTERRUPT_REASONS],
  ['actionNouns', POLICY_ACTIONS],
  ['actionVerbs', POLICY_ACTIONS],
];

/** Names an object inherits, which a plain `table[value]` would find. */
const HOSTILE = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

describe('the label catalogue', () => {
  it.each(TABLES)('names every value of %s in both languages, and nothing else', (table, values) => {
    for (const labels of [en.labels, ru.labels]) {
      expect(Object.keys(labels[table]).sort()).toEqual([...values].sort());
      for (const value of values) expect(labelOf(labels[table], value)?.trim(), value).toBeTruthy();
    }
  });

  it('names every status of the transition table, from and to', () => {
    const statuses = Object.entries(DEFAULT_TRANSITIONS).flatMap(([from, row]) => [
      from,
      ...Object.values(row),
    ]);
    for (const status of statuses) expect(labelOf(ru.labels.statuses, status), status).toBeDefined();
  });

  it('says every value in Russian words, never as the platform spells it', () => {
    for (const [table, values] of TABLES)
      for (const value of values) expect(labelOf(ru.labels[table], value), value).not.toContain(value);
  });

  it('keeps the labels forms offer within an option text', () => {
    const options: (keyof LabelMessages)[] = [
      'types',
      'markupScopeTypes',
      'exposures',
      'statisticalMethods',
      'retroTypes',
      'switchbackStrategies',
      'interruptReasons',
    ];
    for (const labels of [en.labels, ru.labels])
      for (const table of options)
        for (const label of Object.values(labels[table]))
          expect(label.length, label).toBeLessThanOrEqual(LIMITS.optionText);
  });

  it('shows a known value by its label, escaped for mrkdwn', () => {
    expect(statusText(en.labels, 'running')).toBe('Running');
    expect(statusText(ru.labels, 'running')).toBe('Запущен');
    expect(labelText(ru.labels.types, 'regular')).toBe('Обычный A/B-эксперимент');
    expect(labelAndValue(en.labels.types, 'crm')).toBe('CRM communications (`crm`)');
  });

  it('shows a value no table names as the platform sent it, in code', () => {
    expect(statusText(ru.labels, 'on_hold')).toBe('`on_hold`');
    expect(labelText(en.labels.types, 'multivariate')).toBe('`multivariate`');
    expect(labelAndValue(en.labels.types, 'multivariate')).toBe('`multivariate`');
    expect(statusText(en.labels, '<!channel>')).toBe('`&lt;!channel&gt;`');
  });

  it.each(HOSTILE)('finds no label for %s, whatever Object.prototype holds', (value) => {
    for (const [table] of TABLES) {
      expect(labelOf(ru.labels[table], value)).toBeUndefined();
      expect(labelText(ru.labels[table], value)).toBe(`\`${value}\``);
      expect(labelAndValue(ru.labels[table], value)).toBe(`\`${value}\``);
    }
  });

  it('shows any string as text, never throwing: its label or itself', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TABLES.map(([table]) => table)), fc.string(), (table, value) => {
        const shown = labelText(ru.labels[table], value);
        expect(typeof shown).toBe('string');
        if (labelOf(ru.labels[table], value) === undefined && value !== '' && !/[`\n]/.test(value))
          expect(shown.startsWith('`')).toBe(true);
      }),
    );
  });
});

describe('experimentRef', () => {
  it('names an experiment first and gives its id after', () => {
    expect(experimentRef(4, 'Search ranking')).toBe('*Search ranking* (#4)');
  });

  it('falls back to the id alone when no name is known', () => {
    expect(experimentRef(4, undefined)).toBe('*4*');
    expect(experimentRef(4, '   ')).toBe('*4*');
  });

  it('escapes the name and keeps it short', () => {
    expect(experimentRef(4, '<!here> *x*')).not.toContain('<!here>');
    expect(experimentRef(4, 'n'.repeat(5000)).length).toBeLessThan(300);
  });
});
