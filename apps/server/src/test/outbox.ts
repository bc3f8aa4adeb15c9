import { asc, eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema';
import type { TestApp } from './harness';

/** Mails written to the outbox for one address, oldest first. */
export async function mailsTo(t: TestApp, to: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.toLowerCase()))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
}

/** The newest mail to an address (fails the test when there is none). */
export async function lastMailTo(t: TestApp, to: string) {
  const mails = await mailsTo(t, to);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The first link of a mail's text, as path + query (what a test injects). */
export function linkPath(text: string) {
  const url = text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link in mail: ${text}`);
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}
