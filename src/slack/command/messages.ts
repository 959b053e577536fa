import type { SafeText } from '../blocks/escape.js';

/** The lines of the help; each `/exp` subcommand's declaration names the ones that document it. */
export type HelpKey =
  | 'help'
  | 'show'
  | 'list'
  | 'start'
  | 'stop'
  | 'stopWithReason'
  | 'archive'
  | 'unarchive'
  | 'dict'
  | 'create'
  | 'edit'
  | 'features'
  | 'expose'
  | 'policy'
  | 'identity'
  | 'audit'
  | 'hooks'
  | 'connection'
  | 'follow'
  | 'subscriptions'
  | 'digest'
  | 'scheduleAt'
  | 'schedule';

interface HelpEntry {
  key: HelpKey;
  /** Shown as code, e.g. `/exp start ID`. */
  usage: string;
  description: SafeText;
}

/** `/exp help`: the intro, one line per subcommand, examples, and the plain-text fallback. */
export interface HelpMessages {
  header: string;
  intro: SafeText;
  commands: readonly HelpEntry[];
  examplesTitle: SafeText;
  examples: readonly string[];
  fallback: SafeText;
}
