import { fileURLToPath } from 'node:url';

/** The page script's entry; esbuild follows its imports through ../client/. */
export const CLIENT_ENTRY = fileURLToPath(new URL('../client/main.ts', import.meta.url));

/**
 * Bundles the browser code into one classic script. esbuild is a devDependency: `npm run build`
 * and a run from sources load it here; a built app serves the file the build wrote and never does.
 */
export async function bundleClientScript(entry = CLIENT_ENTRY): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    // Browsers of the last few years; class fields and ?? stay as written.
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild wrote nothing for ${entry}`);
  return output.text;
}
