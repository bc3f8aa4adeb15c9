import { defineConfig } from 'vitest/config';

// The pure projects' tests take milliseconds alone, but in CI they share two cores with the other
// lanes: the time zone test took 7.7 s there, past vitest's default 5 s.
const PURE = { testTimeout: 60_000 };

/** One runner for every unit and API test; each workspace is a project (`--project server`). */
export default defineConfig({
  test: {
    projects: [
      { test: { ...PURE, name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      { test: { ...PURE, name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      // The scenarios' own helpers (the shard split); the scenarios themselves are Playwright's.
      { test: { ...PURE, name: 'e2e-support', root: 'e2e', include: ['support/**/*.test.ts'] } },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.mocks.config.ts',
    ],
  },
});
