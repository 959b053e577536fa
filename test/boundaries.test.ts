import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const isTestCode = (file: string) => /\.test(-helper|-d)?\.ts$/.test(file);

interface ImportEdge {
  file: string;
  specifier: string;
  /** The file it resolves to, relative to the repository root (relative specifiers only). */
  target: string | undefined;
  typeOnly: boolean;
  dynamic: boolean;
}

/** Every import and re-export of a file, static or dynamic, with whether it is erased at compile time. */
function importsOf(file: string): ImportEdge[] {
  const text = readFileSync(file, 'utf8');
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic: boolean) => {
    const target = specifier.startsWith('.')
      ? relative(process.cwd(), resolve(dirname(file), specifier)).replace(/\.js$/, '.ts')
      : undefined;
    edges.push({ file, specifier, target, typeOnly, dynamic });
  };
  for (const m of text.matchAll(/^(import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]/gm)) {
    add(m[3] ?? '', m[2] !== undefined, false);
  }
  for (const m of text.matchAll(/^import\s+['"]([^'"]+)['"]/gm)) add(m[1] ?? '', false, false);
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) add(m[1] ?? '', false, true);
  return edges;
}

/**
 * `as never` / `as unknown as` silence the type checker instead of satisfying it: each line of code
 * (comments aside) that has one, as `file:line`.
 */
function uncheckedCasts(file: string, text = readFileSync(file, 'utf8')): string[] {
  return text.split('\n').flatMap((line, at) => {
    const code = line.trimStart();
    if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return [];
    return /\bas\s+(never|unknown\s+as)\b/.test(line) ? [`${file}:${at + 1}`] : [];
  });
}

/**
 * Each declaration (a parameter, a property) of the app's whole dependency bag, `SlackDeps`, or of a
 * subcommand context carrying it, as `file:line`. A part of it (`Pick<SlackDeps, …>`, an indexed
 * type such as `SlackDeps['messages']`) is not one.
 */
function wholeDepsDeclarations(file: string, text = readFileSync(file, 'utf8')): string[] {
  return [...text.matchAll(/:\s*SlackDeps\b(?!\s*\[)|\bCommandContext<\s*SlackDeps\s*>/g)].map(
    (m) => `${file}:${text.slice(0, m.index).split('\n').length}`,
  );
}

/**
 * Each file's static imports among `files`: what loading it loads first (`types` false: the imports
 * erased at compile time left out), or every file whose names it reads (`types` true).
 */
function importGraph(files: readonly string[], types = false): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const targets = importsOf(file)
        .filter((e) => (types || !e.typeOnly) && !e.dynamic && e.target !== undefined && known.has(e.target))
        .map((e) => e.target as string);
      return [file, [...new Set(targets)]];
    }),
  );
}

/**
 * The import cycles of a graph: its strongly connected components of more than one file, or of one
 * file that imports itself (Tarjan's algorithm), each sorted.
 */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) visit(next);
      if (onStack.has(next)) low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

const production = sourceFiles('src').filter((f) => !isTestCode(f));
const outsideDev = production.filter((f) => !f.startsWith('src/dev/'));

describe('module boundaries', () => {
  it('the import scanner sees static, type-only and dynamic imports', () => {
    const start = importsOf('src/start.ts');
    expect(start.some((e) => e.dynamic && e.target === 'src/dev/index.ts')).toBe(true);
    expect(start.some((e) => e.typeOnly && e.target === 'src/dev/index.ts')).toBe(true);
    expect(start.some((e) => !e.typeOnly && !e.dynamic && e.target === 'src/config.ts')).toBe(false);
    expect(start.some((e) => e.typeOnly && e.target === 'src/config.ts')).toBe(true);
  });

  // The platform clients and the use-cases must stay usable without Slack (tests, other front-ends).
  it.each(['src/console', 'src/http', 'src/core', 'src/splitter', 'src/store', 'src/observability'])(
    '%s never imports @slack/*',
    (dir) => {
      const files = sourceFiles(dir);
      expect(files.length).toBeGreaterThan(0);
      const offenders = files
        .flatMap(importsOf)
        .filter((e) => e.specifier.startsWith('@slack/'))
        // The OAuth installation store implements Bolt's interface, by definition.
        .filter((e) => !e.file.endsWith('installation-store.ts'));
      expect(offenders).toEqual([]);
    },
  );

  it('the domain (lifecycle/) never imports the store', () => {
    // Its tests may run the domain's adapters over the store's real backends.
    const offenders = sourceFiles('src/core')
      .filter((f) => !isTestCode(f))
      .flatMap(importsOf)
      .filter((e) => e.target?.startsWith('src/store/'));
    expect(offenders).toEqual([]);
  });

  // The domain defines what it needs of the platform (src/core/platform/) and the console and the
  // splitter clients implement it: the dependency runs one way. Tests may still run the domain against the real client.
  it('src/core never imports the platform clients, src/console and src/splitter (production files)', () => {
    const offenders = sourceFiles('src/core')
      .filter((f) => !isTestCode(f))
      .flatMap(importsOf)
      .filter((e) => e.target?.startsWith('src/console/') || e.target?.startsWith('src/splitter/'));
    expect(offenders).toEqual([]);
  });

  it('the cycle finder sees cycles, long and short, and nothing in a chain', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', ['e']],
      ['e', []],
      ['f', ['f']],
    ]);
    expect(importCycles(graph)).toEqual([['a', 'b', 'c'], ['f']]);
  });

  // A module of a cycle may run before the ones it imports have finished loading (a constant read
  // then is undefined), and a cycle ties its files together for every later change. Type-only imports
  // are erased, so they cannot cycle at run time.
  it('no run-time import cycle exists between the files of src', () => {
    const graph = importGraph(production);
    expect([...graph.values()].flat().length).toBeGreaterThan(1000);
    expect(importCycles(graph)).toEqual([]);
  });

  // Erased or not, an import says a file is read with the other in mind: outside the development
  // tools, the files of src form layers, each read without the ones that read it.
  it('no import cycle, type-only imports included, exists between the production files of src', () => {
    const graph = importGraph(outsideDev, true);
    expect([...graph.values()].flat().length).toBeGreaterThan(1000);
    expect(importCycles(graph)).toEqual([]);
  });

  it('the platform clients never import the Slack layer, the store or the domain beyond its types', () => {
    const offenders = ['src/console', 'src/splitter', 'src/http']
      .flatMap(sourceFiles)
      .flatMap(importsOf)
      .filter(
        (e) =>
          e.target?.startsWith('src/slack/') ||
          e.target?.startsWith('src/store/') ||
          (e.target?.startsWith('src/core/') && !e.typeOnly),
      );
    expect(offenders).toEqual([]);
  });

  it('production code reaches development tooling only through start.ts’s one dynamic import', () => {
    const toDev = outsideDev.flatMap(importsOf).filter((e) => e.target?.startsWith('src/dev/'));
    const loading = toDev.filter((e) => !e.typeOnly);
    expect(loading).toEqual([
      {
        file: 'src/start.ts',
        specifier: './dev/index.js',
        target: 'src/dev/index.ts',
        typeOnly: false,
        dynamic: true,
      },
    ]);
  });

  it('production code never imports development-only packages or test code', () => {
    const devPackages = [
      'vitest',
      'playwright-core',
      'tsx',
      'esbuild',
      'ajv',
      'ajv-formats',
      'yaml',
      '@biomejs/biome',
    ];
    const offenders = outsideDev
      .flatMap(importsOf)
      .filter(
        (e) =>
          devPackages.some((p) => e.specifier === p || e.specifier.startsWith(`${p}/`)) ||
          (e.target !== undefined && isTestCode(e.target)),
      );
    expect(offenders).toEqual([]);
  });

  it('nothing in the project reads ../shared at run or test time', () => {
    const files = [...sourceFiles('src'), ...sourceFiles('test')].filter(
      (f) => !f.endsWith('boundaries.test.ts'),
    );
    const offenders = files.filter((file) => /\.\.\/shared|\/work\/shared/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  // A use-case that acts takes a grant (or, for an approval request, a ticket): only the access
  // decision makes them, so no surface can act on a decision it did not ask for.
  it('grants and approval tickets are issued by the one evaluation of a request and the access gate alone', () => {
    const issuers = production.filter((file) =>
      /\b(issueGrant|issueApprovalTicket)\(/.test(readFileSync(file, 'utf8')),
    );
    expect(issuers.sort()).toEqual([
      'src/core/policy/grant.ts',
      'src/core/requests/evaluate.ts',
      'src/slack/access/gate.ts',
    ]);
  });

  it('the cast scanner sees both forms in code and ignores them in comments', () => {
    const sample = [
      'f(x as never);',
      'const y = x as unknown as Y;',
      '// as never in a comment',
      'has never',
    ];
    expect(uncheckedCasts('sample.ts', sample.join('\n'))).toEqual(['sample.ts:1', 'sample.ts:2']);
  });

  it('the dependency scanner sees the whole bag, not a part of it', () => {
    const sample = [
      'export function registerX(listeners: SlackListeners, deps: SlackDeps): void {',
      'async function run(ctx: CommandContext<SlackDeps>) {',
      'interface Asked {\n  deps:\n    SlackDeps;',
      'function leaf(deps: Pick<SlackDeps, "logger">) {',
      "let policy: Awaited<ReturnType<SlackDeps['policies']['get']>>;",
      "type Texts = SlackDeps ['messages'];",
    ];
    expect(wholeDepsDeclarations('sample.ts', sample.join('\n'))).toEqual([
      'sample.ts:1',
      'sample.ts:2',
      'sample.ts:4',
    ]);
  });

  // A feature's functions name the part of SlackDeps they use (the compiler then says which fields
  // each one needs, and a test gives it only those). Only the composition holds the whole bag: the
  // app and src/slack/register.ts, a feature's own register.ts, and the /exp router, which builds
  // the context every feature's subcommand handler is given.
  it('features take narrow dependency types, not the whole SlackDeps', () => {
    const composition = ['src/slack/command/exp-command.ts', 'src/slack/command/subcommand.ts'];
    const features = production.filter(
      (file) => /^src\/slack\/[^/]+\//.test(file) && !/^src\/slack\/[^/]+\/register\.ts$/.test(file),
    );
    expect(features.length).toBeGreaterThan(50);
    const offenders = features
      .filter((file) => !composition.includes(file))
      .flatMap((file) => wholeDepsDeclarations(file));
    expect(offenders).toEqual([]);
  });

  // Payloads are typed with Bolt's own argument types, narrowed or parsed: a cast that tells the
  // checker nothing would hide the day a payload's shape and the code reading it part ways.
  it('production code has no `as never` or `as unknown as`', () => {
    const allowed: string[] = [];
    expect(outsideDev.flatMap((file) => uncheckedCasts(file))).toEqual(allowed);
  });
});
