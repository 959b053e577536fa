import type { ExperimentInterruptReason } from '../../console/schemas.js';
import { unescapeSlackText } from './unescape-text.js';

// Turns the `/exp` text into a typed request. Pure and total: any string gives a result, never a
// throw, so a listener can always answer. Ids are validated here, before any platform call.

export const SUBCOMMANDS = [
  'help',
  'start',
  'stop',
  'archive',
  'unarchive',
  'dict',
  'create',
  'edit',
  'features',
  'expose',
  'connect',
  'token',
  'disconnect',
  'subscribe',
  'unsubscribe',
  'subscriptions',
  'show',
  'list',
  'policy',
  'audit',
  'login',
  'logout',
  'whoami',
  'hooks',
  'follow',
  'unfollow',
] as const;
export type Subcommand = (typeof SUBCOMMANDS)[number];

const ALIASES: Readonly<Record<string, Subcommand>> = {
  '?': 'help',
  '-h': 'help',
  '--help': 'help',
  dictionary: 'dict',
  dictionaries: 'dict',
  dicts: 'dict',
};

export type InvalidReason = 'missing-id' | 'bad-id' | 'unexpected-args' | 'bad-reason' | 'comment-required';

export type ParsedCommand =
  | { kind: 'help' }
  | { kind: 'lifecycle'; action: 'start' | 'archive' | 'unarchive'; experimentId: number }
  | { kind: 'stop-modal'; experimentId: number }
  | { kind: 'stop'; experimentId: number; reason: ExperimentInterruptReason; comment?: string }
  | { kind: 'dict'; name?: string; filter?: string; refresh: boolean }
  | { kind: 'create' }
  | { kind: 'edit'; experimentId: number }
  | { kind: 'features'; args: string[] }
  | { kind: 'expose'; args: string[] }
  | { kind: 'connect' }
  | { kind: 'token' }
  | { kind: 'disconnect' }
  | { kind: 'subscribe'; args: string[] }
  | { kind: 'unsubscribe'; args: string[] }
  | { kind: 'subscriptions' }
  | { kind: 'show'; experimentId: number }
  /** filter: the words after `list`, whitespace collapsed; matched on id, name, team and status. */
  | { kind: 'list'; filter?: string }
  /** Without args: show the policy (anyone). With args: change it (admins); args parsed by the policy feature. */
  | { kind: 'policy'; change: boolean; args: string[] }
  /** `audit [ID] [--user @x]` (admins); args parsed by the audit feature. */
  | { kind: 'audit'; args: string[] }
  | { kind: 'login' }
  | { kind: 'logout' }
  | { kind: 'whoami' }
  /** `hooks [rotate]` (admins). */
  | { kind: 'hooks'; args: string[] }
  /** `follow [ID]`: DMs about one experiment; without an id, what the person follows. */
  | { kind: 'follow'; experimentId?: number }
  | { kind: 'unfollow'; experimentId: number }
  /** detail is the offending text as typed (escape it before showing it). */
  | {
      kind: 'invalid';
      command: Subcommand;
      reason: InvalidReason;
      detail: string;
      experimentId?: number;
    }
  | { kind: 'unknown'; word: string; suggestion?: Subcommand };

export type ParsedKind = ParsedCommand['kind'];

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

interface Token {
  text: string;
  end: number;
}

// JavaScript's \s covers tabs, newlines, NBSP and the other Unicode spaces Slack clients insert.
function tokenize(text: string): Token[] {
  return Array.from(text.matchAll(/\S+/g), (m) => ({ text: m[0], end: m.index + m[0].length }));
}

/** Optimal string alignment distance: a swapped pair of letters ("sotp") counts as one edit. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      const row = d[i];
      if (row) row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * A subcommand the word begins (from three letters), else the closest within two edits (and fewer
 * edits than letters typed), else one it begins (two letters).
 */
export function suggestSubcommand(word: string): Subcommand | undefined {
  const typed = word.toLowerCase();
  if (typed.length === 0 || typed.length > 40) return undefined;
  const prefixed = SUBCOMMANDS.find((command) => command.startsWith(typed));
  if (typed.length >= 3 && prefixed) return prefixed;
  let best: { command: Subcommand; distance: number } | undefined;
  for (const command of SUBCOMMANDS) {
    const distance = editDistance(typed, command);
    if (distance <= 2 && distance < typed.length && (best === undefined || distance < best.distance)) {
      best = { command, distance };
    }
  }
  if (best) return best.command;
  return typed.length >= 2 ? prefixed : undefined;
}

function invalid(
  command: Subcommand,
  reason: InvalidReason,
  detail: string,
  experimentId?: number,
): ParsedCommand {
  return experimentId === undefined
    ? { kind: 'invalid', command, reason, detail }
    : { kind: 'invalid', command, reason, detail, experimentId };
}

type IdResult = { ok: true; id: number } | { ok: false; result: ParsedCommand };

function requireId(command: Subcommand, token: Token | undefined): IdResult {
  if (token === undefined) return { ok: false, result: invalid(command, 'missing-id', '') };
  const id = parseExperimentId(token.text);
  return id === undefined ? { ok: false, result: invalid(command, 'bad-id', token.text) } : { ok: true, id };
}

function restAfter(text: string, token: Token): string {
  return text.slice(token.end).trim();
}

function parseStop(text: string, tokens: Token[]): ParsedCommand {
  const id = requireId('stop', tokens[1]);
  if (!id.ok) return id.result;
  const reasonToken = tokens[2];
  if (reasonToken === undefined) return { kind: 'stop-modal', experimentId: id.id };
  const reason = parseStopReason(reasonToken.text);
  if (reason === undefined) return invalid('stop', 'bad-reason', reasonToken.text, id.id);
  // Sent to the platform as the person wrote it, not in Slack's escaped forms.
  const comment = unescapeSlackText(restAfter(text, reasonToken));
  // A comment for Other is the workspace policy's to require (src/slack/stop/other-comment.ts), not
  // the parser's: the interface makes it optional.
  return comment === ''
    ? { kind: 'stop', experimentId: id.id, reason }
    : { kind: 'stop', experimentId: id.id, reason, comment };
}

function parseSingleId(command: Subcommand, text: string, tokens: Token[]): IdResult {
  const id = requireId(command, tokens[1]);
  if (!id.ok) return id;
  const idToken = tokens[1];
  // `start 12 13` must not start 12 alone while the user believes both were started.
  if (tokens.length > 2 && idToken) {
    return { ok: false, result: invalid(command, 'unexpected-args', restAfter(text, idToken), id.id) };
  }
  return id;
}

function parseDict(tokens: Token[]): ParsedCommand {
  const args = tokens.slice(1).filter((t) => !/^--?refresh$/i.test(t.text));
  const refresh = args.length !== tokens.length - 1;
  const name = args[0];
  if (name === undefined) return { kind: 'dict', refresh };
  // Multi-word filters are kept, with runs of whitespace collapsed to one space.
  const filter = args
    .slice(1)
    .map((t) => t.text)
    .join(' ');
  return filter === ''
    ? { kind: 'dict', name: name.text, refresh }
    : { kind: 'dict', name: name.text, filter, refresh };
}

function resolveSubcommand(word: string): Subcommand | undefined {
  const lower = word.toLowerCase();
  if ((SUBCOMMANDS as readonly string[]).includes(lower)) return lower as Subcommand;
  return Object.hasOwn(ALIASES, lower) ? ALIASES[lower] : undefined;
}

export function parseCommand(text: string): ParsedCommand {
  const tokens = tokenize(text);
  const first = tokens[0];
  if (first === undefined) return { kind: 'help' };
  const command = resolveSubcommand(first.text);
  if (command === undefined) {
    const suggestion = suggestSubcommand(first.text);
    return suggestion === undefined
      ? { kind: 'unknown', word: first.text }
      : { kind: 'unknown', word: first.text, suggestion };
  }
  const args = tokens.slice(1).map((t) => t.text);
  switch (command) {
    case 'help':
      return { kind: 'help' };
    case 'start':
    case 'archive':
    case 'unarchive': {
      const id = parseSingleId(command, text, tokens);
      return id.ok ? { kind: 'lifecycle', action: command, experimentId: id.id } : id.result;
    }
    case 'stop':
      return parseStop(text, tokens);
    case 'edit': {
      const id = parseSingleId(command, text, tokens);
      return id.ok ? { kind: 'edit', experimentId: id.id } : id.result;
    }
    case 'show': {
      const id = parseSingleId(command, text, tokens);
      return id.ok ? { kind: 'show', experimentId: id.id } : id.result;
    }
    case 'follow': {
      if (tokens.length === 1) return { kind: 'follow' };
      const id = parseSingleId(command, text, tokens);
      return id.ok ? { kind: 'follow', experimentId: id.id } : id.result;
    }
    case 'unfollow': {
      const id = parseSingleId(command, text, tokens);
      return id.ok ? { kind: 'unfollow', experimentId: id.id } : id.result;
    }
    case 'policy':
      return { kind: 'policy', change: args.length > 0, args };
    case 'list': {
      const filter = args.join(' ');
      return filter === '' ? { kind: 'list' } : { kind: 'list', filter };
    }
    case 'dict':
      return parseDict(tokens);
    case 'features':
    case 'expose':
    case 'subscribe':
    case 'unsubscribe':
    case 'audit':
    case 'hooks':
      return { kind: command, args };
    // Extra words after these are ignored: they take no arguments today.
    case 'create':
    case 'connect':
    case 'token':
    case 'disconnect':
    case 'subscriptions':
    case 'login':
    case 'logout':
    case 'whoami':
      return { kind: command };
  }
}
