import type { ExperimentInterruptReason } from '../../core/stop-reason.js';
import { RUSSIAN_REASON_WORDS } from '../../core/stop-reason.js';

// The pieces every subcommand's parser is built from. Pure and dependency-free, so features can use
// them without loading the command table (which loads every feature's handlers).

/** One word of the `/exp` text and where it ends in the text, for "the rest after it". */
export interface Token {
  text: string;
  end: number;
}

/** What a subcommand's parser gets: the whole text and its words, the subcommand's own first. */
export interface ParseInput {
  text: string;
  tokens: readonly Token[];
  /** The words after the subcommand. */
  args: readonly string[];
}

export type InvalidReason =
  | 'missing-id'
  | 'bad-id'
  | 'unexpected-args'
  | 'bad-reason'
  | 'comment-required'
  /** detail: the whole comment, whose length the answer tells. */
  | 'comment-too-long';

/** A parser's refusal of the words: `detail` is the offending text as typed (escape it before showing it). */
export interface InvalidCommand {
  kind: 'invalid';
  /** The subcommand's name. */
  command: string;
  reason: InvalidReason;
  detail: string;
  experimentId?: number;
}

// JavaScript's \s covers tabs, newlines, NBSP and the other Unicode spaces Slack clients insert.
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const word = /\S+/g;
  for (let m = word.exec(text); m !== null; m = word.exec(text))
    tokens.push({ text: m[0], end: m.index + m[0].length });
  return tokens;
}

/** Stop reasons: the exact enum values (also with dashes) plus words people actually type. */
const REASON_WORDS: Readonly<Record<string, ExperimentInterruptReason>> = {
  sequential_testing_significant_change: 'sequential_testing_significant_change',
  sequential: 'sequential_testing_significant_change',
  sequential_testing: 'sequential_testing_significant_change',
  significant: 'sequential_testing_significant_change',
  significant_change: 'sequential_testing_significant_change',
  seq: 'sequential_testing_significant_change',
  critical_metric_impact: 'critical_metric_impact',
  critical: 'critical_metric_impact',
  metric: 'critical_metric_impact',
  metrics: 'critical_metric_impact',
  impact: 'critical_metric_impact',
  bug: 'bug',
  defect: 'bug',
  other: 'other',
  ...RUSSIAN_REASON_WORDS,
};

export function parseStopReason(word: string): ExperimentInterruptReason | undefined {
  const key = word.toLowerCase().replaceAll('-', '_');
  return Object.hasOwn(REASON_WORDS, key) ? REASON_WORDS[key] : undefined;
}

const ID_DIGITS = /^[1-9][0-9]*$/;

/** A positive safe integer typed in ASCII digits, optionally as `#123`; anything else is refused. */
export function parseExperimentId(raw: string): number | undefined {
  const digits = raw.startsWith('#') ? raw.slice(1) : raw;
  if (!ID_DIGITS.test(digits)) return undefined;
  const id = Number(digits);
  return Number.isSafeInteger(id) ? id : undefined;
}

export function invalid(
  command: string,
  reason: InvalidReason,
  detail: string,
  experimentId?: number,
): InvalidCommand {
  return experimentId === undefined
    ? { kind: 'invalid', command, reason, detail }
    : { kind: 'invalid', command, reason, detail, experimentId };
}

export type IdResult = { ok: true; id: number } | { ok: false; result: InvalidCommand };

export function requireId(command: string, token: Token | undefined): IdResult {
  if (token === undefined) return { ok: false, result: invalid(command, 'missing-id', '') };
  const id = parseExperimentId(token.text);
  return id === undefined ? { ok: false, result: invalid(command, 'bad-id', token.text) } : { ok: true, id };
}

export function restAfter(text: string, token: Token): string {
  return text.slice(token.end).trim();
}

/** `COMMAND ID` and nothing more: `start 12 13` must not start 12 alone while the user believes both were. */
export function parseSingleId(command: string, { text, tokens }: ParseInput): IdResult {
  const id = requireId(command, tokens[1]);
  if (!id.ok) return id;
  const idToken = tokens[1];
  if (tokens.length > 2 && idToken) {
    return { ok: false, result: invalid(command, 'unexpected-args', restAfter(text, idToken), id.id) };
  }
  return id;
}

/** A first word that names no subcommand, with the subcommand it most likely meant. */
export interface UnknownCommand {
  kind: 'unknown';
  word: string;
  suggestion?: string;
}
