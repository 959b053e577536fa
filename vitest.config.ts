import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // sqlite3 is a native addon: worker threads can crash on it, forks cannot.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
