import type { App } from '@slack/bolt';
import type { CommandHandlers } from '../command/handlers.js';
import type { SlackDeps } from '../deps.js';
import { logout, openLoginModal, whoami } from './commands.js';
import { registerLoginSubmission } from './login-submission.js';

/** A person's own platform token: `/exp login`, `/exp logout`, `/exp whoami`. */
export function registerIdentity(app: App, deps: SlackDeps) {
  registerLoginSubmission(app, deps);
  return {
    login: (ctx) => openLoginModal(ctx),
    logout: (ctx) => logout(ctx),
    whoami: (ctx) => whoami(ctx),
  } satisfies Pick<CommandHandlers, 'login' | 'logout' | 'whoami'>;
}
