import { CONSIGNEE_ALERT_CONFIRM_HOURS } from '@freight/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { randomToken, sha256 } from '../security/tokens';
import type { Db } from './client';
import { accounts, consigneeAlertSubscriptions, shipments } from './schema';

const HOUR = 3_600_000;

/** The consignee of the demo's delayed shipment (seed-shipments.ts: Chicago to Lone Star Hardware, Dallas). */
export const DEMO_CONSIGNEE_SUBSCRIBERS = {
  confirmed: 'receiving@lone-star-hardware.test',
  pending: 'luis.garza@lone-star-hardware.test',
} as const;

/**
 * Two consignee alert subscriptions (docs/consignee-alerts.md) on Demo Shipper Co's shipment
 * delayed by weather, as its public tracking page would have made them: the receiving dock's,
 * confirmed yesterday in English, gets its alert mails; a colleague's, asked for in Spanish two
 * hours ago, waits for its confirmation link (whose token nobody holds: the seed mails nothing, and
 * housekeeping deletes it once the 48 hours are over). Again adds nothing. Needs the demo shipments.
 */
export async function seedDemoConsigneeAlerts(tx: Db, now: Date) {
  const [shipment] = await tx
    .select({ id: shipments.id, bol: shipments.bolNumber })
    .from(shipments)
    .innerJoin(accounts, eq(accounts.id, shipments.accountId))
    .where(and(eq(accounts.name, 'Demo Shipper Co'), eq(shipments.status, 'delayed')))
    .orderBy(asc(shipments.createdAt))
    .limit(1);
  if (!shipment) return;
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const asked = ago(2);
  await tx
    .insert(consigneeAlertSubscriptions)
    .values([
      {
        shipmentId: shipment.id,
        email: DEMO_CONSIGNEE_SUBSCRIBERS.confirmed,
        number: shipment.bol,
        language: 'en',
        createdAt: ago(26),
        confirmedAt: ago(25),
      },
      {
        shipmentId: shipment.id,
        email: DEMO_CONSIGNEE_SUBSCRIBERS.pending,
        number: shipment.bol,
        language: 'es',
        confirmTokenHash: sha256(randomToken()),
        confirmExpiresAt: new Date(asked.getTime() + CONSIGNEE_ALERT_CONFIRM_HOURS * HOUR),
        createdAt: asked,
      },
    ])
    .onConflictDoNothing();
}
