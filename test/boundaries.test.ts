import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('module boundaries', () => {
  // The platform client and the use-cases must stay usable without Slack (tests, other front-ends).
  it.each(['src/console', 'src/http', 'src/lifecycle', 'src/splitter', 'src/store'])(
    '%s never imports @slack/*',
    (dir) => {
      const files = sourceFiles(dir);
      expect(files.length).toBeGreaterThan(0);
      const offenders = files.filter((file) => /from\s+['"]@slack\//.test(readFileSync(file, 'utf8')));
      // The OAuth installation store implements Bolt's interface, by definition.
      expect(offenders.filter((f) => !f.endsWith('installation-store.ts'))).toEqual([]);
    },
  );

  it('nothing in the project reads ../shared at run or test time', () => {
    const files = [...sourceFiles('src'), ...sourceFiles('test')].filter(
      (f) => !f.endsWith('boundaries.test.ts'),
    );
    const offenders = files.filter((file) => /\.\.\/shared|\/work\/shared/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
