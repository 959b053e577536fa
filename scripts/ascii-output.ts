import { readFile, writeFile } from 'node:fs/promises';
import { decode, encode } from '@jridgewell/sourcemap-codec';

// V8 keeps every loaded script's source text in the heap for as long as the process lives (lazy
// compilation and Function#toString read it), one byte a character when every character is Latin-1
// and two bytes a character otherwise. esbuild writes ASCII escapes for non-ASCII characters in
// string literals, but not in tagged templates (their raw text would change) nor in the comments
// it keeps, so the Russian catalogue's `md` templates and a few `…` in comments would make the
// whole main bundle a two-byte string, twice its size in every process's heap. Escaping them keeps
// the cooked text `md` reads: a tag that read `raw` would see the
// escapes, and none does. The source map's columns are moved by what each escape added on its line,
// so stack traces still point at the right column of src/.

/** Where escapes were written on a line: at an original column, this many characters were added. */
type Shift = { column: number; added: number };

export interface AsciiCode {
  code: string;
  /** Per generated line (0-based), the escapes written on it, in column order. */
  shifts: Map<number, Shift[]>;
}

export class UnescapableCharacterError extends Error {
  constructor(line: number, column: number, why: string) {
    super(`cannot escape the character at ${line + 1}:${column + 1} of the bundle: ${why}`);
    this.name = new.target.name;
  }
}

/** Escaping U+2028/U+2029 would end a line comment they now end, and so join it to the next line. */
const LINE_SEPARATORS = new Set([0x2028, 0x2029]);

function escapeUnit(unit: number): string {
  return `\\u${unit.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Replaces every non-ASCII UTF-16 unit of `code` with its `\uXXXX` escape. */
export function escapeNonAscii(code: string): AsciiCode {
  const shifts = new Map<number, Shift[]>();
  let out = '';
  let line = 0;
  let lineStart = 0;
  let copiedTo = 0;
  for (let i = 0; i < code.length; i++) {
    const unit = code.charCodeAt(i);
    if (unit === 10) {
      line += 1;
      lineStart = i + 1;
    }
    if (unit < 0x80) continue;
    let backslashes = 0;
    while (code.charCodeAt(i - 1 - backslashes) === 92) backslashes += 1;
    if (backslashes % 2 === 1)
      throw new UnescapableCharacterError(line, i - lineStart, 'a backslash precedes it');
    if (LINE_SEPARATORS.has(unit))
      throw new UnescapableCharacterError(line, i - lineStart, 'a line separator');
    out += code.slice(copiedTo, i) + escapeUnit(unit);
    copiedTo = i + 1;
    const onLine = shifts.get(line) ?? [];
    onLine.push({ column: i - lineStart, added: 5 });
    shifts.set(line, onLine);
  }
  return { code: out + code.slice(copiedTo), shifts };
}

/** A generated column moved right by every escape written before it on its line. */
function movedColumn(column: number, shifts: readonly Shift[]): number {
  let added = 0;
  for (const shift of shifts) {
    if (shift.column >= column) break;
    added += shift.added;
  }
  return column + added;
}

/** The source map's `mappings` with generated columns moved as `escapeNonAscii` moved them. */
export function shiftMappings(mappings: string, shifts: ReadonlyMap<number, readonly Shift[]>): string {
  const lines = decode(mappings);
  for (const [index, onLine] of shifts) {
    const segments = lines[index];
    if (!segments) continue;
    for (const segment of segments) segment[0] = movedColumn(segment[0], onLine);
  }
  return encode(lines);
}

/** Escapes one bundle output file in place, and its linked `.map` beside it. */
export async function asciiOutputFile(path: string): Promise<void> {
  const { code, shifts } = escapeNonAscii(await readFile(path, 'utf8'));
  if (shifts.size === 0) return;
  await writeFile(path, code);
  const mapPath = `${path}.map`;
  const map = JSON.parse(await readFile(mapPath, 'utf8')) as { mappings: string };
  map.mappings = shiftMappings(map.mappings, shifts);
  await writeFile(mapPath, JSON.stringify(map));
}
