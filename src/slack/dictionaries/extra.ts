import { code, joinSafe, md, type SafeText, safe, truncateSafe } from '../blocks/escape.js';
import type { Messages } from '../messages/index.js';

// `predicates` and `predicateApplicability` of context-param-predicates have no documented shape
// ("not shown"). Assumption: they are JSON, most likely lists of operator names or maps from a
// param type or id to such lists. Those two shapes are shown compactly; anything else is shown
// as compact JSON. Every piece is escaped and the whole is cut to a budget, so no shape can
// break the message.

const KEY_MAX = 60;
const SCALAR_MAX = 60;
const JSON_MAX = 300;

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON.stringify that never throws: cycles, bigints and functions become markers. */
function compactJson(value: unknown): string {
  const seen = new WeakSet<object>();
  try {
    const text = JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'bigint') return v.toString();
      if (typeof v === 'function' || typeof v === 'symbol') return undefined;
      if (typeof v === 'object' && v !== null) {
        if (seen.has(v)) return '[cycle]';
        seen.add(v);
      }
      return v;
    });
    return text ?? String(value);
  } catch {
    return String(value);
  }
}

// Room kept for the "… (+N)" that says how many pieces were left out.
const MORE_ROOM = 16;

function take(pieces: readonly SafeText[], separator: SafeText, max: number): SafeText[] {
  const kept: SafeText[] = [];
  let length = 0;
  for (const piece of pieces) {
    const extra = (kept.length > 0 ? separator.length : 0) + piece.length;
    if (length + extra > max) break;
    kept.push(piece);
    length += extra;
  }
  return kept;
}

/** Joins the pieces that fit in max characters, then says how many were left out. */
export function within(pieces: readonly SafeText[], separator: SafeText, max: number): SafeText {
  if (pieces.length === 0) return code('[]');
  const all = take(pieces, separator, max);
  if (all.length === pieces.length) return joinSafe(all, separator);
  const kept = take(pieces, separator, max - MORE_ROOM);
  return md`${joinSafe(kept, separator)}${separator}… (+${pieces.length - kept.length})`;
}

/** One value on one line: a scalar or a list of scalars as code, anything else as compact JSON. */
export function inline(value: unknown, max: number): SafeText {
  if (isScalar(value)) return code(String(value), SCALAR_MAX);
  if (Array.isArray(value) && value.every(isScalar)) {
    return within(
      value.map((v) => code(String(v), SCALAR_MAX)),
      md`, `,
      max,
    );
  }
  return code(compactJson(value), Math.min(JSON_MAX, max));
}

/** A compact, escaped rendering of JSON of unknown shape, at most max characters. */
export function summariseShape(value: unknown, max: number, messages: Messages): SafeText {
  if (value === undefined || value === null) return messages.dict.notProvided;
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return code('{}');
    const lines = entries.map(([key, v]) => md`${safe(key, KEY_MAX)}: ${inline(v, max)}`);
    return truncateSafe(within(lines, md`\n`, max), max);
  }
  return truncateSafe(inline(value, max), max);
}
