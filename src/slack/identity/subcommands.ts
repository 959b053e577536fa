import { declareSubcommand } from '../command/subcommand.js';
import { logout, openLoginModal, whoami } from './commands.js';
import { changesWorkspace, parseLanguage, runLanguage } from './language.js';

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

/**
 * `/exp language ru|en|auto`: the language the app speaks to the person (anyone, guests too: it
 * changes only what they read). `/exp language workspace ru|en|auto`: the workspace's default,
 * which channel posts use (admins).
 */
export const languageSubcommand = declareSubcommand({
  name: 'language',
  aliases: ['lang'],
  parse: ({ args }) => parseLanguage(args),
  access: {
    kind: 'read-unless',
    acting: changesWorkspace,
    rule: { kind: 'admin', action: 'language', refusal: (messages) => messages.identity.language.adminOnly },
  },
  opensModal: false,
  changesHome: true,
  help: ['identity'],
  // The walk of examples runs them in order as one person: the last puts their choice back.
  examples: ['language', 'language workspace ru', 'language ru', 'language auto'],
  handle: (ctx, parsed) => runLanguage(ctx, parsed),
});
