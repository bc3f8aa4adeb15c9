import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../playwright.config';
import { specFiles } from './shards';

const testDir = join(import.meta.dirname, '../tests');

/** What lets a scenario pass alone, in any order and beside any other: nothing in the run orders or chains the spec files. */
describe('the scenarios stand alone', () => {
  it('run in one project that waits for none (no project first, no ordering)', () => {
    expect(config.projects?.map((p) => p.name)).toEqual(['chromium']);
    for (const project of config.projects ?? []) expect(project.dependencies ?? []).toEqual([]);
  });

  it('get one try: a scenario that passes only when run again fails the run', () => {
    expect(config.retries).toBe(0);
    for (const project of config.projects ?? []) expect(project.retries ?? 0).toBe(0);
  });

  it('never import from another spec file, nor run a file as one serial chain', () => {
    for (const file of specFiles(testDir)) {
      const source = readFileSync(join(testDir, file), 'utf8');
      expect(source, file).not.toMatch(/from '\.\/[^']*\.spec(\.ts)?'/);
      expect(source, file).not.toMatch(/mode:\s*'serial'/);
    }
  });

  it('sign in as users of their own, never as a demo user other scenarios share', () => {
    // What the run refuses (support/shared-demo-users.ts), found before the run where it is written out.
    const demoSignIn = /(logIn|logInHere|submitLogin|signedInPage)\([^,]+,\s*'[^']+@demo\.test'/;
    for (const file of specFiles(testDir)) expect(readFileSync(join(testDir, file), 'utf8'), file).not.toMatch(demoSignIn);
  });
});
