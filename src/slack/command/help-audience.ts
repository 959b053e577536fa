import { type Actor, whoIncludes } from '../../core/policy/decide.js';
import type { Who, WorkspacePolicy } from '../../core/policy/policy.js';
import { channelsText, whoOf } from '../access/rule-text.js';
import { code, joinSafe, md, type SafeText } from '../blocks/escape.js';
import type { Messages } from '../messages/index.js';
import { HELP_LINES } from './help-lines.js';
import type { HelpKey } from './messages.js';
import type { AccessSummary, DeclaredSubcommand } from './subcommand.js';

// Who may run what, for the help: the who-rules the access gate applies, read from the subcommand
// declarations and the workspace's policy. Pure: the caller reads the person and the policy.

/** The person reading the help, and the policy of the workspace they read it in. */
export interface HelpReader {
  actor: Actor;
  policy: WorkspacePolicy;
}

/**
 * Whether a rule lets the person act, as far as help can tell without asking Slack more: a rule of
 * user groups counts as the person's (only the gate looks their groups up), and where they ask is
 * left out (an action allowed from one channel is still theirs to learn about in another).
 */
function mayAct(who: Who, actor: Actor): boolean {
  if (actor.isGuest || actor.isExternal) return false;
  return who.kind === 'groups' || whoIncludes(who, actor);
}

/** Whether the person may run a subcommand at all (for a read-unless, reading it is enough). */
export function mayRun(access: AccessSummary, reader: HelpReader): boolean {
  switch (access.kind) {
    case 'read':
    case 'self':
    case 'read-unless':
      return true;
    case 'admin':
      return reader.actor.isAdmin && !reader.actor.isGuest && !reader.actor.isExternal;
    case 'policy':
      return mayAct(reader.policy.actions[access.action].who, reader.actor);
  }
}

/** Whether a help line is for the person: they may run one of the subcommands it documents. */
export function lineIsFor(
  key: HelpKey,
  declared: readonly DeclaredSubcommand[],
  reader: HelpReader,
): boolean {
  const { schedule } = reader.policy;
  if (HELP_LINES[key].schedules && schedule !== undefined && !mayAct(schedule, reader.actor)) return false;
  return declared.some((subcommand) => mayRun(subcommand.accessSummary, reader));
}

/** Who may run a subcommand, in words; without the policy (unreadable), the rule it follows is named. */
function whoMayRun(access: AccessSummary, policy: WorkspacePolicy | undefined, messages: Messages): SafeText {
  const { who } = messages.help;
  switch (access.kind) {
    case 'read':
      return who.anyone;
    case 'self':
      return who.self;
    case 'admin':
      return messages.policy.whoAdmins;
    case 'read-unless':
      return who.readOrChange({ change: whoMayRun(access.rule, policy, messages) });
    case 'policy': {
      if (policy === undefined) return who.byPolicy({ action: access.action });
      const rule = policy.actions[access.action];
      const people = whoOf(rule.who, messages);
      return rule.channels === 'any'
        ? people
        : who.inChannels({ who: people, channels: channelsText(rule, messages) });
    }
  }
}

/** Who may run a line's subcommands: said once when they agree, per subcommand when they do not. */
export function lineWho(
  key: HelpKey,
  declared: readonly DeclaredSubcommand[],
  policy: WorkspacePolicy | undefined,
  messages: Messages,
): SafeText {
  const byWho = new Map<string, { who: SafeText; names: string[] }>();
  for (const subcommand of declared) {
    const who = whoMayRun(subcommand.accessSummary, policy, messages);
    const known = byWho.get(who);
    if (known) known.names.push(subcommand.name);
    else byWho.set(who, { who, names: [subcommand.name] });
  }
  const parts =
    byWho.size === 1
      ? [...byWho.values()].map((entry) => entry.who)
      : [...byWho.values()].map(({ who, names }) =>
          messages.help.who.per({
            names: joinSafe(
              names.map((name) => code(name)),
              md`, `,
            ),
            who,
          }),
        );
  if (HELP_LINES[key].schedules && policy?.schedule !== undefined)
    parts.push(messages.help.who.scheduling({ who: whoOf(policy.schedule, messages) }));
  return joinSafe(parts, md`; `);
}
