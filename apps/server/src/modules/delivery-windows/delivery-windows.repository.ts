import type { Country } from '@freight/domain';
import type { ShipmentFacts, TransitBucket } from '@freight/domain/analytics';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carrierLaneTransit, shipmentEvents, shipments } from '../../db/schema';
import { FACT_COLUMNS, factsOfRow } from '../../db/shipment-facts';

type Rows = { rows: Record<string, unknown>[] };

/** A lane's two zones, as the histogram's lane key names them ("US-IL>US-TX"). */
export function zonesOf(lane: string) {
  const [from = '', to = ''] = lane.split('>');
  const [originCountry = '', originState = ''] = from.split('-');
  const [destinationCountry = '', destinationState = ''] = to.split('-');
  return { originCountry: originCountry as Country, originState, destinationCountry: destinationCountry as Country, destinationState };
}

/** The lane key in SQL, as laneKey() writes it. */
const LANE = sql`${shipments.originCountry} || '-' || ${shipments.originState} || '>' || ${shipments.destinationCountry} || '-' || ${shipments.destinationState}`;

/**
 * The delivery windows' reads and writes across every account: the facts of delivered shipments
 * (as the analytics read them), the lanes changed since the last refresh, and the histogram.
 */
export function deliveryWindowsRepository(db: Db) {
  return {
    /**
     * Delivered shipments picked up on or after `from`, of every carrier, or of one carrier's lane.
     * Only what transit needs: no charges, items or quotes.
     */
    async delivered(from: string, only?: { carrierId: string; lane: string }): Promise<ShipmentFacts[]> {
      const lane = only ? sql`and ${shipments.carrierId} = ${only.carrierId} and ${LANE} = ${only.lane}` : sql``;
      const result = (await db.execute(sql`
        select ${FACT_COLUMNS} from ${shipments}
        where ${shipments.status} = 'delivered' and ${shipments.carrierId} is not null and ${shipments.pickupDate} >= ${from} ${lane}`)) as unknown as Rows;
      return result.rows.map((r) => factsOfRow(r, { charges: [], items: [], highestQuotedCents: null }));
    },

    /**
     * The latest change each source holds, never beyond the database's own clock: where the next
     * refresh starts looking. As text, to the microsecond (a mark rounded to the millisecond would
     * find its own rows changed again).
     */
    async marks() {
      const result = (await db.execute(sql`
        select least(coalesce((select max(updated_at) from ${shipments}), now()), now())::text as shipments,
          least(coalesce((select max(received_at) from ${shipmentEvents}), now()), now())::text as events`)) as unknown as Rows;
      const r = result.rows[0] ?? {};
      return { shipments: String(r.shipments), events: String(r.events) };
    },

    /** The carrier lanes of shipments changed (their row, or an event received) after the marks, less `overlapMs`. */
    async changedLanes(since: { shipments: string; events: string }, overlapMs: number) {
      const after = (mark: string) => sql`${mark}::timestamptz - ${overlapMs} * interval '1 millisecond'`;
      const result = (await db.execute(sql`
        select ${shipments.carrierId} as carrier_id, ${LANE} as lane from ${shipments}
          where ${shipments.carrierId} is not null and ${shipments.updatedAt} > ${after(since.shipments)}
        union select ${shipments.carrierId}, ${LANE} from ${shipmentEvents} e join ${shipments} on ${shipments.id} = e.shipment_id
          where ${shipments.carrierId} is not null and e.received_at > ${after(since.events)}`)) as unknown as Rows;
      return result.rows.map((r) => ({ carrierId: String(r.carrier_id), lane: String(r.lane) }));
    },

    /** Replaces the bars of the given carrier lanes (all of them when `lanes` is null) by these. */
    async replace(lanes: { carrierId: string; lane: string }[] | null, bars: TransitBucket[], at: Date) {
      await db.transaction(async (tx) => {
        if (lanes === null) await tx.delete(carrierLaneTransit);
        else
          for (const l of lanes)
            await tx
              .delete(carrierLaneTransit)
              .where(and(eq(carrierLaneTransit.carrierId, l.carrierId), eq(carrierLaneTransit.lane, l.lane)));
        if (bars.length)
          await tx.insert(carrierLaneTransit).values(
            bars.map((b) => ({
              carrierId: b.carrierId,
              lane: b.lane,
              days: b.days,
              shipments: b.shipments,
              promisedDays: b.promisedDays,
              refreshedAt: at,
            })),
          );
      });
    },

    /** Every bar, or one carrier's, in lane and day order. */
    async bars(carrierId?: string): Promise<TransitBucket[]> {
      return db
        .select({
          carrierId: carrierLaneTransit.carrierId,
          lane: carrierLaneTransit.lane,
          days: carrierLaneTransit.days,
          shipments: carrierLaneTransit.shipments,
          promisedDays: carrierLaneTransit.promisedDays,
        })
        .from(carrierLaneTransit)
        .where(carrierId ? eq(carrierLaneTransit.carrierId, carrierId) : undefined)
        .orderBy(asc(carrierLaneTransit.lane), asc(carrierLaneTransit.days));
    },
  };
}
