import { declareSubcommand } from '../command/subcommand.js';
import type { Messages } from '../messages/index.js';
import { disconnect, openConnectModal, showToken } from './commands.js';

const refusal = (messages: Messages) => messages.connection.adminOnly;

/** `/exp connect`: the form for the workspace's platform token (admins). */
export const connectSubcommand = declareSubcommand({
  name: 'connect',
  parse: () => ({ kind: 'connect' }),
  access: { kind: 'admin', action: 'connect', refusal },
  opensModal: true,
  changesHome: false,
  help: ['connection'],
  examples: ['connect'],
  handle: (ctx) => openConnectModal(ctx),
});

/** `/exp token`: the connection's token, its scopes and expiry (admins). */
export const tokenSubcommand = declareSubcommand({
  name: 'token',
  parse: () => ({ kind: 'token' }),
  access: { kind: 'admin', action: 'token', refusal },
  opensModal: false,
  changesHome: false,
  help: ['connection'],
  examples: ['token'],
  handle: (ctx) => showToken(ctx),
});

/** `/exp disconnect`: removes the workspace's connection (admins). */
export const disconnectSubcommand = declareSubcommand({
  name: 'disconnect',
  parse: () => ({ kind: 'disconnect' }),
  access: { kind: 'admin', action: 'disconnect', refusal },
  opensModal: false,
  changesHome: true,
  help: ['connection'],
  examples: ['disconnect'],
  handle: (ctx) => disconnect(ctx),
});
