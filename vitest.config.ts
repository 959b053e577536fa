import { defineConfig } from 'vitest/config';

// Files that replace a module with vi.mock need a module graph of their own; every other file shares
// its worker's, so the app's modules are imported once per worker instead of once per file (about
// 40 % of the suite's time went to importing them again).
const OWN_MODULES = ['test/bolt-extension.test.ts'];

export default defineConfig({
  test: {
    // sqlite3 is a native addon: worker threads can crash on it, forks cannot.
    pool: 'forks',
    // Vitest's default is one fork per core less one: a single fork on this 2-core machine.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: OWN_MODULES,
          isolate: false,
          // expectTypeOf only checks anything under tsc: type tests live in *.test-d.ts files, which
          // vitest type-checks (never runs) and reports like other tests.
          typecheck: {
            enabled: true,
            include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
            tsconfig: 'tsconfig.type-tests.json',
          },
        },
      },
      { extends: true, test: { name: 'own modules', include: OWN_MODULES } },
    ],
  },
});
