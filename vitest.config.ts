import { defineConfig } from 'vitest/config';

// CLI tests spawn the tool as a subprocess and the browser test launches Chromium, so the default 5 s
// per test is too short on a loaded 2-core machine. No test asserts a duration.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
