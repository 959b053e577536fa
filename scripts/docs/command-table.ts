import type { AccessSummary, DeclaredSubcommand } from '../../src/slack/command/subcommand.js';
import type { Messages } from '../../src/slack/messages/index.js';
import { en, ru } from '../../src/slack/messages/index.js';

// The command tables of docs/commands.md and docs/commands.ru.md, derived from the subcommand
// declarations and each language's help catalogue: one row per help line, with who may run each
// subcommand it documents, as its declaration says.

export const TABLE_START = '<!-- commands:start -->';
export const TABLE_END = '<!-- commands:end -->';

/** The table's own words in one language: its header, and who may run a subcommand. */
interface TableWords {
  header: readonly [string, string, string];
  read: string;
  self: string;
  policy(action: string): string;
  admin: string;
  readUnless(change: string): string;
  aliases(name: string, aliases: string): string;
}

const WORDS = {
  en: {
    header: ['command', 'who may run it', 'does'],
    read: 'anyone (guests and other organisations included: it only reads)',
    self: "anyone, on their own things only (their token, their follows, their waiting requests; an admin may take back anyone's)",
    policy: (action) => `the workspace policy's \`${action}\` rule`,
    admin: 'admins',
    readUnless: (change) => `anyone to read; to change: ${change}`,
    aliases: (name, aliases) => `${name} also answers to ${aliases}`,
  },
  ru: {
    header: ['команда', 'кто может запускать', 'что делает'],
    read: 'любой (и гости, и люди из других организаций: команда только читает)',
    self: 'любой, но только своё (свой токен, эксперименты, за которыми следит, свои ждущие запросы; администратор может отозвать и чужие)',
    policy: (action) => `правило \`${action}\` политики рабочего пространства`,
    admin: 'администраторы',
    readUnless: (change) => `смотреть — любой; менять — ${change}`,
    aliases: (name, aliases) => `${name} понимает и ${aliases}`,
  },
} satisfies Record<string, TableWords>;

export type DocLanguage = keyof typeof WORDS;

/** Each generated command reference: the language of its table, and where it lives. */
export const COMMAND_DOCS: ReadonlyArray<{ language: DocLanguage; path: string }> = [
  { language: 'en', path: 'docs/commands.md' },
  { language: 'ru', path: 'docs/commands.ru.md' },
];

const CATALOGUES: Record<DocLanguage, Messages> = { en, ru };

function who(access: AccessSummary, words: TableWords): string {
  switch (access.kind) {
    case 'read':
      return words.read;
    case 'self':
      return words.self;
    case 'policy':
      return words.policy(access.action);
    case 'admin':
      return words.admin;
    case 'read-unless':
      return words.readUnless(who(access.rule, words));
  }
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function code(text: string): string {
  return `\`${text}\``;
}

/** Who may run the subcommands of one line: said once when they agree, per subcommand when not. */
function whoCell(declared: readonly DeclaredSubcommand[], words: TableWords): string {
  const groups = new Map<string, string[]>();
  for (const subcommand of declared) {
    const rule = who(subcommand.accessSummary, words);
    groups.set(rule, [...(groups.get(rule) ?? []), subcommand.name]);
  }
  if (groups.size === 1) return [...groups.keys()].join('');
  return [...groups].map(([rule, names]) => `${names.map(code).join(', ')}: ${rule}`).join('; ');
}

function usageCell(usage: string, declared: readonly DeclaredSubcommand[], words: TableWords): string {
  const aliases = declared
    .filter((subcommand) => subcommand.aliases.length > 0)
    .map((subcommand) => words.aliases(code(subcommand.name), subcommand.aliases.map(code).join(', ')));
  return aliases.length === 0 ? code(usage) : `${code(usage)} (${aliases.join('; ')})`;
}

/** The table in `language`: its help catalogue's lines, in their order, and its own words. */
export function renderCommandTable(
  declarations: readonly DeclaredSubcommand[],
  language: DocLanguage,
): string {
  const words: TableWords = WORDS[language];
  const rows = CATALOGUES[language].help.commands.flatMap((entry) => {
    const declared = declarations.filter((subcommand) => subcommand.help.includes(entry.key));
    if (declared.length === 0) return [];
    const usage = usageCell(entry.usage, declared, words);
    return [`| ${cell(usage)} | ${cell(whoCell(declared, words))} | ${cell(entry.description)} |`];
  });
  return [`| ${words.header.join(' | ')} |`, '|---|---|---|', ...rows].join('\n');
}

/** The document with its table replaced; throws when the markers are missing. */
export function withCommandTable(document: string, table: string): string {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start < 0 || end < start)
    throw new Error(`a command reference must hold ${TABLE_START} … ${TABLE_END}`);
  return `${document.slice(0, start + TABLE_START.length)}\n${table}\n${document.slice(end)}`;
}
