import { customerCan, LANGUAGES, type Language } from '@freight/domain';
import type { AppContext } from '../../context';
import {
  achReturnedMail,
  bookingCreditedMail,
  disputeResolvedMail,
  invoiceIssuedMail,
  invoicePaymentMail,
  invoiceReminderMail,
} from '../../mail/invoice-mails';
import type { MailMessage } from '../../mail/mailer';
import type { DisputeRow, InvoicePaymentRow, InvoiceRow } from './invoices.repository';
import { invoicesRepository } from './invoices.repository';

type Recipient = { email: string; firstName: string; language: string };

const languageOf = (value: string): Language => ((LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en');

/** What the mail of a canceled prepaid booking says: the booking, what became of the card's money, the memo. */
export interface CreditedBooking {
  accountId: string;
  shipmentId: string;
  bookerId: string;
  bolNumber: string;
  outcome: 'released' | 'refunded';
  amountCents: number;
  currency: string;
  last4: string | null;
  memo: { id: string; number: string; totalCents: number };
  receiptNumber: string;
}

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
          return ctx.mailer.send(build(languageOf(r.language), r));
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

    /**
     * A canceled prepaid booking's money and credit memo: to its booker and to the colleagues who
     * see invoices (invoices.view), active and verified with customer service communications on,
     * each in their own language. Who may open the memo is led to it; a booker who may not, to the
     * shipment.
     */
    bookingCredited(c: CreditedBooking) {
      ctx.background.run('booking-credited-mail', async () => {
        const team = await repo.teamRecipients(c.accountId);
        const people = team.filter(
          (r) => r.subscriptions?.customer_service !== false && (r.id === c.bookerId || customerCan(r.accountRole, 'invoices.view')),
        );
        const results = await Promise.allSettled(
          people.map((r) => {
            const seesInvoices = customerCan(r.accountRole, 'invoices.view');
            return ctx.mailer.send(
              bookingCreditedMail(languageOf(r.language), r.email, {
                name: r.firstName,
                bol_number: c.bolNumber,
                outcome: c.outcome,
                amount_cents: c.amountCents,
                currency: c.currency,
                last4: c.last4,
                memo_number: c.memo.number,
                memo_total_cents: c.memo.totalCents,
                receipt_number: c.receiptNumber,
                url: url(seesInvoices ? `/invoice-detail/${c.memo.id}` : `/track/detail/${c.shipmentId}`),
                view: seesInvoices ? 'memo' : 'shipment',
              }),
            );
          }),
        );
        const failed = results.find((r) => r.status === 'rejected');
        if (failed) throw (failed as PromiseRejectedResult).reason;
      });
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
