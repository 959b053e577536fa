import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:container` only (scripts/test-container.sh builds the image first): these files end
// in .spec.ts, which the default suite's include (*.test.ts) never picks up, so `npm test` stays fast.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/container/**/*.spec.ts'],
    pool: 'forks',
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
