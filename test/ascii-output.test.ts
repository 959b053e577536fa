import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { asciiOutputFile, escapeNonAscii, UnescapableCharacterError } from '../scripts/ascii-output.js';

// The server bundle is escaped to ASCII after esbuild writes it (scripts/ascii-output.ts says why):
// the code must mean what it meant, and the source map must still point at the right column.

const dir = mkdtempSync(join(tmpdir(), 'ascii-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The index of the first character above U+007F, or -1. */
const firstNonAscii = (text: string) => [...text].findIndex((c) => (c.codePointAt(0) ?? 0) > 0x7f);

// A TypeScript module's text: its `${…}` are the module's own templates.
const SOURCE = [
  "const md = (strings: TemplateStringsArray, ...values: unknown[]) => strings.reduce((out, s, i) => out + String(values[i - 1] ?? '') + s);",
  '// a comment esbuild drops: …',
  "function marker() { return ''; }",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture module's own template
  'export const tagged = md`Эксперимент · ${1} ≤ 2 🚀` + marker();',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture module's own template
  'export const plain = `plain · ${2}`;',
  'export const raw = String.raw`ascii only`;',
].join('\n');

async function bundleFixture(): Promise<string> {
  const entry = join(dir, 'fixture.ts');
  writeFileSync(entry, SOURCE);
  const outfile = join(dir, 'fixture.js');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    sourcemap: 'linked',
    logLevel: 'silent',
  });
  return outfile;
}

describe('the bundle escaped to ASCII', () => {
  it('has no character above U+007F, and its strings are the ones written', async () => {
    const outfile = await bundleFixture();
    expect(firstNonAscii(readFileSync(outfile, 'utf8'))).toBeGreaterThan(0);
    await asciiOutputFile(outfile);
    expect(firstNonAscii(readFileSync(outfile, 'utf8'))).toBe(-1);
    const mod = (await import(pathToFileURL(outfile).href)) as Record<string, unknown>;
    expect(mod.tagged).toBe('Эксперимент · 1 ≤ 2 🚀');
    expect(mod.plain).toBe('plain · 2');
    expect(mod.raw).toBe('ascii only');
  });

  it('keeps the source map pointing at the column a name was written at', async () => {
    const outfile = await bundleFixture();
    await asciiOutputFile(outfile);
    const code = readFileSync(outfile, 'utf8');
    const map = new SourceMap(JSON.parse(readFileSync(`${outfile}.map`, 'utf8')));
    const line = code.split('\n').findIndex((text) => text.includes('+ marker()'));
    const column = (code.split('\n')[line] ?? '').indexOf('marker()');
    expect(line).toBeGreaterThanOrEqual(0);
    const entry = map.findEntry(line, column) as { originalLine: number; originalColumn: number };
    const sourceLine = SOURCE.split('\n').findIndex((text) => text.includes('+ marker()'));
    expect(entry.originalLine).toBe(sourceLine);
    expect(entry.originalColumn).toBe((SOURCE.split('\n')[sourceLine] ?? '').indexOf('marker()'));
  });

  it('refuses what an escape would change: a backslash before the character, a line separator', () => {
    expect(escapeNonAscii('const a = `\\\\·`;').code).toBe('const a = `\\\\\\u00B7`;');
    expect(() => escapeNonAscii('const a = String.raw`\\·`;')).toThrow(UnescapableCharacterError);
    expect(() => escapeNonAscii('// ends here\u2028x')).toThrow(UnescapableCharacterError);
  });
});
