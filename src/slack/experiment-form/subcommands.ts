import { parseSingleId } from '../command/parse-args.js';
import { declareSubcommand } from '../command/subcommand.js';
import { openExperimentModal } from './open-modal.js';

/** `/exp create`: the form, its pickers filled from the dictionaries. */
export const createSubcommand = declareSubcommand({
  name: 'create',
  // Extra words are ignored: it takes none.
  parse: () => ({ kind: 'create' }),
  access: { kind: 'policy', action: 'create' },
  opensModal: true,
  changesHome: false,
  help: ['create'],
  examples: ['create'],
  handle: (ctx) => openExperimentModal(ctx),
});

/** `/exp edit ID`: the same form, filled with what the platform has. */
export const editSubcommand = declareSubcommand({
  name: 'edit',
  parse: (input) => {
    const id = parseSingleId('edit', input);
    return id.ok ? { kind: 'edit', experimentId: id.id } : id.result;
  },
  access: { kind: 'policy', action: 'edit' },
  opensModal: true,
  changesHome: false,
  help: ['edit'],
  examples: ['edit 3'],
  handle: (ctx, parsed) => openExperimentModal(ctx, parsed.experimentId),
});
