import { basename } from 'node:path';
import { test } from '@playwright/test';

/**
 * The spec files that still sign in as a demo user. A demo user is shared by every scenario that
 * signs in as them: their sessions, settings and authenticator steps, so what one scenario does to
 * them (a logout everywhere, a language, a code used) reaches the one beside it. A file leaves this
 * list when it signs in as users of its own (support/seed.ts: a company of its own, a colleague,
 * staff, or a demo user's look-alike); the list only shrinks, and a file not on it that signs in
 * as a demo user fails at once.
 */
export const SHARES_DEMO_USERS: readonly string[] = [];

/**
 * Files taken off the list for this run (E2E_STRICT_FILES=a.spec.ts,b.spec.ts): to prove a file
 * moved to users of its own before it leaves the list.
 */
const strict = new Set((process.env.E2E_STRICT_FILES ?? '').split(',').filter(Boolean));

/** Fails the scenario when its file is not on SHARES_DEMO_USERS and `email` is a demo user's. */
export function refuseSharedDemoUser(email: string) {
  if (!email.toLowerCase().endsWith('@demo.test')) return;
  const file = basename(test.info().file);
  if (SHARES_DEMO_USERS.includes(file) && !strict.has(file)) return;
  throw new Error(
    `${file} signs in as ${email}, a demo user other scenarios share: sign in as a user of its own (support/seed.ts: seedLookAlike, startAsNewCompany, seedColleague, seedStaff)`,
  );
}
