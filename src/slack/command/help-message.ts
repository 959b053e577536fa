import type { HeaderBlock, SectionBlock } from '@slack/types';
import type { WorkspacePolicy } from '../../core/policy/policy.js';
import { code, joinSafe, md, plain, type SafeText } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { context, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { type HelpReader, lineIsFor, lineWho, mayRun } from './help-audience.js';
import { HELP_GROUPS, HELP_LINES } from './help-lines.js';
import { HELP_BLOCKS } from './ids.js';
import type { HelpGroup } from './messages.js';
import type { DeclaredSubcommand } from './subcommand.js';

/** Which help a person gets. */
export type HelpView =
  /** What this person may run, by the workspace's policy. */
  | { kind: 'mine'; reader: HelpReader }
  /** `/exp help all`: every command, each marked with who may run it (policy unset: unreadable). */
  | { kind: 'all'; policy: WorkspacePolicy | undefined }
  /** Every command, unmarked: the person or the policy could not be read. */
  | { kind: 'unfiltered' };

interface ShownLine {
  group: HelpGroup;
  text: SafeText;
  /** Its subcommands the person may run, for the fallback text. */
  names: readonly string[];
}

/**
 * `/exp help`: the catalogue's lines in its order, grouped by task. Each line names a declared
 * subcommand and each declared subcommand has its lines (subcommands.test.ts; ru.test.ts for the
 * Russian ones).
 */
export function helpMessage(input: {
  view: HelpView;
  declarations: readonly DeclaredSubcommand[];
  messages: Messages;
}): SlackMessage {
  const { view, declarations, messages } = input;
  const { help } = messages;
  const lines = shownLines(input);
  const hidden = lines.length < help.commands.length;
  const header: HeaderBlock = { type: 'header', text: plain(help.header, LIMITS.headerText) };
  const groups = HELP_GROUPS.flatMap((group) => {
    const mine = lines.filter((line) => line.group === group);
    if (mine.length === 0) return [];
    return groupSections(help.groups[group], mine, HELP_BLOCKS.groups[group]);
  });
  const examples = help.examples.filter((example) => exampleIsFor(example, view, declarations));
  const more =
    view.kind === 'all'
      ? help.more.all
      : view.kind === 'unfiltered'
        ? help.more.unfiltered
        : hidden
          ? help.more.someHidden
          : help.more.noneHidden;
  const summary = HELP_GROUPS.flatMap((group) => {
    const names = [...new Set(lines.filter((line) => line.group === group).flatMap((line) => line.names))];
    return names.length === 0
      ? []
      : [
          md`${help.groups[group]}: ${joinSafe(
            names.map((name) => code(name)),
            md`, `,
          )}.`,
        ];
  });
  return message(fallbackText([...summary, more]), [
    header,
    section(help.intro),
    ...groups,
    examples.length === 0
      ? undefined
      : section(joinSafe([help.examplesTitle, ...examples.map((e) => code(e))]), HELP_BLOCKS.examples),
    context([more], HELP_BLOCKS.more),
  ]);
}

function shownLines(input: {
  view: HelpView;
  declarations: readonly DeclaredSubcommand[];
  messages: Messages;
}): ShownLine[] {
  const { view, declarations, messages } = input;
  const reader = view.kind === 'mine' ? view.reader : undefined;
  return messages.help.commands.flatMap((entry) => {
    const declared = declarations.filter((subcommand) => subcommand.help.includes(entry.key));
    if (reader && !lineIsFor(entry.key, declared, reader)) return [];
    const runnable = reader
      ? declared.filter((subcommand) => mayRun(subcommand.accessSummary, reader))
      : declared;
    const line = md`${code(entry.usage)} ${entry.description}`;
    const text =
      view.kind === 'all'
        ? md`${line} ${messages.help.who.mark({ who: lineWho(entry.key, declared, view.policy, messages) })}`
        : line;
    return [{ group: HELP_LINES[entry.key].group, text, names: runnable.map((s) => s.name) }];
  });
}

/** A task's title and lines, in as many sections as its text needs (never cut). */
function groupSections(title: SafeText, lines: readonly ShownLine[], blockId: string): SectionBlock[] {
  const chunks: SafeText[][] = [[md`*${title}*`]];
  let size = title.length + 2;
  for (const { text } of lines) {
    const last = chunks[chunks.length - 1] as SafeText[];
    if (size + 1 + text.length > LIMITS.sectionText) {
      chunks.push([text]);
      size = text.length;
    } else {
      last.push(text);
      size += 1 + text.length;
    }
  }
  return chunks.map((chunk, at) => section(joinSafe(chunk), at === 0 ? blockId : `${blockId}_${at + 1}`));
}

/** An example is shown when the person may run the subcommand it types. */
function exampleIsFor(example: string, view: HelpView, declarations: readonly DeclaredSubcommand[]): boolean {
  if (view.kind !== 'mine') return true;
  const word = example.split(/\s+/)[1]?.toLowerCase() ?? 'help';
  const declared = declarations.find((d) => d.name === word || d.aliases.includes(word));
  return declared === undefined || mayRun(declared.accessSummary, view.reader);
}
