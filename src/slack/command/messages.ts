import type { PolicyAction } from '../../core/policy/policy.js';
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

/** The tasks the help is grouped by (command/help-lines.ts puts each line in one). */
export type HelpGroup = 'lookUp' | 'act' | 'automate' | 'alerts' | 'administer';

interface HelpEntry {
  key: HelpKey;
  /** Shown as code, e.g. `/exp start ID`. */
  usage: string;
  description: SafeText;
}

/** `/exp help`: the intro, one line per subcommand grouped by task, examples, and how to see the rest. */
export interface HelpMessages {
  header: string;
  intro: SafeText;
  commands: readonly HelpEntry[];
  /** Each task's title, above its lines. */
  groups: Readonly<Record<HelpGroup, SafeText>>;
  examplesTitle: SafeText;
  examples: readonly string[];
  /** The line at the end: what was shown, and how to see the rest. */
  more: {
    /** Some commands were left out: the person may not run them. */
    someHidden: SafeText;
    /** The person may run every command. */
    noneHidden: SafeText;
    /** The person or the policy could not be read: every command is shown. */
    unfiltered: SafeText;
    /** `/exp help all`: every command, each with who may run it. */
    all: SafeText;
  };
  /** Who may run a command, as `/exp help all` marks each line. */
  who: {
    /** Reads: guests and people from another organisation too. */
    anyone: SafeText;
    /** Only the person's own things. */
    self: SafeText;
    readOrChange: (p: { change: SafeText }) => SafeText;
    /** The policy could not be read: the rule is named, not said. */
    byPolicy: (p: { action: PolicyAction }) => SafeText;
    inChannels: (p: { who: SafeText; channels: SafeText }) => SafeText;
    /** The workspace's rule on scheduling, when it has one. */
    scheduling: (p: { who: SafeText }) => SafeText;
    /** One of several subcommands of a line, when they differ. */
    per: (p: { names: SafeText; who: SafeText }) => SafeText;
    /** What is appended to a line. */
    mark: (p: { who: SafeText }) => SafeText;
  };
}
