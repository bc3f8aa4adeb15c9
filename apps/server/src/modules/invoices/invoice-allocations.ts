import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { webhookEvents } from '../webhooks/webhooks.service';
import { evaluateHold } from './credit';
import { type InvoiceRow, invoicesRepository } from './invoices.repository';

export interface Allocation {
  invoiceId: string;
  amountCents: number;
}

/**
 * A payment that went through, applied to the invoices it pays (locked by the caller): their
 * balances go down (a bank payment's part stays pending until it settles), an invoice paid in full
 * is announced, and the account's credit hold is evaluated again. The same for a card paid at once
 * and for one paid after the payer's 3-D Secure challenge.
 */
export async function applyAllocations(
  ctx: Pick<AppContext, 'db' | 'config' | 'jobs' | 'now'>,
  tx: Db,
  accountId: string,
  allocations: Allocation[],
  locked: InvoiceRow[],
  pending: boolean,
  now: Date,
) {
  const repo = invoicesRepository(tx);
  const byId = new Map(locked.map((i) => [i.id, i]));
  for (const a of allocations) {
    const inv = byId.get(a.invoiceId) as InvoiceRow;
    const balance = inv.balanceCents - a.amountCents;
    const pendingCents = inv.pendingCents + (pending ? a.amountCents : 0);
    await repo.update(inv.id, {
      balanceCents: balance,
      pendingCents,
      // What is disputed cannot be more than what is still owed.
      disputedCents: Math.min(inv.disputedCents, Math.max(0, balance)),
      paidAt: balance === 0 && pendingCents === 0 ? now : null,
      updatedAt: now,
    });
    if (balance === 0 && pendingCents === 0) await webhookEvents(ctx).invoice(tx, 'invoice.paid', inv.id);
  }
  await evaluateHold(tx, accountId, now, ctx.config.BUSINESS_TIME_ZONE);
}
