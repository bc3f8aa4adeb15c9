import { PAYABLES_CSV_COLUMNS, type PayablesBatchView, type PayablesPaidRequest, type PayablesView } from '@freight/contracts';
import type { AppContext } from '../../context';
import { writeCsv } from '../../csv/csv';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type AuditActor, auditEach } from '../audit/audit';
import { carrierInvoicesRepository, type PayablesBatchRow } from './carrier-invoices.repository';

type Ctx = Pick<AppContext, 'db' | 'now'>;
type WithCarrier = Awaited<ReturnType<ReturnType<typeof carrierInvoicesRepository>['ofBatches']>>[number];

const AUDIT_CHUNK = 1_000;

function totals(rows: WithCarrier[]) {
  const by = new Map<string, number>();
  for (const { invoice } of rows) by.set(invoice.currency, (by.get(invoice.currency) ?? 0) + (invoice.approvedCents ?? 0));
  return [...by].map(([currency, amount_cents]) => ({ currency, amount_cents }));
}

function batchView(batch: PayablesBatchRow, createdBy: string | null, rows: WithCarrier[]): PayablesBatchView {
  const groups = new Map<string, PayablesBatchView['carriers'][number]>();
  for (const { invoice, carrier } of rows) {
    const key = `${carrier.id}|${invoice.currency}`;
    let g = groups.get(key);
    if (!g) {
      g = { carrier, currency: invoice.currency, amount_cents: 0, invoices: [] };
      groups.set(key, g);
    }
    g.amount_cents += invoice.approvedCents ?? 0;
    g.invoices.push({
      id: invoice.id,
      invoice_number: invoice.invoiceNumber,
      due_date: invoice.dueDate,
      amount_cents: invoice.approvedCents ?? 0,
      paid_at: invoice.paidAt?.toISOString() ?? null,
    });
  }
  return {
    id: batch.id,
    number: batch.number,
    created_at: batch.createdAt.toISOString(),
    created_by: createdBy,
    invoice_count: rows.length,
    totals: totals(rows),
    paid_count: rows.filter((r) => r.invoice.status === 'paid').length,
    carriers: [...groups.values()],
  };
}

/**
 * Payables: the approved and short-paid carrier invoices, exported as numbered batches (a CSV file
 * grouped by carrier, each invoice due on the carrier's terms) and marked paid by batch or one by
 * one. Every write is audited, naming each invoice.
 */
export function payablesService(ctx: Ctx) {
  const repo = carrierInvoicesRepository(ctx.db);

  async function view(): Promise<PayablesView> {
    const [payable, batches] = await Promise.all([
      ctx.db.transaction(async (tx) => carrierInvoicesRepository(tx as Db).payable()),
      repo.batches(),
    ]);
    const rows = await repo.ofBatches(batches.map((b) => b.batch.id));
    return {
      payable: payable.map(({ invoice, carrier }) => ({
        id: invoice.id,
        invoice_number: invoice.invoiceNumber,
        carrier,
        currency: invoice.currency,
        amount_cents: invoice.approvedCents ?? 0,
        due_date: invoice.dueDate,
      })),
      batches: batches.map(({ batch, createdBy }) => {
        const { carriers: _carriers, ...rest } = batchView(
          batch,
          createdBy,
          rows.filter((r) => r.invoice.payablesBatchId === batch.id),
        );
        return rest;
      }),
    };
  }

  /**
   * A new batch of what is payable and in no batch yet (the ids given, or all); 409 when nothing is.
   * Answered as it reads afterwards, its maker named.
   */
  async function exportBatch(actor: AuditActor, ids?: string[]) {
    const now = ctx.now();
    const made = await ctx.db.transaction(async (tx) => {
      const r = carrierInvoicesRepository(tx as Db);
      const rows = await r.payable(ids);
      if (!rows.length) throw new AppError(409, 'conflict', 'errors.nothing_payable');
      const created = await r.insertBatch({ createdBy: actor.id, createdAt: now });
      await r.setBatch(
        rows.map((x) => x.invoice.id),
        created.id,
        now,
      );
      const entries = rows.map(({ invoice, carrier }) => ({
        action: 'carrier_invoice.export',
        entityType: 'carrier_invoice',
        entityId: invoice.id,
        targetLabel: `Carrier invoice ${invoice.invoiceNumber} (${carrier.scac})`,
        accountId: invoice.accountId,
        after: {
          payables_batch: created.number,
          amount_cents: invoice.approvedCents,
          due_date: invoice.dueDate,
          shipment_id: invoice.shipmentId,
        },
      }));
      for (let i = 0; i < entries.length; i += AUDIT_CHUNK) await auditEach(tx as Db, actor, entries.slice(i, i + AUDIT_CHUNK), now);
      return created.id;
    });
    return batch(made);
  }

  async function batch(id: string) {
    const found = await repo.batch(id);
    if (!found) throw AppError.notFound();
    return batchView(found.batch, found.createdBy, await repo.ofBatches([id]));
  }

  /** The batch's payables file: one row per invoice, by carrier and due date; cells formula-safe. */
  async function batchCsv(id: string) {
    const found = await repo.batch(id);
    if (!found) throw AppError.notFound();
    const rows = await repo.ofBatches([id]);
    return {
      number: found.batch.number,
      csv: writeCsv(
        PAYABLES_CSV_COLUMNS,
        rows.map(({ invoice, carrier }) => ({
          carrier_scac: carrier.scac,
          carrier_name: carrier.name,
          invoice_number: invoice.invoiceNumber,
          invoice_date: invoice.invoiceDate,
          due_date: invoice.dueDate,
          pro_number: invoice.proNumber,
          bol_number: invoice.bolNumber,
          currency: invoice.currency,
          billed_cents: invoice.billedCents,
          amount_cents: invoice.approvedCents,
          status: invoice.status,
        })),
      ),
    };
  }

  /** Marks paid a batch's payable invoices, or the ones selected; audited per invoice. Answers how many. */
  async function markPaid(actor: AuditActor, body: PayablesPaidRequest) {
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      const r = carrierInvoicesRepository(tx as Db);
      if (body.batch_id && !(await r.batch(body.batch_id))) throw AppError.notFound();
      const rows = await r.toPay({ batchId: body.batch_id, ids: body.invoice_ids });
      if (!rows.length) throw new AppError(409, 'conflict', 'errors.nothing_payable');
      await r.markPaid(
        rows.map((x) => x.id),
        { paidAt: now, paidBy: actor.id, paidReference: body.reference },
      );
      const entries = rows.map((invoice) => ({
        action: 'carrier_invoice.paid',
        entityType: 'carrier_invoice',
        entityId: invoice.id,
        targetLabel: `Carrier invoice ${invoice.invoiceNumber} (${invoice.billedScac})`,
        accountId: invoice.accountId,
        before: { status: invoice.status },
        after: { status: 'paid', amount_cents: invoice.approvedCents, reference: body.reference, shipment_id: invoice.shipmentId },
      }));
      for (let i = 0; i < entries.length; i += AUDIT_CHUNK) await auditEach(tx as Db, actor, entries.slice(i, i + AUDIT_CHUNK), now);
      return { paid: rows.length };
    });
  }

  return { view, exportBatch, batch, batchCsv, markPaid };
}
