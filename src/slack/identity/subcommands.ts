import { declareSubcommand } from '../command/subcommand.js';
import { logout, openLoginModal, whoami } from './commands.js';

/** `/exp login`: the form for the person's own platform token. */
export const loginSubcommand = declareSubcommand({
  name: 'login',
  parse: () => ({ kind: 'login' }),
  access: { kind: 'self' },
  opensModal: true,
  changesHome: false,
  help: ['identity'],
  examples: ['login'],
  handle: (ctx) => openLoginModal(ctx),
});

/** `/exp logout`: deletes the person's own token. */
export const logoutSubcommand = declareSubcommand({
  name: 'logout',
  parse: () => ({ kind: 'logout' }),
  access: { kind: 'self' },
  opensModal: false,
  changesHome: true,
  help: ['identity'],
  examples: ['logout'],
  handle: (ctx) => logout(ctx),
});

/** `/exp whoami`: whose token the person's actions use here, and why. */
export const whoamiSubcommand = declareSubcommand({
  name: 'whoami',
  parse: () => ({ kind: 'whoami' }),
  access: { kind: 'read' },
  opensModal: false,
  changesHome: false,
  help: ['identity'],
  examples: ['whoami'],
  handle: (ctx) => whoami(ctx),
});
