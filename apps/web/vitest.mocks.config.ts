import { defineConfig } from 'vitest/config';
import { MOCKING_FILES, webBase } from './vitest.config';

/** The web files that mock a module (vi.mock): each in a module graph of its own, vitest's default. */
export default defineConfig({ ...webBase, test: { ...webBase.test, name: 'web-mocks', include: MOCKING_FILES } });
