import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';
import { asciiOutputFile } from './ascii-output.js';

// What `npm start` and the container run: the app's own modules bundled into a few files by
// esbuild, its npm packages left as imports (sqlite3's addon, BullMQ's Lua scripts and pino's
// worker are loaded from their packages at run time), except zod: its package loads every module
// it has, 60-odd languages of error messages among them, where the app uses a fifth of it in
// English; bundled, esbuild keeps only what the app's `z.` calls reach (imported as a namespace for
// that: biome.json refuses `import { z }`). Node's ESM loader keeps a record, a job and a
// compiled scope for each module it loads; for the app's hundreds of modules that is memory a
// process holds from start-up on. The benchmarks' baselines are bundled the same way.
//
// Code splitting keeps every `import()` a file of its own, loaded only when asked for: the
// development tooling (sandbox, emulator, playground) and the store backends stay out of a
// production process that does not use them (test/production-boundary.test.ts reads the metafile
// and records what a started bundle loads). esbuild's keepNames stays off: it wraps every function
// in a call that redefines its name, closures included, so every request would pay for it. Error
// classes name themselves after their class (`new.target.name`), so a class esbuild renamed when
// joining modules (Foo2 beside another Foo) would change what logs say: the same test checks that
// no class of the bundle bears a name src/ does not declare.

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the playground's browser bundle is read from by the built page loader (dist/dev/...). */
const CLIENT_SCRIPT = join(root, 'dist', 'dev', 'playground', 'page', 'client.bundle.js');

export interface ServerBundle {
  /** Which inputs (paths relative to the repository) went into which output file. */
  metafile: Metafile;
}

/** Every bare import (a package, `node:` modules) left as an import, but those of `bundled`. */
function externalExcept(bundled: readonly string[]): Plugin {
  const inside = (path: string) => bundled.some((name) => path === name || path.startsWith(`${name}/`));
  return {
    name: 'external-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        inside(args.path) ? undefined : { path: args.path, external: true },
      );
    },
  };
}

/** Bundles src/main.ts into `outdir` (its entry is `outdir/main.js`). */
export async function bundleServer(outdir: string): Promise<ServerBundle> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/main.ts'],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [externalExcept(['zod'])],
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    // Maps for `node --enable-source-maps` when a stack trace must point into src/; Node reads
    // them only when asked, so they cost nothing otherwise.
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
  // scripts/ascii-output.ts says why.
  const scripts = Object.keys(result.metafile.outputs).filter((path) => path.endsWith('.js'));
  await Promise.all(scripts.map((path) => asciiOutputFile(join(root, path))));
  return { metafile: result.metafile };
}

/**
 * The page loader looks for the playground's browser bundle beside its own module, which in the
 * server bundle is a chunk in `outdir`: the one tsc's build wrote is copied there.
 */
export async function copyPlaygroundScript(outdir: string): Promise<void> {
  await mkdir(outdir, { recursive: true });
  await copyFile(CLIENT_SCRIPT, join(outdir, 'client.bundle.js'));
}
