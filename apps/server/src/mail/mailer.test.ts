import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { mailOutbox } from '../db/schema';
import { migratedSnapshot } from '../test/pglite-snapshot';
import { portBelowEphemeral } from '../test/ports';
import { createMailer } from './mailer';
import { verifyEmailMail } from './templates';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const logged: { level: string; args: unknown[] }[] = [];
const log = {
  level: 'info',
  info: (...args: unknown[]) => logged.push({ level: 'info', args }),
  error: (...args: unknown[]) => logged.push({ level: 'error', args }),
  warn: (...args: unknown[]) => logged.push({ level: 'warn', args }),
  debug() {},
  trace() {},
  fatal() {},
  silent() {},
  child() {
    return log;
  },
} as unknown as FastifyBaseLogger;

const now = new Date('2026-11-21T12:00:00Z');
let database: Database;
let smtp: SMTPServer;
let port = 0;
const received: Received[] = [];

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://', loadDataDir: migratedSnapshot() });
  await database.migrate();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database.close();
});

const outboxRow = async (to: string) => {
  const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

describe('createMailer', () => {
  it('delivers over SMTP and records sent_at in the outbox', async () => {
    const mailer = createMailer({
      db: database.db,
      mailUrl: `smtp://127.0.0.1:${port}`,
      from: 'Freight Portal <no-reply@freight-portal.test>',
      log,
      now: () => now,
    });
    const link = 'http://127.0.0.1:3000/email/verify/abc/def?expires=1&signature=xyz';
    await mailer.send(verifyEmailMail('en', 'dana@example.test', 'Dana', link));

    const got = received.find((r) => r.to.includes('dana@example.test'));
    expect(got).toBeDefined();
    expect(got!.from).toBe('no-reply@freight-portal.test');
    // Headers are unfolded before matching; the body may be quoted-printable.
    const raw = got!.raw.replace(/\r\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^Subject: Verify your email address$/m);
    expect(raw).toMatch(/^From: Freight Portal <no-reply@freight-portal\.test>$/m);
    const body = raw.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain(link);
    expect(body).toContain('Content-Type: text/html');

    const row = await outboxRow('dana@example.test');
    expect(row.sentAt).toEqual(now);
    expect(row.error).toBeNull();
    expect(row.subject).toBe('Verify your email address');
    expect(row.text).toContain(link);
  });

  it('rejects when the SMTP server is down and records the error', async () => {
    const mailer = createMailer({
      db: database.db,
      mailUrl: `smtp://127.0.0.1:${await portBelowEphemeral()}`,
      from: 'no-reply@freight-portal.test',
      log,
      now: () => now,
    });
    const before = received.length;
    await expect(mailer.send(verifyEmailMail('en', 'down@example.test', 'Down', 'http://x.test/link'))).rejects.toThrow();
    const row = await outboxRow('down@example.test');
    expect(row.sentAt).toBeNull();
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.error!.length).toBeLessThanOrEqual(500);
    expect(received.length).toBe(before);
    expect(logged.some((l) => l.level === 'error')).toBe(true);
  });

  it('keeps the message in the outbox without MAIL_URL and logs its links', async () => {
    const mailer = createMailer({ db: database.db, from: 'no-reply@freight-portal.test', log, now: () => now });
    await mailer.send(verifyEmailMail('es', 'local@example.test', 'Luis', 'http://127.0.0.1:3000/email/verify/1/2?expires=3&signature=4'));
    const row = await outboxRow('local@example.test');
    expect(row.sentAt).toBeNull();
    expect(row.error).toBeNull();
    expect(row.subject).toBe('Verifique su correo electrónico');
    const info = logged.filter((l) => l.level === 'info').map((l) => String(l.args[1]));
    expect(info.some((m) => m.includes('http://127.0.0.1:3000/email/verify/1/2?expires=3&signature=4'))).toBe(true);
  });
});
