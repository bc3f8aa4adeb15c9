import { LANGUAGES, type Language } from '@freight/domain';
import type { AppContext } from '../../context';
import { achReturnedMail, disputeResolvedMail, invoiceIssuedMail, invoicePaymentMail, invoiceReminderMail } from '../../mail/invoice-mails';
import type { MailMessage } from '../../mail/mailer';
import type { DisputeRow, InvoicePaymentRow, InvoiceRow } from './invoices.repository';
import { invoicesRepository } from './invoices.repository';

type Recipient = { email: string; firstName: string; language: string };

/**
 * The invoice mails: each goes to the account's verified users who keep customer
 * service communications on, in each one's language, in the background (the caller never waits
 * on mail; one failed delivery does not stop the others).
 */
export function invoiceNotifier(ctx: Pick<AppContext, 'db' | 'mailer' | 'background' | 'config'>) {
  const repo = invoicesRepository(ctx.db);
  const url = (path: string) => `${ctx.config.appUrl}${path}`;

  function toAll(name: string, accountId: string, build: (language: Language, r: Recipient) => MailMessage) {
    ctx.background.run(name, async () => {
      const recipients = await repo.billingRecipients(accountId);
      const results = await Promise.allSettled(
        recipients.map((r) => {
          const language = (LANGUAGES as readonly string[]).includes(r.language) ? (r.language as Language) : 'en';
          return ctx.mailer.send(build(language, r));
        }),
      );
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
    });
  }

  return {
    issued(invoice: InvoiceRow) {
      toAll('invoice-issued-mail', invoice.accountId, (language, r) =>
        invoiceIssuedMail(language, r.email, {
          name: r.firstName,
          number: invoice.number,
          type: invoice.type,
          total_cents: invoice.totalCents,
          currency: invoice.currency,
          due_date: invoice.dueDate,
          bol_number: invoice.bolNumber,
          corrected: invoice.correction !== null,
          url: url(`/invoice-detail/${invoice.id}`),
        }),
      );
    },

    paymentReceived(payment: InvoicePaymentRow, numbers: string[]) {
      toAll('invoice-payment-mail', payment.accountId, (language, r) =>
        invoicePaymentMail(language, r.email, {
          name: r.firstName,
          total_cents: payment.amountCents,
          currency: payment.currency,
          method: payment.method,
          last4: payment.last4,
          numbers,
          pending: payment.status === 'pending',
          url: url('/my-invoices/history'),
        }),
      );
    },

    achReturned(payment: InvoicePaymentRow, numbers: string[]) {
      toAll('ach-returned-mail', payment.accountId, (language, r) =>
        achReturnedMail(language, r.email, {
          name: r.firstName,
          total_cents: payment.amountCents,
          currency: payment.currency,
          last4: payment.last4,
          numbers,
          url: url('/my-invoices'),
        }),
      );
    },

    reminder(invoice: InvoiceRow, kind: 'before_due' | 'past_due', daysPastDue: number) {
      toAll('invoice-reminder-mail', invoice.accountId, (language, r) =>
        invoiceReminderMail(language, r.email, {
          name: r.firstName,
          number: invoice.number,
          balance_cents: invoice.balanceCents,
          currency: invoice.currency,
          due_date: invoice.dueDate,
          days_past_due: daysPastDue,
          kind,
          url: url(`/invoice-detail/${invoice.id}`),
        }),
      );
    },

    disputeResolved(dispute: DisputeRow, invoice: InvoiceRow) {
      toAll('dispute-resolved-mail', invoice.accountId, (language, r) =>
        disputeResolvedMail(language, r.email, {
          name: r.firstName,
          number: invoice.number,
          outcome: dispute.status === 'accepted' ? 'accepted' : 'rejected',
          accepted_cents: dispute.acceptedCents,
          currency: invoice.currency,
          note: dispute.resolutionNote ?? '',
          url: url(`/invoice-detail/${invoice.id}`),
        }),
      );
    },
  };
}

export type InvoiceNotifier = ReturnType<typeof invoiceNotifier>;
