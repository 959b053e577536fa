// `npm run build`, after tsc: bundles the playground page's browser code into dist/, where the built
// app reads it (a production install has no esbuild to bundle with).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleClientScript } from '../src/dev/playground/page/client-bundle.js';
import { PREBUILT_CLIENT_SCRIPT } from '../src/dev/playground/page/client-script.js';

const root = fileURLToPath(new URL('..', import.meta.url));
// tsc mirrors src/ into dist/ (tsconfig.build.json): the bundle goes beside the compiled loader.
const target = join(root, 'dist', relative(join(root, 'src'), PREBUILT_CLIENT_SCRIPT));

const script = await bundleClientScript();
await mkdir(dirname(target), { recursive: true });
// Silent on success: the first line npm start prints must be the playground address.
await writeFile(target, script);
