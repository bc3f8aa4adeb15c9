import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { traceCall } from '../telemetry/tracing';
import { mailOutboxRepository } from './mail-outbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go (the sales desk answers the shipper); an address already validated. */
  replyTo?: string;
}

/** Outbox rows hold live links; once those have expired the rows are of no use and are deleted. */
export async function purgeOutbox(db: Db, createdBefore: Date) {
  await mailOutboxRepository(db).purge(createdBefore);
}

export interface Mailer {
  /** Records the message in the outbox and delivers it; throws when delivery fails. */
  send(message: MailMessage): Promise<void>;
}

function smtpServerOf(mailUrl: string) {
  const url = new URL(mailUrl);
  return { 'server.address': url.hostname, 'server.port': Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587) };
}

/**
 * Every message lands in the outbox table first. With MAIL_URL it then goes out over SMTP and
 * the row records the result; without it the message stays in the outbox and its links are
 * written to the log, so a developer can follow them.
 */
export function createMailer(opts: { db: Db; mailUrl?: string; from: string; log: FastifyBaseLogger; now: () => Date }): Mailer {
  const mailUrl = opts.mailUrl;
  const outbox = mailOutboxRepository(opts.db);
  // The mail server's host and port for the send's span; never its user, password or a recipient.
  const smtpServer = mailUrl ? smtpServerOf(mailUrl) : {};
  // nodemailer (~15 MB) loads with the first message, not at start.
  let transport: Promise<Transporter> | undefined;
  const transportOf = (url: string) => {
    transport ??= import('nodemailer').then((m) => m.default.createTransport(url));
    return transport;
  };
  return {
    async send(message) {
      const { to, subject, text, html } = message;
      const id = await outbox.add({ to, subject, text, html });
      if (!mailUrl) {
        const links = message.text.match(/https?:\/\/\S+/g) ?? [];
        opts.log.info(
          { mail: { to: message.to, subject: message.subject, links } },
          `mail to ${message.to}: ${message.subject} ${links.join(' ')}`,
        );
        return;
      }
      try {
        const smtp = await transportOf(mailUrl);
        await traceCall('smtp send', smtpServer, () => smtp.sendMail({ from: opts.from, ...message }));
        await outbox.markSent(id, opts.now());
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await outbox.markFailed(id, reason);
        opts.log.error({ err: error, to: message.to }, 'mail delivery failed');
        throw error;
      }
    },
  };
}
