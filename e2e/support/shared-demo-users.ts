import { basename } from 'node:path';
import { test } from '@playwright/test';

/**
 * A demo user is shared by every scenario that would sign in as them: their sessions, settings and
 * authenticator steps, so what one scenario did to them (a logout everywhere, a language, a code
 * used) reached the one beside it. No scenario signs in as one: each signs in as users of its own
 * (support/seed.ts: a company of its own, a colleague, staff, or a demo user's look-alike).
 */
export function refuseSharedDemoUser(email: string) {
  if (!email.toLowerCase().endsWith('@demo.test')) return;
  throw new Error(
    `${basename(test.info().file)} signs in as ${email}, a demo user other scenarios share: sign in as a user of its own (support/seed.ts: logInAsLookAlike, startAsNewCompany, seedColleague, seedStaff)`,
  );
}
