// `npm run build`, last: the server bundle `npm start` runs (scripts/server-bundle.ts says why).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer, copyPlaygroundScript } from './server-bundle.js';

const outdir = join(fileURLToPath(new URL('..', import.meta.url)), 'dist', 'server');
// Chunk names carry a hash: an earlier build's chunks would pile up beside the new ones.
await rm(outdir, { recursive: true, force: true });
await bundleServer(outdir);
await copyPlaygroundScript(outdir);
