import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en, ru } from './index.js';

// Each feature keeps its texts in src/slack/<feature>/messages.ts (the contract) and
// messages-en.ts (English). The Messages type makes every property required, but only this test
// notices a feature catalogue that exists and is not the one the combined object serves.

const SLACK_DIR = join(import.meta.dirname, '..');

const featureFolders = () =>
  readdirSync(SLACK_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'messages')
    .map((entry) => entry.name)
    .filter((name) => readdirSync(join(SLACK_DIR, name)).includes('messages.ts'));

/** A catalogue as comparable text: its keys, strings, and each function's source. */
function fingerprint(value: unknown): string {
  if (typeof value === 'function') return `fn:${value.toString()}`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(',')}]`;
  const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([key, v]) => `${key}:${fingerprint(v)}`).join(',')}}`;
}

function* nodesOf(value: unknown): Generator<unknown> {
  yield value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    for (const child of Object.values(value)) yield* nodesOf(child);
}

describe('message catalogues by feature', () => {
  it('every feature that declares messages has its English texts beside them', () => {
    const folders = featureFolders();
    expect(folders.length).toBeGreaterThan(10);
    for (const folder of folders)
      expect(readdirSync(join(SLACK_DIR, folder)), folder).toContain('messages-en.ts');
  });

  it('every feature that declares messages has its Russian texts beside them', () => {
    for (const folder of featureFolders())
      expect(readdirSync(join(SLACK_DIR, folder)), folder).toContain('messages-ru.ts');
  });

  it.each([
    ['En', en],
    ['Ru', ru],
  ] as const)('every %s feature catalogue is served by the combined one', async (suffix, combined) => {
    const served = new Set([...nodesOf(combined)].map(fingerprint));
    let catalogues = 0;
    for (const folder of featureFolders()) {
      const file = `messages-${suffix.toLowerCase()}.ts`;
      const module: Record<string, unknown> = await import(join(SLACK_DIR, folder, file));
      const builders = Object.entries(module).filter(
        ([name, value]) => name.endsWith(suffix) && typeof value === 'function',
      );
      expect(builders.length, folder).toBeGreaterThan(0);
      for (const [name, build] of builders) {
        expect(typeof build, name).toBe('function');
        expect(served.has(fingerprint((build as () => unknown)())), `${folder}/${name}`).toBe(true);
        catalogues += 1;
      }
    }
    expect(catalogues).toBeGreaterThanOrEqual(20);
  });
});
