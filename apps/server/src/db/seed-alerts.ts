import type { AlertDetails, AlertKind } from '@freight/contracts';
import { and, asc, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { accounts, alertInbox, alerts, deliveryReceipts, shipmentEvents, shipments } from './schema';

const HOUR = 3_600_000;
/** Open alerts of each kind the demo shipper's screens show. */
const PER_KIND = 2;

type Candidate = typeof shipments.$inferSelect;

/**
 * Open alerts of every kind on Demo Shipper Co's shipments, so the shipper's alerts, the bell and
 * staff's exceptions queue have something to show: raised over the past two days, already told
 * (no mail goes out for them), unread in the booker's portal. Each alert matches its shipment as
 * the rules see it where the demo has such a shipment (Action Required is set on the shipments its
 * alerts name), so the sweep keeps them open; delivered with exceptions stays until acknowledged.
 * Needs the demo shipments and their delivery receipts.
 */
export async function seedDemoAlerts(tx: Db, now: Date) {
  const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
  if (!account) return;
  const ofAccount = (where: ReturnType<typeof and>, order: 'newest' | 'oldest' = 'newest') =>
    tx
      .select()
      .from(shipments)
      .where(and(eq(shipments.accountId, account.id), where))
      .orderBy(...(order === 'newest' ? [desc(shipments.createdAt), desc(shipments.id)] : [asc(shipments.createdAt), asc(shipments.id)]))
      .limit(PER_KIND);
  const lastEventOf = async (id: string) => {
    const [row] = await tx
      .select({ at: sql<string>`max(${shipmentEvents.occurredAt})::text` })
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, id));
    return row?.at ? new Date(row.at).toISOString() : new Date(now.getTime() - 30 * HOUR).toISOString();
  };

  const open = ['pending', 'dispatched', 'in_transit', 'delayed'] as const;
  const picked: { kind: AlertKind; rows: Candidate[]; details: (s: Candidate) => Promise<AlertDetails> | AlertDetails }[] = [
    {
      kind: 'no_pickup',
      rows: await ofAccount(inArray(shipments.status, ['pending', 'dispatched'])),
      details: (s) => ({ pickup_window_end: `${s.pickupDate}T${s.closeTime || '17:00'}:00.000Z` }),
    },
    {
      kind: 'stalled',
      rows: await ofAccount(eq(shipments.status, 'in_transit')),
      details: async (s) => ({ last_event_at: await lastEventOf(s.id) }),
    },
    {
      kind: 'window_slipping',
      rows: await ofAccount(and(inArray(shipments.status, [...open]), isNotNull(shipments.shownEstimatedDelivery))),
      details: (s) => ({ promised_on: s.shownEstimatedDelivery as string, expected_on: null }),
    },
    {
      kind: 'delivered_with_exceptions',
      rows: await tx
        .select({ s: shipments })
        .from(shipments)
        .innerJoin(deliveryReceipts, eq(deliveryReceipts.shipmentId, shipments.id))
        .where(and(eq(shipments.accountId, account.id), eq(shipments.status, 'delivered')))
        .orderBy(sql`jsonb_array_length(${deliveryReceipts.exceptions}) desc`, desc(shipments.deliveredAt))
        .limit(PER_KIND)
        .then((rows) => rows.map((r) => r.s)),
      details: async (s) => {
        const [r] = await tx
          .select({ exceptions: deliveryReceipts.exceptions })
          .from(deliveryReceipts)
          .where(eq(deliveryReceipts.shipmentId, s.id));
        const kinds = [...new Set((r?.exceptions ?? []).map((e) => e.kind))];
        return { exceptions: kinds.length ? kinds : ['damage'] };
      },
    },
    {
      kind: 'action_required',
      // The oldest: Action Required changes the shipment itself, and the newest ones are those a
      // person (and the scenarios) opens first to set it by hand.
      rows: await ofAccount(and(inArray(shipments.status, [...open]), notInArray(shipments.status, ['pending'])), 'oldest'),
      details: (s) => ({ message: s.actionMessage ?? 'Please confirm the delivery appointment with the consignee.' }),
    },
  ];

  let n = 0;
  for (const { kind, rows, details } of picked) {
    for (const s of rows) {
      n++;
      const raisedAt = new Date(now.getTime() - n * 2 * HOUR);
      const d = await details(s);
      if (kind === 'action_required') {
        // The rule reads the shipment: staff's word keeps it set until the status next changes.
        await tx
          .update(shipments)
          .set({ actionRequired: true, actionOverride: 'set', actionMessage: d.message ?? null })
          .where(eq(shipments.id, s.id));
      }
      const [alert] = await tx
        .insert(alerts)
        .values({ accountId: account.id, shipmentId: s.id, kind, raisedAt, details: d, notifiedAt: raisedAt })
        .onConflictDoNothing()
        .returning({ id: alerts.id });
      if (alert) await tx.insert(alertInbox).values({ alertId: alert.id, userId: s.userId }).onConflictDoNothing();
    }
  }
}
