import type { ParseInput } from '../command/parse-args.js';
import { declareSubcommand } from '../command/subcommand.js';
import { runDictCommand } from './command.js';

interface DictRequest {
  kind: 'dict';
  name?: string;
  filter?: string;
  refresh: boolean;
}

function parseDict({ tokens }: ParseInput): DictRequest {
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

/** `/exp dict [NAME [filter]] [--refresh]`: the dictionaries, or one of them, paged. */
export const dictSubcommand = declareSubcommand({
  name: 'dict',
  aliases: ['dictionary', 'dictionaries', 'dicts'],
  parse: parseDict,
  access: { kind: 'read' },
  opensModal: false,
  changesHome: false,
  help: ['dict'],
  examples: ['dict', 'dict layers --refresh'],
  handle: (ctx, parsed) => runDictCommand(ctx, parsed),
});
