import type { InvoiceHistoryQuery, InvoiceListQuery } from '@freight/contracts';
import { type Language, zonedDateTime } from '@freight/domain';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { type ExportColumn, type ExportFormat, sendExport } from '../../exports/export';
import { exportWord } from '../../exports/words';
import { presentInvoiceItem } from './invoices.presenter';
import { invoicesRepository } from './invoices.repository';
import type { InvoicesService } from './invoices.service';
import { invoicesExportRepository } from './invoices-export.repository';

type Item = ReturnType<typeof presentInvoiceItem>;

/** The invoice lists' columns: what a line of the list says, amounts in the invoice's currency; history adds the payment. */
export function invoiceExportColumns(language: Language, timeZone: string, history: boolean): ExportColumn<Item>[] {
  const word = (path: string) => exportWord(language, path);
  const columns: ExportColumn<Item>[] = [
    { key: 'invoice_number', value: (i) => i.number },
    { key: 'invoice_type', value: (i) => word(`values.invoice_types.${i.type}`) },
    { key: 'status', value: (i) => word(`values.invoice_statuses.${i.status}`) },
    { key: 'bol_number', value: (i) => i.bol_number },
    { key: 'pro_number', value: (i) => i.pro_number },
    { key: 'references', value: (i) => i.references.map((r) => r.value).join(', ') },
    { key: 'delivery_location', value: (i) => i.delivery_location },
    { key: 'invoice_date', kind: 'date', value: (i) => i.invoice_date },
    { key: 'due_date', kind: 'date', value: (i) => i.due_date },
    { key: 'days_past_due', kind: 'number', value: (i) => i.days_past_due },
    { key: 'total', kind: 'money', value: (i) => i.total_cents },
    { key: 'balance', kind: 'money', value: (i) => i.balance_cents },
    { key: 'processing_amount', kind: 'money', value: (i) => i.pending_cents },
    { key: 'disputed_amount', kind: 'money', value: (i) => i.disputed_cents },
    { key: 'currency', value: (i) => i.currency },
  ];
  if (!history) return columns;
  return [
    ...columns,
    { key: 'paid_at', kind: 'datetime', value: (i) => (i.paid_at ? zonedDateTime(new Date(i.paid_at), timeZone) : null) },
    { key: 'payment_method', value: (i) => (i.payment_method ? word(`values.payment_methods.${i.payment_method}`) : null) },
    { key: 'payment_last4', value: (i) => i.payment_last4 },
  ];
}

interface Request {
  accountId: string;
  format: ExportFormat;
  language: Language;
}

/** Open Invoices and Invoice history as files: each list's own filter and order, read in keyset batches. */
export function invoicesExport(ctx: AppContext, service: InvoicesService) {
  const repo = invoicesRepository(ctx.db);
  const exports = invoicesExportRepository(ctx.db);
  const zone = ctx.config.BUSINESS_TIME_ZONE;
  const day = () => zonedDateTime(ctx.now(), zone).slice(0, 10);

  return {
    async open(reply: FastifyReply, req: Request, q: Pick<InvoiceListQuery, 'filter' | 'q' | 'sort' | 'dir'>) {
      const today = service.today();
      const batches = (async function* () {
        for await (const rows of exports.openBatches(req.accountId, q, today)) {
          const references = await repo.shipmentReferencesOf(rows);
          yield rows.map((r) => presentInvoiceItem(r, today, references));
        }
      })();
      return sendExport(reply, {
        format: req.format,
        language: req.language,
        name: 'open-invoices',
        sheet: 'open_invoices',
        day: day(),
        columns: invoiceExportColumns(req.language, zone, false),
        batches,
        total: await exports.openCount(req.accountId, q, today),
      });
    },

    async history(reply: FastifyReply, req: Request, q: Pick<InvoiceHistoryQuery, 'from' | 'to' | 'q'>) {
      const today = service.today();
      const { range } = service.historyRange(q);
      const batches = (async function* () {
        for await (const rows of exports.historyBatches(req.accountId, range)) {
          const [methods, references] = await Promise.all([repo.lastMethods(rows.map((r) => r.id)), repo.shipmentReferencesOf(rows)]);
          yield rows.map((r) => presentInvoiceItem(r, today, references, methods.get(r.id)));
        }
      })();
      return sendExport(reply, {
        format: req.format,
        language: req.language,
        name: 'invoice-history',
        sheet: 'invoice_history',
        day: day(),
        columns: invoiceExportColumns(req.language, zone, true),
        batches,
        total: await exports.historyCount(req.accountId, range),
      });
    },
  };
}
