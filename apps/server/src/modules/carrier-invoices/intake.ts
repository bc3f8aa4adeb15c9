import type { CarrierInvoice210, CarrierInvoiceIntakeOutcome, ShipmentItemView } from '@freight/contracts';
import {
  addCalendarDays,
  auditCarrierInvoice,
  CARRIER_NET_DAYS,
  type CarrierInvoiceStatus,
  type ExpectedLine,
  normaliseScac,
} from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { StoredCarrierAudit } from '../../db/schema';
import { recordIncident } from '../incidents/incidents.service';
import { inspectedShipment } from '../invoices/invoices.service';
import { carrierAsOn } from '../quotes/quotes.service';
import { type CarrierRow, resolveCarriers } from '../scac-aliases/scac-aliases.service';
import type { ShipmentRow } from '../shipments/shipments.service';
import { defaultCarrierFor } from '../shipments/shipments.service';
import { carrierInvoicesRepository, type MatchShipment, type NewCarrierInvoiceRow } from './carrier-invoices.repository';

/** Where an invoice came from, and for a carrier partner the carrier it is (its SCAC then only names itself). */
export interface IntakeSource {
  source: 'csv' | 'api' | 'carrier_simulator';
  partnerId?: string | null;
  carrier?: CarrierRow;
}

export interface IncomingInvoice {
  /** The CSV file's first line of the invoice; null through the API. */
  line: number | null;
  data: CarrierInvoice210;
}

type Ctx = Pick<AppContext, 'now' | 'config'>;
const INSERT_CHUNK = 500;

/** The carrier's dock report for a shipment: what it found (or the freight as booked), null when the carrier inspects nothing. */
export async function inspectionOf(tx: Db, s: MatchShipment, cache: Map<string, Promise<CarrierRow | undefined>>) {
  if (!s.carrierId) return null;
  const key = `${s.carrierId}|${s.pickupDate}`;
  if (!cache.has(key)) cache.set(key, carrierAsOn(tx, s.carrierId, s.pickupDate));
  const row = await cache.get(key);
  const adapter = row ? defaultCarrierFor(row) : undefined;
  if (!adapter?.inspect) return null;
  const booked = inspectedShipment(s as unknown as ShipmentRow);
  const found = await adapter.inspect(booked);
  return { weight_lb: found?.weight_lb ?? booked.weight_lb, freight_class: found ? found.freight_class : booked.freight_class };
}

/** What the broker expected to pay: the shipment's cost lines, or its price lines when no cost was kept. */
export function expectedOf(s: Pick<MatchShipment, 'costLines' | 'charges'>): { lines: ExpectedLine[]; source: 'cost' | 'price' } {
  const cost = s.costLines as ExpectedLine[] | null;
  return cost?.length ? { lines: cost, source: 'cost' } : { lines: s.charges as ExpectedLine[], source: 'price' };
}

/** What was booked, as the audit compares it: the whole weight and the highest class. */
const bookedOf = (s: MatchShipment) => {
  const items = s.items as ShipmentItemView[];
  const b = inspectedShipment({ bolNumber: s.bolNumber, items } as unknown as ShipmentRow);
  return { weight_lb: b.weight_lb, freight_class: b.freight_class };
};

/**
 * The audit of an invoice matched to `shipment`, and the status it takes: duplicate, approved by
 * itself (nothing beyond a small variance), or waiting in the audit queue.
 */
export async function auditMatched(
  tx: Db,
  ctx: Ctx,
  data: Pick<CarrierInvoice210, 'weight_lb' | 'freight_class' | 'invoice_date'> & {
    lines: readonly { code: string; amount_cents: number }[];
  },
  shipment: MatchShipment,
  duplicateOf: 'invoice_number' | 'approved_invoice' | null,
  carrierCache: Map<string, Promise<CarrierRow | undefined>>,
): Promise<Partial<NewCarrierInvoiceRow>> {
  const expected = expectedOf(shipment);
  const booked = bookedOf(shipment);
  const claims =
    (data.weight_lb !== null && data.weight_lb > booked.weight_lb) ||
    (data.freight_class !== null && booked.freight_class !== null && data.freight_class !== booked.freight_class);
  // The dock's report is asked only where a correction is claimed: it is the evidence for one.
  const inspection = claims ? await inspectionOf(tx, shipment, carrierCache) : null;
  const result = auditCarrierInvoice({
    expected: expected.lines,
    booked,
    billed: { weight_lb: data.weight_lb, freight_class: data.freight_class, lines: data.lines },
    inspection,
    duplicateOf,
    tolerance: { cents: ctx.config.CARRIER_INVOICE_TOLERANCE_CENTS, bp: ctx.config.CARRIER_INVOICE_TOLERANCE_BP },
  });
  const audit: StoredCarrierAudit = {
    ...result,
    expected_source: expected.source,
    booked_weight_lb: booked.weight_lb,
    booked_class: booked.freight_class,
    inspection,
  };
  const status: CarrierInvoiceStatus = duplicateOf ? 'duplicate' : result.auto_approve ? 'approved' : 'pending_audit';
  const now = ctx.now();
  return {
    shipmentId: shipment.id,
    accountId: shipment.accountId,
    expectedCents: result.expected_cents,
    audit,
    reasons: result.reasons.map((r) => r.code),
    status,
    autoApproved: status === 'approved',
    approvedCents: status === 'approved' ? result.billed_cents : null,
    decidedAt: status === 'approved' ? now : null,
    dueDate: status === 'approved' ? addCalendarDays(data.invoice_date, CARRIER_NET_DAYS) : null,
  };
}

/**
 * A correction or invoice billed by a carrier other than the shipment's: not matched, and an API
 * incident for staff ('unknown_scac' when nobody is known by that SCAC, 'unknown_shipment' when
 * another carrier is), to map the alias or take it up with the carrier.
 */
async function otherCarrierIncident(tx: Db, ctx: Ctx, billed: string, known: CarrierRow[], s: MatchShipment, invoiceNumber: string) {
  await recordIncident(tx, {
    kind: known.length ? 'unknown_shipment' : 'unknown_scac',
    operation: 'carrier_invoice.intake',
    carrierId: known[0]?.id ?? null,
    request: { billed_by: { scac: billed }, bol_number: s.bolNumber, invoice_number: invoiceNumber },
    message: known.length
      ? { key: 'adjustment_other_carrier', params: { billed_by: billed, scac: s.scac } }
      : { key: 'unknown_scac', params: { scac: billed } },
    groupBy: billed,
    at: ctx.now(),
  });
}

/**
 * Takes carrier invoices in (a CSV file's, one posted through the API, the simulator's), set-based:
 * each SCAC resolved once (aliases count), the shipments of every PRO and BOL read in one
 * statement, the duplicates of the whole batch in two. An invoice matches the shipment of its PRO,
 * else of its BOL, whose carrier is the one its SCAC names; otherwise it is kept unmatched for
 * accounting (and a shipment of another carrier is an incident). Matched ones are audited. Call it
 * in a transaction; answers each invoice's outcome in the order given.
 */
export async function intakeInvoices(
  tx: Db,
  ctx: Ctx,
  from: IntakeSource,
  incoming: IncomingInvoice[],
): Promise<CarrierInvoiceIntakeOutcome[]> {
  const repo = carrierInvoicesRepository(tx);
  const now = ctx.now();
  const carriersOf = new Map<string, CarrierRow[]>();
  for (const scac of new Set(incoming.map((i) => normaliseScac(i.data.scac)))) {
    carriersOf.set(scac, from.carrier ? [from.carrier] : scac ? (await resolveCarriers(tx, { scac })).carriers : []);
  }
  const known = (i: IncomingInvoice) => carriersOf.get(normaliseScac(i.data.scac)) ?? [];

  const pros = [...new Set(incoming.map((i) => i.data.pro_number).filter(Boolean))];
  const bols = [...new Set(incoming.map((i) => i.data.bol_number).filter(Boolean))];
  const found = await repo.shipmentsByNumbers(pros, bols);
  const byPro = new Map<string, MatchShipment[]>();
  for (const s of found) if (s.proNumber) byPro.set(s.proNumber, [...(byPro.get(s.proNumber) ?? []), s]);
  const byBol = new Map(found.map((s) => [s.bolNumber, s]));

  const carrierIds = [...new Set([...carriersOf.values()].flat().map((c) => c.id))];
  const numbers = [...new Set(incoming.map((i) => i.data.invoice_number))];
  const taken = await repo.existingNumbers(carrierIds, numbers);
  const approved = await repo.approvedPairs(found.map((s) => s.id));
  const carrierCache = new Map<string, Promise<CarrierRow | undefined>>();

  const rows: NewCarrierInvoiceRow[] = [];
  for (const i of incoming) {
    const d = i.data;
    const carriers = known(i);
    const ids = new Set(carriers.map((c) => c.id));
    const byItsBol = d.bol_number ? byBol.get(d.bol_number) : undefined;
    const candidates = [...(byPro.get(d.pro_number) ?? []), ...(byItsBol ? [byItsBol] : [])];
    const shipment = candidates.find((s) => s.carrierId !== null && ids.has(s.carrierId));
    const carrierId = shipment?.carrierId ?? (carriers.length === 1 ? (carriers[0]?.id ?? null) : null);
    const base: NewCarrierInvoiceRow = {
      carrierId,
      billedScac: d.scac ? normaliseScac(d.scac) : (from.carrier?.scac ?? ''),
      invoiceNumber: d.invoice_number,
      invoiceDate: d.invoice_date,
      proNumber: d.pro_number,
      bolNumber: d.bol_number,
      source: from.source,
      partnerId: from.partnerId ?? null,
      currency: d.currency,
      billedWeightLb: d.weight_lb,
      billedClass: d.freight_class,
      lines: d.lines.map((l) => ({ code: l.code, description: l.description, amount_cents: l.amount_cents })),
      billedCents: d.amount_due_cents,
      status: 'unmatched',
      createdAt: now,
      updatedAt: now,
    };
    const numberKey = carrierId ? `${carrierId}|${d.invoice_number}` : null;
    if (!shipment) {
      const other = candidates[0];
      if (other) await otherCarrierIncident(tx, ctx, base.billedScac, carriers, other, d.invoice_number);
      // An unmatched invoice of a known carrier still takes its number: the same invoice sent twice is a duplicate.
      const duplicate = numberKey !== null && taken.has(numberKey);
      if (numberKey) taken.add(numberKey);
      rows.push({ ...base, status: duplicate ? 'duplicate' : 'unmatched', reasons: duplicate ? ['duplicate'] : [] });
      continue;
    }
    const pair = `${shipment.id}|${shipment.carrierId}`;
    const duplicateOf = numberKey && taken.has(numberKey) ? 'invoice_number' : approved.has(pair) ? 'approved_invoice' : null;
    if (numberKey) taken.add(numberKey);
    const audited = await auditMatched(tx, ctx, d, shipment, duplicateOf, carrierCache);
    if (audited.status === 'approved') approved.add(pair);
    rows.push({ ...base, ...audited });
  }

  const outcomes: CarrierInvoiceIntakeOutcome[] = [];
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
    const chunk = rows.slice(at, at + INSERT_CHUNK);
    const inserted = await repo.insertMany(chunk);
    inserted.forEach((r, k) => {
      const row = chunk[k]!;
      outcomes.push({
        line: incoming[at + k]?.line ?? null,
        invoice_number: row.invoiceNumber,
        id: r.id,
        status: r.status,
        reasons: (row.reasons ?? []) as CarrierInvoiceIntakeOutcome['reasons'],
      });
    });
  }
  return outcomes;
}
