import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    // *.pg-test.ts need a PostgreSQL server (several processes on one database): only in the suite's PostgreSQL pass.
    include: ['src/**/*.test.ts', ...(process.env.DATABASE_URL ? ['src/**/*.pg-test.ts'] : [])],
    // Each test file opens its own database; PGlite's first start and PostgreSQL database creation take a moment.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
