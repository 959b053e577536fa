import { access, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { bundleClientScript, CLIENT_ENTRY } from './client-bundle.js';

/** The URL the page loads its script from. */
export const CLIENT_SCRIPT_PATH = '/playground.js';

/** Where `npm run build` puts the bundle: beside this module's compiled file in dist/. */
export const PREBUILT_CLIENT_SCRIPT = fileURLToPath(new URL('./client.bundle.js', import.meta.url));

export interface ClientScriptSource {
  prebuilt: string;
  entry: string;
  bundle(entry: string): Promise<string>;
}

const defaultSource: ClientScriptSource = {
  prebuilt: PREBUILT_CLIENT_SCRIPT,
  entry: CLIENT_ENTRY,
  bundle: bundleClientScript,
};

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENOENT';
}

/**
 * The page script, read once per process: the prebuilt bundle when there is one (a built app),
 * else bundled from the TypeScript sources (tests and runs from src/, which never build first).
 * A failed load is not cached, so fixing the sources and reloading the page is enough.
 */
export function createClientScriptLoader(source: ClientScriptSource = defaultSource): () => Promise<string> {
  let loading: Promise<string> | undefined;
  const load = async (): Promise<string> => {
    try {
      return await readFile(source.prebuilt, 'utf8');
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    try {
      await access(source.entry);
    } catch (error) {
      if (!isMissing(error)) throw error;
      throw new Error(`The playground's script is missing (${source.prebuilt}): run \`npm run build\`.`);
    }
    return source.bundle(source.entry);
  };
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/** Shared by every playground in the process, so the sources are bundled at most once. */
export const loadClientScript = createClientScriptLoader();
