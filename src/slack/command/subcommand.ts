import type { PolicyAction } from '../../core/policy/policy.js';
import { commandTarget } from '../access/command-targets.js';
import type { AccessTarget, AdminAction } from '../access/gate.js';
import type { SlackDeps } from '../deps.js';
import type { HelpKey, Messages } from '../messages/index.js';
import type { AccessRule, Parsed } from './access-rule.js';
import type { CommandContext } from './command-context.js';
import type { InvalidCommand, ParseInput } from './parse-args.js';

/** One `/exp` subcommand, declared once: the router, the access gate, help and docs all read this. */
export interface SubcommandDeclaration<P extends Parsed> {
  /** The word typed after `/exp`, lower case. */
  name: string;
  /** Other words for it (matched case-insensitively). */
  aliases?: readonly string[];
  /** Pure and total: the words after `/exp` become a request or a refusal of the input. */
  parse: (input: ParseInput) => P | InvalidCommand;
  access: AccessRule<P>;
  /**
   * A modal needs Slack's trigger_id, alive 3 s: its access check runs before the ack, bounded.
   * Every other acting subcommand is acked at once and checked after.
   */
  opensModal: boolean | ((parsed: P) => boolean);
  /** The person's Home tab shows its effect (connection, identity, alerts, follows, policy). */
  changesHome: boolean;
  /** The help lines (messages.help.commands) that document it. */
  help: readonly [HelpKey, ...HelpKey[]];
  /** Texts after `/exp` that parse to it: the access walk test runs each as a guest. */
  examples: readonly [string, ...string[]];
  handle: (ctx: CommandContext<SlackDeps>, parsed: P) => Promise<void>;
}

/** A parsed request with everything the router needs, bound to the declaration that parsed it. */
export interface CommandRequest {
  /** One of ParsedCommand's members (parse-command.ts), or the router's refusal of the words. */
  parsed: Parsed;
  access: (at: { channelId: string; messages: Messages }) => AccessTarget;
  opensModal: boolean;
  changesHome: boolean;
  run: (ctx: CommandContext<SlackDeps>) => Promise<void>;
}

/**
 * A declaration with its parse type hidden behind the router's calls: the command table holds these.
 * `parses` is never set: it carries the parse type for ParsedCommand (subcommands.ts).
 */
export interface DeclaredSubcommand<P extends Parsed = Parsed> {
  readonly parses?: P;
  name: string;
  aliases: readonly string[];
  help: readonly HelpKey[];
  examples: readonly string[];
  /** The access rule, without its parse-dependent parts: for docs/commands.md. */
  accessSummary: AccessSummary;
  read: (input: ParseInput, answerInvalid: (parsed: InvalidCommand) => CommandRequest) => CommandRequest;
}

export type AccessSummary =
  | { kind: 'read' | 'self' }
  | { kind: 'policy'; action: PolicyAction }
  | { kind: 'admin'; action: AdminAction }
  | { kind: 'read-unless'; rule: AccessSummary };

function summarize<P extends Parsed>(rule: AccessRule<P>): AccessSummary {
  switch (rule.kind) {
    case 'read':
    case 'self':
      return { kind: rule.kind };
    case 'policy':
      return { kind: 'policy', action: rule.action };
    case 'admin':
      return { kind: 'admin', action: rule.action };
    case 'read-unless':
      return { kind: 'read-unless', rule: summarize(rule.rule) };
  }
}

function isInvalid(parsed: Parsed | InvalidCommand): parsed is InvalidCommand {
  return parsed.kind === 'invalid';
}

export function declareSubcommand<const P extends Parsed>(
  declaration: SubcommandDeclaration<P>,
): DeclaredSubcommand<P> {
  const { name, aliases = [], help, examples, access, opensModal } = declaration;
  return {
    name,
    aliases,
    help,
    examples,
    accessSummary: summarize(access),
    read: (input, answerInvalid) => {
      const parsed = declaration.parse(input);
      if (isInvalid(parsed)) return answerInvalid(parsed);
      return {
        parsed,
        access: (at) => commandTarget(access, parsed, at),
        opensModal: typeof opensModal === 'function' ? opensModal(parsed) : opensModal,
        changesHome: declaration.changesHome,
        run: (ctx) => declaration.handle(ctx, parsed),
      };
    },
  };
}
