import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shipments, consigneeAlertSubscriptions as subs } from '../../db/schema';

export type SubscriptionRow = typeof subs.$inferSelect;
export type EndReason = NonNullable<SubscriptionRow['endReason']>;

/** A subscription that gets mails now: confirmed and not ended. */
const live = and(isNotNull(subs.confirmedAt), isNull(subs.endedAt));

/** Consignee alert subscriptions (docs/consignee-alerts.md); pass a transaction as `db` to take part in it. */
export function consigneeAlertsRepository(db: Db) {
  return {
    /**
     * The shipment a number of the public tracking page means, as that page finds it
     * (tracking.repository.ts): the number as typed or compacted, a BOL first, then a PRO or
     * tracking number, the newest shipment. `number` is the one that matched.
     */
    async shipmentByNumber(typed: string, compact: string) {
      const numbers = [typed, compact].filter(Boolean);
      if (!numbers.length) return undefined;
      const [row] = await db
        .select({
          id: shipments.id,
          status: shipments.status,
          bolNumber: shipments.bolNumber,
          proNumber: shipments.proNumber,
          trackingNumber: shipments.trackingNumber,
          carrierName: shipments.carrierName,
          originCity: shipments.originCity,
          originState: shipments.originState,
          destinationCity: shipments.destinationCity,
          destinationState: shipments.destinationState,
        })
        .from(shipments)
        .where(or(inArray(shipments.bolNumber, numbers), inArray(shipments.proNumber, numbers), inArray(shipments.trackingNumber, numbers)))
        .orderBy(sql`case when ${inArray(shipments.bolNumber, numbers)} then 0 else 1 end`, desc(shipments.createdAt))
        .limit(1);
      if (!row) return undefined;
      const number = numbers.includes(row.bolNumber)
        ? row.bolNumber
        : row.proNumber && numbers.includes(row.proNumber)
          ? row.proNumber
          : (row.trackingNumber ?? row.bolNumber);
      const { bolNumber: _b, proNumber: _p, trackingNumber: _t, ...facts } = row;
      return { ...facts, number };
    },

    /**
     * Adds or renews the pending subscription of an address, in one transaction with the shipment
     * locked, so parallel requests cannot pass the cap together. Answers 'full' when the shipment
     * already has `max` live or pending subscriptions (the address's own among them), 'active' when
     * the address already gets the alerts (nothing changes), else 'pending' (the new token's hash
     * stored, the link to mail).
     */
    subscribe(
      input: { shipmentId: string; email: string; number: string; language: string; tokenHash: string; expiresAt: Date; now: Date },
      max: number,
    ) {
      return db.transaction(async (tx) => {
        await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.id, input.shipmentId)).for('update');
        const [taken] = await tx
          .select({ n: count() })
          .from(subs)
          .where(
            and(
              eq(subs.shipmentId, input.shipmentId),
              isNull(subs.endedAt),
              or(isNotNull(subs.confirmedAt), gt(subs.confirmExpiresAt, input.now)),
            ),
          );
        if ((taken?.n ?? 0) >= max) return 'full' as const;
        const renewed = await tx
          .insert(subs)
          .values({
            shipmentId: input.shipmentId,
            email: input.email,
            number: input.number,
            language: input.language,
            confirmTokenHash: input.tokenHash,
            confirmExpiresAt: input.expiresAt,
            createdAt: input.now,
          })
          .onConflictDoUpdate({
            target: [subs.shipmentId, subs.email],
            set: {
              email: sql`excluded.email`,
              number: sql`excluded.number`,
              language: sql`excluded.language`,
              confirmTokenHash: sql`excluded.confirm_token_hash`,
              confirmExpiresAt: sql`excluded.confirm_expires_at`,
              createdAt: sql`excluded.created_at`,
              confirmedAt: null,
              endedAt: null,
              endReason: null,
            },
            // A live subscription stays as it is: asking again changes nothing.
            setWhere: sql`${subs.confirmedAt} is null or ${subs.endedAt} is not null`,
          })
          .returning({ id: subs.id });
        return renewed.length ? ('pending' as const) : ('active' as const);
      });
    },

    /** Confirms the pending subscription of this token's hash while its link is good; answers it, or undefined. */
    async confirm(tokenHash: string, now: Date) {
      const [row] = await db
        .update(subs)
        .set({ confirmedAt: now })
        .where(and(eq(subs.confirmTokenHash, tokenHash), isNull(subs.confirmedAt), isNull(subs.endedAt), gt(subs.confirmExpiresAt, now)))
        .returning({ id: subs.id, number: subs.number });
      return row;
    },

    /** The subscription of a confirmation token's hash, whatever its state. */
    async byTokenHash(tokenHash: string) {
      const [row] = await db.select().from(subs).where(eq(subs.confirmTokenHash, tokenHash));
      return row;
    },

    async byId(id: string) {
      const [row] = await db.select().from(subs).where(eq(subs.id, id));
      return row;
    },

    /** Ends a subscription (the unsubscribe link); answers whether it was going. */
    async end(id: string, reason: EndReason, now: Date) {
      const rows = await db
        .update(subs)
        .set({ endedAt: now, endReason: reason })
        .where(and(eq(subs.id, id), isNull(subs.endedAt)))
        .returning({ id: subs.id });
      return rows.length > 0;
    },

    /** The subscriptions that get the shipment's alert mails now. */
    liveOf: (shipmentId: string) =>
      db
        .select({ id: subs.id, email: subs.email, number: subs.number, language: subs.language })
        .from(subs)
        .where(and(eq(subs.shipmentId, shipmentId), live)),

    /** Ends every subscription of a shipment still going (pending ones too): it was delivered or canceled. */
    async endAllOf(shipmentId: string, reason: EndReason, now: Date) {
      await db
        .update(subs)
        .set({ endedAt: now, endReason: reason })
        .where(and(eq(subs.shipmentId, shipmentId), isNull(subs.endedAt)));
    },

    /**
     * Housekeeping: deletes the pending subscriptions whose link lapsed and those ended before
     * `endedBefore` (the addresses are kept no longer than needed), and ends those of shipments
     * delivered or canceled without an alert to end them. Answers the rows deleted.
     */
    async purge(now: Date, endedBefore: Date) {
      for (const status of ['delivered', 'canceled'] as const) {
        await db
          .update(subs)
          .set({ endedAt: now, endReason: status })
          .where(
            and(
              isNull(subs.endedAt),
              inArray(subs.shipmentId, db.select({ id: shipments.id }).from(shipments).where(eq(shipments.status, status))),
            ),
          );
      }
      const gone = await db
        .delete(subs)
        .where(or(and(isNull(subs.confirmedAt), isNull(subs.endedAt), lte(subs.confirmExpiresAt, now)), lte(subs.endedAt, endedBefore)))
        .returning({ id: subs.id });
      return gone.length;
    },
  };
}
