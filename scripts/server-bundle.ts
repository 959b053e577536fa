import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';

// What `npm start` and the container run: the app's own modules bundled into a few files by
// esbuild, its npm packages left as imports (sqlite3's addon, BullMQ's Lua scripts and pino's
// worker are loaded from their packages at run time). Node's ESM loader keeps a record, a job and a
// compiled scope per module; for the app's 450-odd modules that was about 11 MB more resident
// memory right after start-up (median of six start-ups side by side: 106 MB unbundled, 95 MB
// bundled; bare Bolt 72 MB) and a longer start-up. The benchmark's Bolt baselines are bundled the
// same way, so the comparison is like for like (docs/benchmarks.md).
//
// Code splitting keeps every `import()` a file of its own, loaded only when asked for: the
// development tooling (sandbox, emulator, playground) and the store backends stay out of a
// production process that does not use them (test/server-bundle.test.ts reads the metafile and
// records what a started bundle loads). esbuild's keepNames is off: it wraps every function and
// closure it creates in a call that redefines its name, per request for the closures a request
// makes; with it, /exp help answered 8-14 % fewer requests a second than tsc's output did side by
// side. Error classes name themselves after their class (`new.target.name`), so a class esbuild
// renamed on joining modules (Foo2 for a second Foo) would change what logs say: the same test
// checks that no class of the bundle is named otherwise than in src/.

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the playground's browser bundle is read from by the built page loader (dist/dev/...). */
const CLIENT_SCRIPT = join(root, 'dist', 'dev', 'playground', 'page', 'client.bundle.js');

export interface ServerBundle {
  /** Which inputs (paths relative to the repository) went into which output file. */
  metafile: Metafile;
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
    packages: 'external',
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    // Maps for `node --enable-source-maps` when a stack trace must point into src/; Node reads
    // them only when asked, so they cost nothing otherwise.
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
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
