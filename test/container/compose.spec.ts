import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config.js';

// compose.yaml and docs/deployment.md keep up with src/config.ts: every variable the app reads is
// named in both, and the environment compose gives the app (with the required values filled in and
// every other one at its default) is one the app starts on.

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The variables of config.ts's EnvSchema: its keys, two spaces in, in capitals. */
function variablesTheAppReads(): string[] {
  const source = read('src/config.ts');
  const start = source.indexOf('const EnvSchema = z.object({');
  const schema = start < 0 ? '' : source.slice(start, source.indexOf('\n});', start));
  const names = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1] as string);
  if (names.length < 20) throw new Error(`EnvSchema not found in src/config.ts (read ${names.length} names)`);
  return names;
}

/** Compose's interpolation: ${NAME:-default} → default, ${NAME:?message} → the value given. */
function interpolate(value: string, required: Record<string, string>): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?::-([^}]*)|:\?[^}]*)\}/g, (_, name: string, fallback?: string) => {
    if (fallback !== undefined) return fallback;
    const given = required[name];
    if (given === undefined) throw new Error(`compose.yaml requires ${name}, which this test does not fill`);
    return given;
  });
}

interface ComposeFile {
  services: Record<string, { environment?: Record<string, string | number | boolean>; image?: string }>;
  volumes?: Record<string, unknown>;
}

const compose = parse(read('compose.yaml'), { merge: true }) as ComposeFile;
const appServices = Object.entries(compose.services).filter(([, s]) => s.image?.startsWith('exp-chatops'));

describe('compose.yaml', () => {
  it('runs two replicas of the app on one Redis, whose data is on a volume', () => {
    expect(appServices.map(([name]) => name)).toHaveLength(2);
    for (const [, service] of appServices)
      expect(service.environment?.STORE_URL).toMatch(/^redis:\/\/redis:/);
    expect(JSON.stringify(compose.services.redis)).toContain('redis-data:/data');
    expect(Object.keys(compose.volumes ?? {})).toContain('redis-data');
  });

  it('names every variable the app reads, and gives an environment the app starts on', () => {
    const [, app] = appServices[0] ?? [];
    const environment = app?.environment ?? {};
    expect(Object.keys(environment).sort()).toEqual(variablesTheAppReads().sort());
    const required = {
      SLACK_SIGNING_SECRET: 'compose-signing-secret',
      TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    const env = Object.fromEntries(
      Object.entries(environment).map(([name, value]) => [name, interpolate(String(value), required)]),
    );
    expect(() => loadConfig({ ...env, SLACK_BOT_TOKEN: 'xoxb-compose' })).not.toThrow();
    expect(loadConfig({ ...env, SLACK_BOT_TOKEN: 'xoxb-compose' }).slack.mode).toBe('http');
  });
});

describe('docs/deployment.md', () => {
  it('explains every variable the app reads', () => {
    const doc = read('docs/deployment.md');
    const missing = variablesTheAppReads().filter((name) => !doc.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
