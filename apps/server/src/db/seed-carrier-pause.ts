import { eq } from 'drizzle-orm';
import { recordIncident } from '../modules/incidents/incidents.recorder';
import type { Db } from './client';
import { carriers } from './schema';

const MINUTE = 60_000;

/**
 * A demo carrier the circuit breaker has paused (FedEx Ground, whose rate API answers 503), with
 * the incident of its failures, so the Carriers page and the dashboard show a pause. The first
 * parcel quote a minute after start probes it; the demo tariff answers, and it quotes again.
 */
export async function seedDemoCarrierPause(tx: Db, now: Date) {
  const [carrier] = await tx.select({ id: carriers.id }).from(carriers).where(eq(carriers.scac, 'FDEG'));
  if (!carrier) return;
  const pausedAt = new Date(now.getTime() - 12 * MINUTE);
  await recordIncident(tx, {
    kind: 'carrier_error',
    operation: 'rate',
    carrierId: carrier.id,
    request: { mode: 'parcel', origin: { postal_code: '30303', country: 'US' }, destination: { postal_code: '98101', country: 'US' } },
    response: { status: 503 },
    error: 'Error: HTTP 503 Service Unavailable',
    at: pausedAt,
    affectedQuotes: 1,
  });
  await tx
    .update(carriers)
    .set({ quotingPausedAt: pausedAt, quotingPauseReason: { kind: 'errors', failures: 9, calls: 12, window_seconds: 300 } })
    .where(eq(carriers.id, carrier.id));
}
