import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // sqlite3 is a native addon: worker threads can crash on it, forks cannot.
    pool: 'forks',
    // Vitest's default is one fork per core less one: a single fork on this 2-core machine.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // expectTypeOf only checks anything under tsc: type tests live in *.test-d.ts files, which vitest
    // type-checks (never runs) and reports like other tests.
    typecheck: {
      enabled: true,
      include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
      tsconfig: 'tsconfig.type-tests.json',
    },
  },
});
