import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING_FILES } from './vitest.config';

const root = import.meta.dirname;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

describe('the web test projects', () => {
  // The main project shares one module graph between files: a module mocked there would stay mocked for the files after it.
  it('runs every file that mocks a module in the project where each file has a module graph of its own', () => {
    const mocking = testFiles(join(root, 'src')).filter((file) => readFileSync(join(root, file), 'utf8').includes('vi.mock('));
    expect(mocking.sort()).toEqual([...MOCKING_FILES].sort());
  });
});
