import { auditSubcommand } from '../audit/subcommands.js';
import { connectSubcommand, disconnectSubcommand, tokenSubcommand } from '../connection/subcommands.js';
import { dictSubcommand } from '../dictionaries/subcommands.js';
import { listSubcommand, showSubcommand } from '../experiment/subcommands.js';
import { createSubcommand, editSubcommand } from '../experiment-form/subcommands.js';
import { hooksSubcommand } from '../hooks/subcommands.js';
import {
  languageSubcommand,
  loginSubcommand,
  logoutSubcommand,
  whoamiSubcommand,
} from '../identity/subcommands.js';
import {
  archiveSubcommand,
  startSubcommand,
  stopSubcommand,
  unarchiveSubcommand,
} from '../lifecycle/subcommands.js';
import type { HelpKey } from '../messages/index.js';
import { policySubcommand } from '../policy/subcommands.js';
import { scheduleSubcommand, unscheduleSubcommand } from '../schedule/subcommands.js';
import { exposeSubcommand, featuresSubcommand } from '../splitter/subcommands.js';
import {
  digestSubcommand,
  followSubcommand,
  subscribeSubcommand,
  subscriptionsSubcommand,
  unfollowSubcommand,
  unsubscribeSubcommand,
} from '../subscriptions/subcommands.js';
import { helpSubcommand } from './help-subcommand.js';
import type { DeclaredSubcommand } from './subcommand.js';

/**
 * Every `/exp` subcommand, as its feature declares it. The router, the access check, the help and
 * docs/commands.md are derived from this list; to add a subcommand, declare it in its feature and
 * add it here. The order is the one suggestions for a mistyped word prefer.
 */
export const SUBCOMMAND_DECLARATIONS = [
  helpSubcommand((): readonly DeclaredSubcommand[] => SUBCOMMAND_DECLARATIONS),
  startSubcommand,
  stopSubcommand,
  archiveSubcommand,
  unarchiveSubcommand,
  dictSubcommand,
  createSubcommand,
  editSubcommand,
  featuresSubcommand,
  exposeSubcommand,
  connectSubcommand,
  tokenSubcommand,
  disconnectSubcommand,
  subscribeSubcommand,
  unsubscribeSubcommand,
  subscriptionsSubcommand,
  digestSubcommand,
  showSubcommand,
  listSubcommand,
  policySubcommand,
  auditSubcommand,
  loginSubcommand,
  logoutSubcommand,
  whoamiSubcommand,
  languageSubcommand,
  hooksSubcommand,
  followSubcommand,
  unfollowSubcommand,
  scheduleSubcommand,
  unscheduleSubcommand,
] as const satisfies readonly DeclaredSubcommand[];

type ParsedOf<D> = D extends DeclaredSubcommand<infer P> ? P : never;

/** What a declared subcommand parses to: the union of the declarations' own parse types. */
export type DeclaredParse = ParsedOf<(typeof SUBCOMMAND_DECLARATIONS)[number]>;

/** The help lines some declared subcommand names: the catalogue's lines, no more and no fewer. */
export function documentedHelpKeys(): ReadonlySet<HelpKey> {
  return new Set(SUBCOMMAND_DECLARATIONS.flatMap((declared) => declared.help));
}
