import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The files that replace a module for the whole file (vi.mock): they run in a project of their own
 * (vitest.mocks.config.ts) whose files each get a fresh module graph.
 */
export const MOCKING_FILES = [
  'src/components/payment/processor.test.tsx',
  'src/features/auth/routes/ConfirmPasswordRoute.test.tsx',
  'src/features/quotes/components/form/ShipmentCheckUnavailable.test.tsx',
  'src/features/quotes/routes/CarriedQuoteUnavailable.test.tsx',
  'src/features/security/components/PasskeysPanel.test.tsx',
];

/** What both web projects share: React, jsdom and the setup file. */
export const webBase = {
  plugins: [react()],
  // testTimeout: a file's first test also compiles the screen's lazy chunk, which took more than
  // vitest's default 5 s on a loaded CI machine, and a form typed key by key through three item
  // lines took 32 s while CI ran three lanes on two cores. It ends a hung test; it does not time one.
  // hookTimeout likewise: an afterEach that switches the language back re-renders the page, and
  // waited more than vitest's default 10 s for a core in a fresh clone's CI.
  test: { environment: 'jsdom', setupFiles: ['./src/test/setup.ts'], testTimeout: 180_000, hookTimeout: 180_000 },
} as const;

export default defineConfig({
  ...webBase,
  test: {
    ...webBase.test,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    exclude: MOCKING_FILES,
    // The files of a worker share one jsdom and their loaded modules: a fresh environment and module
    // graph for each file cost more than half the lane (setup, import and environment time). What a
    // file may not leave behind is global: the setup file clears the DOM and storage after each test,
    // and a file that stubs a global or fakes timers restores them.
    isolate: false,
  },
});
