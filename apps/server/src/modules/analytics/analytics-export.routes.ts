import { type AnalyticsGroup, type AnalyticsReport, analyticsQuery, analyticsShipmentsQuery } from '@freight/contracts';
import { type Language, zonedDateTime } from '@freight/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { type ExportColumn, exportFormat, inBatches, sendExport } from '../../exports/export';
import { exportWord } from '../../exports/words';
import { requestLanguage } from '../../plugins/errors';
import { customer, customerRoute } from '../../plugins/guards';
import { shipmentsExport } from '../shipments/shipments.service';
import { analyticsService } from './analytics.service';

export const ANALYTICS_TABLES = ['by_mode', 'by_carrier', 'top_lanes', 'accessorials'] as const;
type Table = (typeof ANALYTICS_TABLES)[number];

const tableQuery = analyticsQuery.and(z.object({ ...exportFormat, table: z.enum(ANALYTICS_TABLES, { error: 'validation.choice' }) }));
// The drill-down's paging is accepted and left out: the file is every page.
const drillQuery = analyticsShipmentsQuery.and(z.object(exportFormat));

const KG_PER_LB = 0.45359237;
const tenths = (v: number | null) => (v === null ? null : v / 10);

/** A group table's columns: what the page's table shows, in the reader's units. */
function groupColumns(
  table: Exclude<Table, 'accessorials'>,
  currency: string,
  metric: boolean,
  language: Language,
): ExportColumn<AnalyticsGroup>[] {
  // A mode's group is keyed and labelled by the mode: its name is a word of the reader's language.
  const name = table === 'by_mode' ? (g: AnalyticsGroup) => exportWord(language, `values.modes.${g.key}`) : (g: AnalyticsGroup) => g.label;
  return [
    { key: table === 'by_mode' ? 'mode' : table === 'by_carrier' ? 'carrier' : 'lane', value: name },
    { key: 'shipments', kind: 'number', value: (g) => g.shipments },
    { key: 'spend', kind: 'money', value: (g) => g.spend_cents },
    { key: 'currency', value: () => currency },
    { key: 'cost_per_shipment', kind: 'money', value: (g) => g.cost_per_shipment_cents },
    metric
      ? { key: 'weight_kg', kind: 'number', value: (g) => Math.round(g.weight_lb * KG_PER_LB) }
      : { key: 'weight_lb', kind: 'number', value: (g) => g.weight_lb },
    metric
      ? { key: 'cost_per_100kg', kind: 'money', value: (g) => g.cost_per_100kg_cents }
      : { key: 'cost_per_cwt', kind: 'money', value: (g) => g.cost_per_cwt_cents },
    { key: 'cost_per_pallet', kind: 'money', value: (g) => g.cost_per_pallet_cents },
    { key: 'on_time_pickup', kind: 'percent', value: (g) => g.on_time_pickup.share_bp },
    { key: 'on_time_delivery', kind: 'percent', value: (g) => g.on_time_delivery.share_bp },
    { key: 'avg_transit_days', kind: 'number', value: (g) => tenths(g.avg_transit_tenths) },
    { key: 'avg_quoted_transit_days', kind: 'number', value: (g) => tenths(g.avg_quoted_transit_tenths) },
    { key: 'corrected', kind: 'number', value: (g) => g.accuracy.corrected },
    { key: 'invoice_accuracy', kind: 'percent', value: (g) => (g.accuracy.share_bp === null ? null : 10_000 - g.accuracy.share_bp) },
    { key: 'adjustments', kind: 'money', value: (g) => g.accuracy.amount_cents },
  ];
}

type Accessorial = AnalyticsReport['accessorials'][number];
const accessorialColumns = (currency: string): ExportColumn<Accessorial>[] => [
  { key: 'accessorial', value: (a) => a.label },
  { key: 'shipments', kind: 'number', value: (a) => a.shipments },
  { key: 'spend', kind: 'money', value: (a) => a.amount_cents },
  { key: 'currency', value: () => currency },
];

/**
 * The Analytics page's exports (analytics.view, the caller's account): each of its tables with
 * the page's filters, and the shipments behind a figure (My Shipments' drill-down) as My
 * Shipments exports them.
 */
export async function analyticsExportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = analyticsService(ctx);
  const reader = customerRoute('analytics.view');
  const exportShipments = shipmentsExport(ctx);

  r.get('/api/analytics/export', { ...reader, schema: { querystring: tableQuery } }, async (request, reply) => {
    const { account, settings } = customer(request);
    const q = request.query;
    const language: Language = requestLanguage(request);
    const report = await service.report({ accountId: account.id, currency: settings.currency }, q, language);
    const base = {
      format: q.format,
      language,
      name: `analytics-${q.table.replace('_', '-')}`,
      sheet: q.table,
      day: zonedDateTime(ctx.now(), ctx.config.BUSINESS_TIME_ZONE).slice(0, 10),
    };
    if (q.table === 'accessorials') {
      const rows = report.accessorials;
      return sendExport(reply, { ...base, columns: accessorialColumns(report.currency), batches: inBatches(rows), total: rows.length });
    }
    const rows = report[q.table];
    const columns = groupColumns(q.table, report.currency, settings.unitSystem === 'metric', language);
    return sendExport(reply, { ...base, columns, batches: inBatches(rows), total: rows.length });
  });

  r.get('/api/analytics/shipments/export', { ...reader, schema: { querystring: drillQuery } }, async (request, reply) => {
    const { user, account, settings } = customer(request);
    const q = request.query;
    const ids = await service.shipmentIds({ accountId: account.id, currency: settings.currency }, q);
    return exportShipments(reply, {
      accountId: account.id,
      format: q.format,
      language: requestLanguage(request),
      name: `analytics-shipments-${q.figure.replace(/_/g, '-')}`,
      filter: { ids, search: q.q || undefined, status: q.status, bookedBy: q.mine ? user.id : undefined, sort: q.sort, dir: q.dir },
    });
  });
}
