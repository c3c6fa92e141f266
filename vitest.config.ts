import { defineConfig } from 'vitest/config';

// Unit and API tests only; Playwright specs live in e2e/ and run with `playwright test`.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web', 'scripts'],
  },
});
