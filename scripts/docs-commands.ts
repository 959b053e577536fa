// `npm run docs:commands`: rewrites the command tables of docs/commands.md (English) and
// docs/commands.ru.md (Russian) from the subcommand declarations and each language's help
// catalogue (test/commands-doc.test.ts fails while either is out of date).
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { SUBCOMMAND_DECLARATIONS } from '../src/slack/command/subcommands.js';
import { COMMAND_DOCS, renderCommandTable, withCommandTable } from './docs/command-table.js';

for (const { language, path } of COMMAND_DOCS) {
  const file = fileURLToPath(new URL(`../${path}`, import.meta.url));
  const document = await readFile(file, 'utf8');
  await writeFile(file, withCommandTable(document, renderCommandTable(SUBCOMMAND_DECLARATIONS, language)));
}
