import { code, escapeMrkdwn, md, type SafeText, safe } from '../blocks/escape.js';
import type { LabelMessages } from './messages.js';

// Lookups in the label catalogue (messages.ts). Values come from the platform, which may add some:
// a value no table names is shown as itself, in code, never dropped. Only a table's own entries
// count, so a value such as `constructor` or `__proto__` finds no label rather than Object's.

/** Longest platform value shown when it has no label. */
const VALUE_MAX = 100;

/** The label of a value, or undefined when the table does not name it. */
export function labelOf(table: Readonly<Record<string, string>>, value: string): string | undefined {
  return Object.hasOwn(table, value) ? table[value] : undefined;
}

/** For mrkdwn: the label, escaped; a value the table does not name, as itself in code. */
export function labelText(table: Readonly<Record<string, string>>, value: string): SafeText {
  const label = labelOf(table, value);
  return label === undefined ? code(value, VALUE_MAX) : escapeMrkdwn(label);
}

/**
 * For mrkdwn where the value is also what people type (a subscription's `type:`): the label first,
 * the value after ("CRM communications (`crm`)"); a value the table does not name, or names as
 * itself ("stop" for `stop`), alone in code.
 */
export function labelAndValue(table: Readonly<Record<string, string>>, value: string): SafeText {
  const label = labelOf(table, value);
  const shown = code(value, VALUE_MAX);
  return label === undefined || label === value ? shown : md`${escapeMrkdwn(label)} (${shown})`;
}

/** An experiment status as people read it: "Running" / «Запущен», or the platform's `value`. */
export function statusText(labels: LabelMessages, status: string): SafeText {
  return labelText(labels.statuses, status);
}

/** The longest experiment name shown (a platform name is not bounded). */
const NAME_DISPLAY_MAX = 200;

/**
 * An experiment as people name it: its name first, its id after ("*Search ranking* (#4)"); the id
 * alone ("*4*") when no name is known; the name alone when the platform gave no id ("*?*" if neither).
 */
export function experimentRef(experimentId: number | undefined, name: string | undefined): SafeText {
  const trimmed = name?.trim();
  if (experimentId === undefined) return md`*${safe(trimmed || '?', NAME_DISPLAY_MAX)}*`;
  return trimmed ? md`*${safe(trimmed, NAME_DISPLAY_MAX)}* (#${experimentId})` : md`*${experimentId}*`;
}
