import type { AccessSummary, DeclaredSubcommand } from '../../src/slack/command/subcommand.js';
import type { Messages } from '../../src/slack/messages/index.js';

// docs/commands.md's table, derived from the subcommand declarations and the help catalogue: one row
// per help line, with who may run each subcommand it documents, as its declaration says.

export const TABLE_START = '<!-- commands:start -->';
export const TABLE_END = '<!-- commands:end -->';

function who(access: AccessSummary): string {
  switch (access.kind) {
    case 'read':
      return 'anyone (guests and other organisations included: it only reads)';
    case 'self':
      return "anyone, on their own things only (their token, their follows, their waiting requests; an admin may take back anyone's)";
    case 'policy':
      return `the workspace policy's \`${access.action}\` rule`;
    case 'admin':
      return 'admins';
    case 'read-unless':
      return `anyone to read; to change: ${who(access.rule)}`;
  }
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function code(text: string): string {
  return `\`${text}\``;
}

/** Who may run the subcommands of one line: said once when they agree, per subcommand when not. */
function whoCell(declared: readonly DeclaredSubcommand[]): string {
  const groups = new Map<string, string[]>();
  for (const subcommand of declared) {
    const rule = who(subcommand.accessSummary);
    groups.set(rule, [...(groups.get(rule) ?? []), subcommand.name]);
  }
  if (groups.size === 1) return [...groups.keys()].join('');
  return [...groups].map(([rule, names]) => `${names.map(code).join(', ')}: ${rule}`).join('; ');
}

function usageCell(usage: string, declared: readonly DeclaredSubcommand[]): string {
  const aliases = declared
    .filter((subcommand) => subcommand.aliases.length > 0)
    .map(
      (subcommand) => `${code(subcommand.name)} also answers to ${subcommand.aliases.map(code).join(', ')}`,
    );
  return aliases.length === 0 ? code(usage) : `${code(usage)} (${aliases.join('; ')})`;
}

export function renderCommandTable(declarations: readonly DeclaredSubcommand[], messages: Messages): string {
  const rows = messages.help.commands.flatMap((entry) => {
    const declared = declarations.filter((subcommand) => subcommand.help.includes(entry.key));
    if (declared.length === 0) return [];
    return [
      `| ${cell(usageCell(entry.usage, declared))} | ${cell(whoCell(declared))} | ${cell(entry.description)} |`,
    ];
  });
  return ['| command | who may run it | does |', '|---|---|---|', ...rows].join('\n');
}

/** The document with its table replaced; throws when the markers are missing. */
export function withCommandTable(document: string, table: string): string {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`docs/commands.md must hold ${TABLE_START} … ${TABLE_END}`);
  return `${document.slice(0, start + TABLE_START.length)}\n${table}\n${document.slice(end)}`;
}
