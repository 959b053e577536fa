import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from './sandbox-http.test-helper.js';

const cliPath = fileURLToPath(new URL('./cli.ts', import.meta.url));
let child: ChildProcess | undefined;

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

function waitForOutput(proc: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(pattern);
      if (match) resolve(match);
    });
    proc.once('exit', (code) => reject(new Error(`cli exited with ${code} before printing: ${out}`)));
  });
}

describe('npm run sandbox (cli)', () => {
  it('prints base_url, splitter URL and a working token, and stops cleanly on SIGTERM', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', cliPath], {
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const match = await waitForOutput(
      child,
      /CONSOLE_BASE_URL=(\S+)\n\s*SPLITTER_URL=(\S+)\n\s*CONSOLE_API_TOKEN=(\S+)\n/,
    );
    const [, baseUrl, splitterUrl, token] = match;
    expect(splitterUrl).toBe(`${baseUrl}/splitter`);
    const res = await call(`${baseUrl}/api/console/experiments/v1/dictionaries/types`, 'GET', { token });
    expect(res.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
