import { parseSingleId } from '../command/parse-args.js';
import { declareSubcommand } from '../command/subcommand.js';
import { runList } from './list.js';
import { runShow } from './show.js';

/** `/exp show ID`: the experiment's card. */
export const showSubcommand = declareSubcommand({
  name: 'show',
  parse: (input) => {
    const id = parseSingleId('show', input);
    return id.ok ? { kind: 'show', experimentId: id.id } : id.result;
  },
  access: { kind: 'read' },
  opensModal: false,
  changesHome: false,
  help: ['show'],
  examples: ['show 3'],
  handle: (ctx, parsed) => runShow(ctx, parsed.experimentId),
});

/** `/exp list [filter]`: the experiments the workspace has seen; the filter is the words, collapsed. */
export const listSubcommand = declareSubcommand({
  name: 'list',
  parse: ({ args }) => {
    const filter = args.join(' ');
    return filter === '' ? { kind: 'list' } : { kind: 'list', filter };
  },
  access: { kind: 'read' },
  opensModal: false,
  changesHome: false,
  help: ['list'],
  examples: ['list', 'list running'],
  handle: (ctx, parsed) => runList(ctx, parsed.filter),
});
