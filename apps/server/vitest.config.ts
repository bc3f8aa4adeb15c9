import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // The migrated empty database every API test file copies (PGlite) or is made from (PostgreSQL).
    globalSetup: ['src/test/global-setup.ts'],
    // Each API test file starts its own database (PGlite initdb or a new PostgreSQL database).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
