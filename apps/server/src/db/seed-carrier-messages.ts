import { eq, inArray } from 'drizzle-orm';
import { type IncidentIn, incidentFingerprint, recordIncident } from '../modules/incidents/incidents.recorder';
import type { Db } from './client';
import { apiIncidents, carriers, scacAliases, users } from './schema';

const HOUR = 3_600_000;

/**
 * Demo SCAC aliases and API incidents, so the two admin pages show what staff meet:
 * real alternative codes and spellings of the demo carriers, and incidents of every kind, one
 * grouped over many occurrences and one already resolved.
 */
export async function seedDemoCarrierMessages(tx: Db, now: Date) {
  const rows = await tx
    .select({ id: carriers.id, scac: carriers.scac })
    .from(carriers)
    .where(inArray(carriers.scac, ['ODFL', 'SAIA', 'FXFE', 'RLCA', 'EXLA', 'UPSN']));
  const carrier = Object.fromEntries(rows.map((c) => [c.scac, c.id])) as Record<string, string | undefined>;
  const [superAdmin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'super@demo.test'));

  const aliases = [
    { kind: 'scac' as const, alias: 'RNLO', scac: 'RLCA', note: 'R&L Carriers’ other SCAC, seen on older 214 feeds' },
    { kind: 'scac' as const, alias: 'FXFW', scac: 'FXFE', note: 'Legacy FedEx Freight West code on some invoices' },
    { kind: 'name' as const, alias: 'old dominion', scac: 'ODFL', note: 'How its invoices name it' },
    { kind: 'name' as const, alias: 'estes express', scac: 'EXLA', note: '' },
    { kind: 'name' as const, alias: 'united parcel service', scac: 'UPSN', note: '' },
  ];
  for (const a of aliases) {
    const carrierId = carrier[a.scac];
    if (!carrierId) continue;
    await tx
      .insert(scacAliases)
      .values({ kind: a.kind, alias: a.alias, carrierId, note: a.note, createdBy: superAdmin?.id ?? null, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
  }

  /** An incident group seen `times` times between `firstHoursAgo` and `lastHoursAgo`. */
  async function group(i: Omit<IncidentIn, 'at'>, times: number, firstHoursAgo: number, lastHoursAgo: number) {
    await recordIncident(tx, { ...i, at: new Date(now.getTime() - lastHoursAgo * HOUR) });
    await tx
      .update(apiIncidents)
      .set({
        occurrences: times,
        affectedQuotes: i.affectedQuotes ? i.affectedQuotes * times : 0,
        createdAt: new Date(now.getTime() - firstHoursAgo * HOUR),
      })
      .where(eq(apiIncidents.fingerprint, incidentFingerprint(i)));
  }

  const lane = {
    origin: { postal_code: '60606', city: 'Chicago', state: 'IL' },
    destination: { postal_code: '75201', city: 'Dallas', state: 'TX' },
  };
  if (carrier.SAIA) {
    await group(
      {
        kind: 'carrier_timeout',
        operation: 'rate',
        carrierId: carrier.SAIA,
        request: {
          mode: 'ltl',
          pickup_date: now.toISOString().slice(0, 10),
          ...lane,
          items: [{ package_type: 'pallets', quantity: 2, weight_lb: 610, freight_class: 70 }],
        },
        message: { key: 'timed_out', params: { seconds: 8 } },
        affectedQuotes: 1,
      },
      1284,
      70,
      0.2,
    );
  }
  await group(
    {
      kind: 'unknown_scac',
      operation: 'tracking-events',
      request: {
        scac: 'XPOL',
        body: {
          events: [{ pro_number: '284915517', status_code: 'X6', occurred_at: '2026-11-20T09:12:00-06:00', city: 'Joliet', state: 'IL' }],
        },
      },
      response: { status: 404, code: 'unknown_scac' },
      message: { key: 'unknown_scac', params: { scac: 'XPOL' } },
      groupBy: 'XPOL|',
    },
    37,
    50,
    3,
  );
  if (carrier.FXFE) {
    await group(
      {
        kind: 'bad_signature',
        operation: 'tracking-events',
        carrierId: carrier.FXFE,
        request: {
          scac: 'FXFE',
          body: { events: [{ bol_number: '06141411234567891', status_code: 'AF', occurred_at: '2026-11-22T18:40:00-06:00' }] },
        },
        response: { status: 401, code: 'bad_signature' },
        message: { key: 'bad_signature' },
      },
      12,
      6,
      1,
    );
  }
  if (carrier.ODFL) {
    await group(
      {
        kind: 'unknown_shipment',
        operation: 'tracking-events',
        carrierId: carrier.ODFL,
        request: {
          scac: 'ODFL',
          events: [{ bol_number: '06141419999999990', status_code: 'D1', occurred_at: '2026-11-22T14:05:00-06:00' }],
        },
        message: { key: 'unknown_shipments', params: { count: 1 } },
      },
      3,
      20,
      5,
    );
  }
  // One resolved: a write-back to eBay that failed while eBay was down.
  const resolved: Omit<IncidentIn, 'at'> = {
    kind: 'marketplace_error',
    operation: 'ebay.fulfill',
    request: { ebay_order_id: '12-11111-22222', store: 'demo-hardware-store' },
    response: { status: 503, body: 'Service Unavailable' },
    error: 'eBay answered 503 Service Unavailable',
  };
  await group(resolved, 4, 30, 28);
  await tx
    .update(apiIncidents)
    .set({
      state: 'resolved',
      resolvedAt: new Date(now.getTime() - 26 * HOUR),
      resolvedBy: superAdmin?.id ?? null,
      resolutionNote: 'eBay outage (status page). The fulfilments went through on the retry.',
    })
    .where(eq(apiIncidents.fingerprint, incidentFingerprint(resolved)));
}
