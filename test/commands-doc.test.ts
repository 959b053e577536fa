import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  renderCommandTable,
  TABLE_END,
  TABLE_START,
  withCommandTable,
} from '../scripts/docs/command-table.js';
import { SUBCOMMAND_DECLARATIONS } from '../src/slack/command/subcommands.js';
import { en } from '../src/slack/messages/index.js';

// docs/commands.md's table is what the subcommand declarations say; `npm run docs:commands` writes it.

const DOC = 'docs/commands.md';

describe('docs/commands.md', () => {
  it('holds the command table the declarations produce', () => {
    const document = readFileSync(DOC, 'utf8');
    const expected = renderCommandTable(SUBCOMMAND_DECLARATIONS, en);
    const start = document.indexOf(TABLE_START);
    const end = document.indexOf(TABLE_END);
    expect(start, `${DOC} has no ${TABLE_START}`).toBeGreaterThanOrEqual(0);
    expect(end, `${DOC} has no ${TABLE_END} after ${TABLE_START}`).toBeGreaterThan(start);
    const actual = document.slice(start + TABLE_START.length, end).trim();
    expect(actual, `${DOC} is out of date: run npm run docs:commands. Expected:\n${expected}\n`).toBe(
      expected,
    );
  });

  it('lists every declared subcommand, and who may run it', () => {
    const table = renderCommandTable(SUBCOMMAND_DECLARATIONS, en);
    for (const declared of SUBCOMMAND_DECLARATIONS) expect(table, declared.name).toContain(declared.name);
    expect(table).toContain("| `/exp start ID` | the workspace policy's `start` rule |");
    expect(table).toContain('| `/exp hooks [rotate]` | admins |');
  });

  it('replaces only what lies between the markers', () => {
    const document = `before\n${TABLE_START}\nold\n${TABLE_END}\nafter\n`;
    expect(withCommandTable(document, 'new')).toBe(`before\n${TABLE_START}\nnew\n${TABLE_END}\nafter\n`);
    expect(() => withCommandTable('no markers', 'new')).toThrow(/commands:start/);
  });
});
