import { defineConfig } from 'vitest/config';

// The repository's own scripts (scripts/*.test.ts); the resilience suite runs on its own (npm run test:resilience).
export default defineConfig({ test: { name: 'scripts', include: ['*.test.ts'] } });
