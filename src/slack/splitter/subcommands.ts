import { declareSubcommand } from '../command/subcommand.js';
import { runExpose, runFeatures } from './commands.js';

/** `/exp features TAG PLATFORM PARTICIPANT`: a splitter look-up (its arguments parsed by runFeatures). */
export const featuresSubcommand = declareSubcommand({
  name: 'features',
  parse: ({ args }) => ({ kind: 'features', args: [...args] }),
  access: { kind: 'read' },
  opensModal: false,
  changesHome: false,
  help: ['features'],
  examples: ['features checkout 1 user:42'],
  handle: (ctx, parsed) => runFeatures(ctx, parsed.args),
});

/** `/exp expose LABEL PLATFORM PARTICIPANT`: registers an exposure after a confirmation. */
export const exposeSubcommand = declareSubcommand({
  name: 'expose',
  parse: ({ args }) => ({ kind: 'expose', args: [...args] }),
  access: { kind: 'policy', action: 'expose' },
  opensModal: false,
  changesHome: false,
  help: ['expose'],
  examples: ['expose checkout-v2 1 user:42'],
  handle: (ctx, parsed) => runExpose(ctx, parsed.args),
});
