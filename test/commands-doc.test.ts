import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COMMAND_DOCS,
  renderCommandTable,
  TABLE_END,
  TABLE_START,
  withCommandTable,
} from '../scripts/docs/command-table.js';
import { SUBCOMMAND_DECLARATIONS } from '../src/slack/command/subcommands.js';

// docs/commands.md's and docs/commands.ru.md's tables are what the subcommand declarations and each
// language's help catalogue say; `npm run docs:commands` writes both.

describe.each(COMMAND_DOCS)('$path', ({ language, path }) => {
  it('holds the command table the declarations produce', () => {
    const document = readFileSync(path, 'utf8');
    const expected = renderCommandTable(SUBCOMMAND_DECLARATIONS, language);
    const start = document.indexOf(TABLE_START);
    const end = document.indexOf(TABLE_END);
    expect(start, `${path} has no ${TABLE_START}`).toBeGreaterThanOrEqual(0);
    expect(end, `${path} has no ${TABLE_END} after ${TABLE_START}`).toBeGreaterThan(start);
    const actual = document.slice(start + TABLE_START.length, end).trim();
    expect(actual, `${path} is out of date: run npm run docs:commands. Expected:\n${expected}\n`).toBe(
      expected,
    );
  });

  it('lists every declared subcommand', () => {
    const table = renderCommandTable(SUBCOMMAND_DECLARATIONS, language);
    for (const declared of SUBCOMMAND_DECLARATIONS) expect(table, declared.name).toContain(declared.name);
  });
});

describe('the command tables', () => {
  it('say who may run each subcommand, in the language of their page', () => {
    const english = renderCommandTable(SUBCOMMAND_DECLARATIONS, 'en');
    expect(english).toContain("| `/exp start ID` | the workspace policy's `start` rule |");
    expect(english).toContain('| `/exp hooks [rotate]` | admins |');
    const russian = renderCommandTable(SUBCOMMAND_DECLARATIONS, 'ru');
    expect(russian).toContain('| команда | кто может запускать | что делает |');
    expect(russian).toContain(
      '| `/exp start ID` | правило `start` политики рабочего пространства | Запустить эксперимент.',
    );
    expect(russian).toContain('| `/exp hooks [rotate]` | администраторы |');
    // Only the command words and their placeholders stay in English.
    const words = russian.replaceAll(/`[^`]*`/g, '').replaceAll(/\b(ID|CI|A\/B|iOS)\b/g, '');
    expect(words).not.toMatch(/\b(the|anyone|admins|rule|also)\b/);
  });

  it('replace only what lies between the markers', () => {
    const document = `before\n${TABLE_START}\nold\n${TABLE_END}\nafter\n`;
    expect(withCommandTable(document, 'new')).toBe(`before\n${TABLE_START}\nnew\n${TABLE_END}\nafter\n`);
    expect(() => withCommandTable('no markers', 'new')).toThrow(/commands:start/);
  });
});
