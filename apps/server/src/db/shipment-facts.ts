import type { Country } from '@freight/domain';
import type { AdjustmentFacts, ChargeFacts, ItemFacts, ShipmentFacts } from '@freight/domain/analytics';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { invoices, shipmentEvents, shipments } from './schema';

/**
 * How a shipment's facts are read for @freight/domain/analytics, by the shipper's Analytics and the
 * staff's carrier scorecards alike, so both count the same events: the columns and per-shipment
 * lookups of a `select ... from shipments`, and the row they give as the rules' facts.
 */

/** The carrier's first event with this 214 status code (AF: picked up; XB: tender accepted). */
const firstCode = (code: string) =>
  sql`(select min(e.occurred_at) from ${shipmentEvents} e where e.shipment_id = ${shipments.id} and e.status_code = ${code})`;

/** The select list: the shipment's own columns, its first pickup and delivery, its carrier's corrections. */
export const FACT_COLUMNS: SQL = sql`${shipments.id} as id, ${shipments.currency} as currency, ${shipments.carrierId} as carrier_id,
  ${shipments.carrierName} as carrier_name, ${shipments.mode} as mode,
  ${shipments.originState} as origin_state, ${shipments.originCountry} as origin_country,
  ${shipments.destinationState} as destination_state, ${shipments.destinationCountry} as destination_country,
  ${shipments.userId} as user_id, ${shipments.pickupDate} as pickup_date, ${shipments.transitDays} as transit_days,
  ${shipments.totalCents} as total_cents,
  ${firstCode('AF')} as picked_up_at,
  (select min(e.occurred_at) from ${shipmentEvents} e
    where e.shipment_id = ${shipments.id} and e.status = 'delivered') as delivered_at,
  (select coalesce(jsonb_agg(jsonb_build_object('kind', i.correction->>'kind', 'amount_cents', i.total_cents)), '[]'::jsonb)
    from ${invoices} i
    where i.shipment_id = ${shipments.id} and i.account_id = ${shipments.accountId}
      and i.type = 'adjustment' and i.correction is not null) as adjustments`;

/** The carrier's first "tender accepted" (XB), which the scorecards read beside the facts. */
export const TENDER_ACCEPTED_AT: SQL = firstCode('XB');

export const isoOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));
export const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** A row of FACT_COLUMNS as the rules' facts; what it does not select (charges, items, the quote's rates) comes from `rest`. */
export function factsOfRow(
  r: Record<string, unknown>,
  rest: { charges: ChargeFacts[]; items: ItemFacts[]; highestQuotedCents: number | null },
): ShipmentFacts & { carrierName: string } {
  return {
    id: String(r.id),
    currency: String(r.currency),
    carrierId: r.carrier_id === null ? null : String(r.carrier_id),
    carrierName: String(r.carrier_name),
    mode: String(r.mode),
    originState: String(r.origin_state),
    originCountry: String(r.origin_country) as Country,
    destinationState: String(r.destination_state),
    destinationCountry: String(r.destination_country) as Country,
    userId: String(r.user_id),
    pickupDate: String(r.pickup_date).slice(0, 10),
    transitDays: Number(r.transit_days),
    totalCents: Number(r.total_cents),
    pickedUpAt: isoOrNull(r.picked_up_at),
    deliveredAt: isoOrNull(r.delivered_at),
    adjustments: jsonOf<AdjustmentFacts[]>(r.adjustments).map((a) => ({ kind: a.kind, amount_cents: Number(a.amount_cents) })),
    ...rest,
  };
}

/**
 * The latest change each source of the facts holds (shipment rows, tracking events received,
 * adjustment invoices), never beyond the database's own clock: where a summary's next refresh
 * starts looking. As text, to the microsecond: a mark rounded to the millisecond would find its own
 * rows changed again.
 */
export async function factChangeMarks(db: Db): Promise<{ shipments: string; events: string; invoices: string }> {
  const result = (await db.execute(sql`
    select least(coalesce((select max(updated_at) from ${shipments}), now()), now())::text as shipments,
      least(coalesce((select max(received_at) from ${shipmentEvents}), now()), now())::text as events,
      least(coalesce((select max(created_at) from ${invoices} where type = 'adjustment'), now()), now())::text as invoices`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const r = result.rows[0] ?? {};
  return { shipments: String(r.shipments), events: String(r.events), invoices: String(r.invoices) };
}
