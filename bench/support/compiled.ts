import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

// Every process a benchmark starts runs compiled JavaScript, as production runs the app (`node
// dist/server/main.js`), never through tsx: tsx's loader keeps a transform and a source map per
// module, which would weigh in every memory ratio, and loading under it is slow. The app is the
// server bundle `npm run build` makes (built here when a source file is newer); the scripts under
// bench/ are bundled by esbuild, their imports of src/ pointed at tsc's dist/. `dist/main.js`,
// tsc's output of the same code one file per module, is there for the profile, whose summary tells
// the app's folders apart by file.

const root = fileURLToPath(new URL('../..', import.meta.url));
const srcDir = join(root, 'src');
const distDir = join(root, 'dist');
const outDir = join(root, 'node_modules', '.cache', 'exp-chatops-bench');
const built = new Map<string, Promise<string>>();

function newestSourceMs(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMs(path));
    else if (entry.name.endsWith('.ts') && !entry.name.includes('.test')) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

function builtMs(): number {
  try {
    return statSync(join(distDir, 'server', 'main.js')).mtimeMs;
  } catch {
    return 0;
  }
}

let distChecked = false;
function ensureDist(): void {
  if (distChecked) return;
  if (builtMs() < newestSourceMs(srcDir)) {
    process.stderr.write('bench: dist/ is older than src/: npm run build\n');
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  }
  distChecked = true;
}

const srcToDist: Plugin = {
  name: 'src-to-dist',
  setup(b) {
    b.onResolve({ filter: /\/src\// }, (args) => {
      const path = resolve(args.resolveDir, args.path);
      if (!path.startsWith(`${srcDir}/`)) return undefined;
      return { path: distDir + path.slice(srcDir.length), external: true };
    });
  },
};

async function bundle(script: string): Promise<string> {
  const outfile = join(outDir, basename(script).replace(/\.ts$/, '.mjs'));
  await build({
    entryPoints: [join(root, script)],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    plugins: [srcToDist],
  });
  return outfile;
}

/** The app as production runs it, and tsc's output of the same modules unbundled (for profiles). */
const APP_ENTRIES: Record<string, string> = {
  'src/main.ts': join('server', 'main.js'),
  'dist/main.js': 'main.js',
};

/** The JavaScript file to run for a subject given by its TypeScript path (relative to the repository). */
export function compiled(script: string): Promise<string> {
  // Another checkout's build (BENCH_AGAINST) is run as it was built.
  if (isAbsolute(script) && script.endsWith('.js')) return Promise.resolve(script);
  ensureDist();
  let path = built.get(script);
  if (!path) {
    path = APP_ENTRIES[script] ? Promise.resolve(join(distDir, APP_ENTRIES[script])) : bundle(script);
    built.set(script, path);
  }
  return path;
}
