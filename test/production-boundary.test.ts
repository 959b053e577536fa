import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, type ServerBundle } from '../scripts/server-bundle.js';

const CACHE = resolve('node_modules/.cache/exp-chatops-test');

// Production must never load development tooling (the sandbox, the Slack emulator, the playground):
// start the real entry point in a process whose module loads are recorded, and read the record.

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const RECORDER = './test/support/module-loads/register.mjs';

/** `node …entry` with tsx for src/main.ts, as tests run it; the server bundle runs on plain node. */
async function startRecorded(
  env: Record<string, string>,
  entry: readonly string[] = ['--import', 'tsx', '--import', RECORDER, 'src/main.ts'],
): Promise<{ loaded: () => string[]; out: () => string }> {
  const log = join(mkdtempSync(join(tmpdir(), 'exp-loads-')), 'modules.txt');
  const child = spawn(process.execPath, entry, {
    env: {
      PATH: process.env.PATH ?? '',
      MODULE_LOAD_LOG: log,
      STORE_URL: 'memory://',
      PORT: String(await freePort()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 20_000;
  while (!output.includes('listening on')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the app did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const loaded = () =>
    readFileSync(log, 'utf8')
      .split('\n')
      .filter((url) => url.startsWith('file:'));
  return { loaded, out: () => output };
}

/** Every TypeScript file under `dir`, tests included (a class declared anywhere in src/ counts). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(dir, file));
}

const devModules = (urls: string[]) => urls.filter((url) => url.includes('/src/dev/'));

/** HTTP mode: Slack credentials and a key, no platform (each workspace connects its own). */
const productionEnv = () => ({
  SLACK_SIGNING_SECRET: randomBytes(16).toString('hex'),
  SLACK_BOT_TOKEN: 'xoxb-production-boundary',
  SLACK_API_URL: 'http://127.0.0.1:9/api',
  TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
});

describe('the production entry point', () => {
  it('in HTTP mode loads no module of the development tooling', async () => {
    const app = await startRecorded(productionEnv());
    const urls = app.loaded();
    // The record is real: the app's own modules and Bolt are in it.
    expect(urls.some((url) => url.endsWith('/src/start.ts'))).toBe(true);
    expect(urls.some((url) => url.endsWith('/src/slack/register.ts'))).toBe(true);
    expect(urls.some((url) => url.includes('/node_modules/@slack/bolt/'))).toBe(true);
    expect(devModules(urls)).toEqual([]);
    // And nothing was connected to a simulator: there is no default platform.
    expect(app.out()).toContain('per workspace (/exp connect)');
    // A process started under tsx: the minute its playground-mode twin below has, on a busy machine.
  }, 60_000);

  it('loads the development tooling in playground mode, so the record above would show it', async () => {
    const app = await startRecorded({ PLAYGROUND_PORT: String(await freePort()) });
    expect(devModules(app.loaded())).toEqual(
      expect.arrayContaining([
        expect.stringContaining('/src/dev/index.ts'),
        expect.stringContaining('/src/dev/sandbox/server.ts'),
      ]),
    );
  });
});

describe('the server bundle npm start runs (scripts/server-bundle.ts)', () => {
  // Built here from src/, as `npm run build` builds it, under node_modules/ so that its imports of
  // the npm packages resolve as they do from dist/server/.
  let outdir = '';
  let bundle: ServerBundle;
  beforeAll(async () => {
    mkdirSync(CACHE, { recursive: true });
    outdir = mkdtempSync(join(CACHE, 'server-'));
    bundle = await bundleServer(outdir);
  }, 60_000);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  /** The output files (absolute paths) holding any module of the development tooling. */
  const devOutputs = () =>
    Object.entries(bundle.metafile.outputs)
      .filter(([, output]) => Object.keys(output.inputs).some((input) => input.startsWith('src/dev/')))
      .map(([path]) => resolve(path));

  it('keeps the development tooling in files of its own, reached only by import()', () => {
    const outputs = bundle.metafile.outputs;
    const main = Object.keys(outputs).find((path) => path.endsWith('/main.js')) as string;
    const dev = devOutputs();
    expect(dev.length).toBeGreaterThan(0);
    // Everything main.js loads before it runs: its static imports, and theirs.
    const staticClosure = new Set<string>();
    const visit = (path: string) => {
      if (staticClosure.has(path)) return;
      staticClosure.add(path);
      for (const next of outputs[path]?.imports ?? []) if (next.kind === 'import-statement') visit(next.path);
    };
    visit(main);
    expect([...staticClosure].map((path) => resolve(path)).filter((path) => dev.includes(path))).toEqual([]);
    expect(
      outputs[main]?.imports.some(
        (next) => next.kind === 'dynamic-import' && dev.includes(resolve(next.path)),
      ),
    ).toBe(true);
  });

  it('names every class as src/ does (error classes log under their own name)', () => {
    const declared = (text: string) => [...text.matchAll(/\bclass (\w+)/g)].map((m) => m[1] as string);
    // esbuild writes a class as `var Name = class ...`: the class takes its name from the variable.
    const bundledAs = (text: string) =>
      [...text.matchAll(/\b(?:class (\w+)|(\w+) = class\b)/g)].map((m) => (m[1] ?? m[2]) as string);
    const fromSources = new Set(sourceFiles('src').flatMap((file) => declared(readFileSync(file, 'utf8'))));
    const bundled = Object.keys(bundle.metafile.outputs)
      .filter((path) => path.endsWith('.js'))
      .flatMap((path) => bundledAs(readFileSync(resolve(path), 'utf8')));
    expect(bundled.length).toBeGreaterThan(20);
    // A class esbuild renamed (Foo2 beside another module's Foo) is in the bundle, not in src/.
    expect(bundled.filter((name) => /\d$/.test(name) && !fromSources.has(name))).toEqual([]);
  });

  it('writes every file in ASCII, so V8 keeps its source one byte a character', () => {
    const scripts = Object.keys(bundle.metafile.outputs).filter((path) => path.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(3);
    const aboveAscii = (path: string) =>
      [...readFileSync(resolve(path), 'utf8')].filter((c) => (c.codePointAt(0) ?? 0) > 0x7f).length;
    expect(scripts.filter((path) => aboveAscii(path) > 0)).toEqual([]);
  });

  it('holds zod with only what the app uses of it: its English messages, no other language', () => {
    const inputs = Object.values(bundle.metafile.outputs).flatMap((output) => Object.keys(output.inputs));
    expect(inputs.filter((input) => input.startsWith('node_modules/zod/')).length).toBeGreaterThan(5);
    expect(inputs.filter((input) => input.includes('node_modules/zod/v4/locales/'))).toEqual([
      'node_modules/zod/v4/locales/en.js',
    ]);
  });

  it('started in HTTP mode, listens having loaded none of those files nor any module of src/', async () => {
    const app = await startRecorded(productionEnv(), ['--import', RECORDER, join(outdir, 'main.js')]);
    const files = app.loaded().map((url) => fileURLToPath(url));
    expect(files).toContain(join(outdir, 'main.js'));
    expect(files.some((file) => file.includes('/node_modules/@slack/bolt/'))).toBe(true);
    expect(files.filter((file) => file.includes('/node_modules/zod/'))).toEqual([]);
    // No module of src/ is loaded apart from the bundle: it holds them all.
    expect(files.filter((file) => file.startsWith(`${resolve('src')}/`))).toEqual([]);
    expect(files.filter((file) => devOutputs().includes(file))).toEqual([]);
    expect(app.out()).toContain('per workspace (/exp connect)');
  });
});
