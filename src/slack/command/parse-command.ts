import { answerUnparsed } from './help-replies.js';
import { type InvalidCommand, type ParseInput, tokenize, type UnknownCommand } from './parse-args.js';
import type { CommandRequest, DeclaredSubcommand } from './subcommand.js';
import { type DeclaredParse, SUBCOMMAND_DECLARATIONS } from './subcommands.js';

// Turns the `/exp` text into a typed request. Pure and total: any string gives a result, never a
// throw, so a listener can always answer. Ids are validated here, before any platform call. Which
// words exist and how each is parsed is declared by the features (./subcommands.ts).

export { parseExperimentId, parseStopReason } from './parse-args.js';

/** Every subcommand's name, in the order of the declarations (which suggestions prefer). */
export const SUBCOMMANDS: readonly string[] = SUBCOMMAND_DECLARATIONS.map((declared) => declared.name);
export type Subcommand = string;

/**
 * What the `/exp` text parses to: each declared subcommand's own request type (declared beside its
 * parser in its feature, collected in ./subcommands.ts), or the router's refusals of the words.
 */
export type ParsedCommand = DeclaredParse | InvalidCommand | UnknownCommand;

/** A request whose parse is typed as what the `/exp` text can parse to. */
export type ParsedRequest = CommandRequest & { parsed: ParsedCommand };

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

function lookupTable(): ReadonlyMap<string, DeclaredSubcommand> {
  const table = new Map<string, DeclaredSubcommand>();
  for (const declared of SUBCOMMAND_DECLARATIONS) {
    for (const word of [declared.name, ...declared.aliases]) {
      if (table.has(word)) throw new Error(`two /exp subcommands answer to ${word}`);
      table.set(word, declared);
    }
  }
  return table;
}

const BY_WORD = lookupTable();

/** The subcommand an empty text runs. */
const EMPTY_TEXT = 'help';

/** The router's own answers: words it could not use. They read nothing and change nothing. */
function answered(parsed: InvalidCommand | UnknownCommand): ParsedRequest {
  return {
    parsed,
    access: () => ({ kind: 'read' }),
    opensModal: false,
    changesHome: false,
    run: (ctx) => answerUnparsed(ctx, parsed, SUBCOMMAND_DECLARATIONS),
  };
}

/** The parse, bound to the subcommand that made it: what the router checks and runs. */
export function readCommand(text: string): ParsedRequest {
  const tokens = tokenize(text);
  const first = tokens[0];
  const word = (first?.text ?? EMPTY_TEXT).toLowerCase();
  const declared = BY_WORD.get(word);
  if (declared === undefined) {
    const typed = first?.text ?? '';
    const suggestion = suggestSubcommand(typed);
    const unknown: UnknownCommand =
      suggestion === undefined
        ? { kind: 'unknown', word: typed }
        : { kind: 'unknown', word: typed, suggestion };
    return answered(unknown);
  }
  const input: ParseInput = { text, tokens, args: tokens.slice(1).map((t) => t.text) };
  // A declaration's parse is one of ParsedCommand's members by construction: the union is derived
  // from the declarations (subcommands.ts).
  return declared.read(input, answered) as ParsedRequest;
}

export function parseCommand(text: string): ParsedCommand {
  return readCommand(text).parsed;
}
