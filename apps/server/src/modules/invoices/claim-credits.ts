import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { shipmentsRepository } from '../shipments/shipments.service';
import { webhookEvents } from '../webhooks/webhooks.service';
import { evaluateHold } from './credit';
import { type InvoiceRow, invoicesRepository } from './invoices.repository';
import { issueCreditMemo } from './invoicing';

/** The line code of the memo that gives a carrier's payment of a freight claim to the shipper. */
export const CLAIM_CREDIT = 'claim';

/** What a paid claim credits: the claim (its number goes on the memo's line) and the carrier's payment. */
export interface ClaimCredit {
  accountId: string;
  shipmentId: string;
  claimNumber: string;
  amountCents: number;
  currency: string;
}

/** The memo of a claim, and what of it went to its invoice's balance. */
export interface IssuedClaimCredit {
  memo: Pick<InvoiceRow, 'id' | 'number' | 'totalCents' | 'currency'>;
  /** The invoice it credits (the shipment's freight invoice), or null when the shipment had none. */
  invoiceId: string | null;
  /** What lowered that invoice's balance (its open, undisputed part at most); the rest is the shipper's to be paid out. */
  appliedCents: number;
}

/**
 * A carrier's payment of a freight claim, given to the shipper as a credit memo of the amount paid,
 * in the claim's currency, in the caller's transaction. It credits the shipment's freight invoice
 * (the terms invoice, or a prepaid booking's paid receipt) when there is one in that currency: the
 * memo is linked to it and lowers its open, undisputed balance as far as that goes (an invoice paid
 * off so is marked paid); what is left over is owed to the shipper and paid out by accounting.
 * Without such an invoice (not issued yet) the memo stands on the shipment alone. Once per claim:
 * a memo already there is answered (`fresh` false). Dated the business's day of `now` in
 * `timeZone`. No webhook events: `creditClaimPayment` sends them (the demo seed has no jobs).
 */
export async function issueClaimCredit(
  tx: Db,
  now: Date,
  timeZone: string,
  claim: ClaimCredit,
): Promise<(IssuedClaimCredit & { fresh: boolean; paidOff: boolean }) | undefined> {
  if (claim.amountCents <= 0) return undefined;
  const repo = invoicesRepository(tx);
  const found = await repo.freightInvoiceOf(claim.shipmentId);
  const invoice = found && found.accountId === claim.accountId && found.currency === claim.currency ? await repo.lock(found.id) : undefined;
  // A claim's memo is found by its line: code `claim`, the claim's number as detail.
  const earlier = await repo.creditMemoWithLine(claim.accountId, claim.shipmentId, { code: CLAIM_CREDIT, detail: claim.claimNumber });
  if (earlier) return { memo: earlier, invoiceId: earlier.relatedInvoiceId, appliedCents: 0, fresh: false, paidOff: false };
  const line = { code: CLAIM_CREDIT, label: 'invoice.charge.claim', detail: claim.claimNumber, amountCents: claim.amountCents };
  let memo: InvoiceRow | undefined;
  if (invoice) {
    memo = await issueCreditMemo(tx, invoice, line, now, timeZone);
  } else {
    const s = await shipmentsRepository(tx).find(claim.accountId, claim.shipmentId);
    if (!s) return undefined;
    const basis = {
      id: null,
      accountId: claim.accountId,
      shipmentId: s.id,
      bolNumber: s.bolNumber,
      proNumber: s.proNumber,
      deliveryLocation: [s.destinationCity, s.destinationState].filter(Boolean).join(', '),
      currency: claim.currency,
    };
    memo = await issueCreditMemo(tx, basis, line, now, timeZone);
  }
  if (!memo) return undefined;

  // An open dispute keeps its part of the balance: it is still to be decided on its own.
  const applied = invoice ? Math.max(0, Math.min(claim.amountCents, invoice.balanceCents - invoice.disputedCents)) : 0;
  let paidOff = false;
  if (invoice && applied > 0) {
    const balance = invoice.balanceCents - applied;
    paidOff = balance === 0 && invoice.pendingCents === 0;
    await repo.update(invoice.id, { balanceCents: balance, paidAt: paidOff ? now : invoice.paidAt, updatedAt: now });
    await evaluateHold(tx, claim.accountId, now, timeZone);
  }
  return { memo, invoiceId: invoice?.id ?? null, appliedCents: applied, fresh: true, paidOff };
}

/** `issueClaimCredit` as of now, with its webhook events: the new memo, and the invoice it paid off. */
export async function creditClaimPayment(
  tx: Db,
  ctx: Pick<AppContext, 'now' | 'jobs' | 'config'>,
  claim: ClaimCredit,
): Promise<IssuedClaimCredit | undefined> {
  const credit = await issueClaimCredit(tx, ctx.now(), ctx.config.BUSINESS_TIME_ZONE, claim);
  if (credit?.fresh) {
    await webhookEvents(ctx).invoice(tx, 'invoice.created', credit.memo.id);
    if (credit.paidOff && credit.invoiceId) await webhookEvents(ctx).invoice(tx, 'invoice.paid', credit.invoiceId);
  }
  return credit;
}
