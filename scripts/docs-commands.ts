// `npm run docs:commands`: rewrites the command table in docs/commands.md from the subcommand
// declarations (test/commands-doc.test.ts fails while it is out of date).
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { SUBCOMMAND_DECLARATIONS } from '../src/slack/command/subcommands.js';
import { en } from '../src/slack/messages/index.js';
import { renderCommandTable, withCommandTable } from './docs/command-table.js';

const path = fileURLToPath(new URL('../docs/commands.md', import.meta.url));
const document = await readFile(path, 'utf8');
await writeFile(path, withCommandTable(document, renderCommandTable(SUBCOMMAND_DECLARATIONS, en)));
