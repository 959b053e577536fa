import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleClientScript, CLIENT_ENTRY } from './client-bundle.js';
import { createClientScriptLoader } from './client-script.js';

describe('the page script bundle', () => {
  let script: string;
  beforeAll(async () => {
    script = await bundleClientScript();
  });

  it('is one classic script: no module syntax, no TypeScript left, parses as a function body', () => {
    expect(() => new Function(script)).not.toThrow();
    expect(script).not.toMatch(/^\s*(import|export)\s/m);
    expect(script.startsWith('"use strict";\n(() => {')).toBe(true);
  });

  it('holds the whole page: every source module and the start-up that wires the document', () => {
    for (const module of ['session', 'api', 'live-state', 'channel-view', 'modal', 'external-select']) {
      expect(script).toContain(`// src/dev/playground/client/${module}.ts`);
    }
    for (const event of ['click', 'change', 'input', 'focusin', 'keydown', 'submit']) {
      expect(script).toContain(`document.addEventListener("${event}", `);
    }
    expect(script).toContain('new EventSource(`/api/events?');
    expect(script.trimEnd().endsWith('start();\n})();')).toBe(true);
  });

  it('carries no Node code into the browser', () => {
    expect(script).not.toMatch(/\brequire\(|\bprocess\.|from "node:|Buffer\./);
  });

  it('inserts HTML only where the server rendered it, and never evaluates text', () => {
    // The three places: the channel pane, the open thread and the modal, all from state.html.
    const assignments = [...script.matchAll(/\.innerHTML\s*=\s*([^;]+);/g)].map((m) => m[0]);
    expect(assignments.sort()).toEqual([
      '.innerHTML = html;',
      '.innerHTML = html;',
      '.innerHTML = modal.html;',
    ]);
    expect(script).toContain('pane.innerHTML = html;');
    expect(script).toContain('threadList.innerHTML = html;');
    expect(script).toContain('root.innerHTML = modal.html;');
    expect(script).not.toMatch(/insertAdjacentHTML|outerHTML|document\.write|\beval\(|new Function/);
  });
});

describe('createClientScriptLoader', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'playground-script-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the prebuilt bundle when the build wrote one, without bundling', async () => {
    const prebuilt = join(dir, 'client.bundle.js');
    await writeFile(prebuilt, '"use strict";/* built */');
    const bundled: string[] = [];
    const load = createClientScriptLoader({
      prebuilt,
      entry: CLIENT_ENTRY,
      bundle: async (entry) => {
        bundled.push(entry);
        return 'bundled';
      },
    });
    expect(await load()).toBe('"use strict";/* built */');
    expect(bundled).toEqual([]);
  });

  it('bundles the sources once when there is no prebuilt bundle (a run from src/)', async () => {
    const bundled: string[] = [];
    const load = createClientScriptLoader({
      prebuilt: join(dir, 'absent.js'),
      entry: CLIENT_ENTRY,
      bundle: async (entry) => {
        bundled.push(entry);
        return bundleClientScript(entry);
      },
    });
    const [first, second] = await Promise.all([load(), load()]);
    const third = await load();
    expect(bundled).toEqual([CLIENT_ENTRY]);
    expect(first).toContain('pane.innerHTML = html;');
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it('says to build when neither the bundle nor the sources are there, and tries again next time', async () => {
    const prebuilt = join(dir, 'later.js');
    const load = createClientScriptLoader({
      prebuilt,
      entry: join(dir, 'main.ts'),
      bundle: async () => 'never',
    });
    await expect(load()).rejects.toThrow(/later\.js.*npm run build/);
    await writeFile(prebuilt, '/* built later */');
    expect(await load()).toBe('/* built later */');
  });
});
