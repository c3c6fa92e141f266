import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    // Each test file opens its own database; PGlite's first start and PostgreSQL database creation take a moment.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
