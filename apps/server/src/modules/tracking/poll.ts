import { addBusinessDays } from '@freight/domain/rating';
import type { CarrierEvent, TrackedShipment } from '../../carrier-adapters/adapter';
import { TariffCarrier } from '../../carrier-adapters/tariff-carrier';
import type { AppContext } from '../../context';
import { withTimeout } from '../../with-timeout';
import { deliveryReceiptsService } from '../documents/delivery-receipts.service';
import { trackedShipment } from '../shipments/shipments.service';
import { demoPodShipment, demoProofOfDelivery } from './demo-pod';
import { type CarrierRow, type ShipmentRow, trackingRepository } from './tracking.repository';
import type { ShipmentEventIn, trackingService } from './tracking.service';

/** A carrier whose events the portal fetches (rather than receives). */
export interface TrackingAdapter {
  readonly carrier: { id: string; name: string; scac: string };
  track(shipment: TrackedShipment, now: Date): Promise<CarrierEvent[]>;
}
/** The polling carriers of the moment (built per run: carriers change while the process runs). */
export type TrackingAdapterSource = () => Promise<TrackingAdapter[]>;

export const POLL_JOB = 'tracking.poll';
/** The poll runs every minute; a shipment is asked about at most every POLL_STALE_MS. */
export const POLL_EVERY_MS = 60_000;
export const POLL_STALE_MS = 5 * 60_000;
/** Shipments asked about in one run; the rest wait for the next (the longest-unasked first). */
export const POLL_BATCH = 200;
/** A carrier failing this many times in a run is left alone until the next run. */
const FAILURES_PER_RUN = 3;
const TRACK_TIMEOUT_MS = 10_000;
/** Carrier calls at once. */
const CONCURRENCY = 4;

type PollCtx = Pick<AppContext, 'config' | 'db' | 'now'>;

/**
 * The polling adapters: today the tariff carriers, and only with DEMO_TRACKING (their track()
 * plays the demo timeline). A carrier with a real tracking API would join here.
 */
export function defaultTrackingAdapters(ctx: PollCtx): TrackingAdapterSource {
  const repo = trackingRepository(ctx.db);
  return async () => {
    if (!ctx.config.demoTracking) return [];
    return (await repo.allCarriers()).map((row) => new TariffCarrier(row));
  };
}

/**
 * One poll: the moving shipments of polling carriers not asked for 5 minutes (at most
 * POLL_BATCH) are asked for their events (trackShipments); then each is stamped tracked_at.
 * Answers how many were asked.
 */
export async function pollTracking(ctx: PollCtx, service: ReturnType<typeof trackingService>, adapters: TrackingAdapterSource) {
  const repo = trackingRepository(ctx.db);
  const now = ctx.now();
  const list = await adapters();
  if (!list.length) return { asked: 0, polling: false };
  const byCarrier = new Map(list.map((a) => [a.carrier.id, a]));
  const due = await repo.dueForPolling([...byCarrier.keys()], new Date(now.getTime() - POLL_STALE_MS), POLL_BATCH);
  await trackShipments(ctx, service, due, byCarrier, { now, demoReceipts: ctx.config.demoTracking });
  // Failed ones too: a carrier that is down is asked again in 5 minutes, not every minute.
  await repo.markTracked(
    due.map((r) => r.id),
    now,
  );
  return { asked: due.length, polling: true };
}

/**
 * Asks each shipment's carrier (its adapter in `byCarrier`) for its events and ingests them exactly
 * like a carrier's post (source 'poll'). A failing call is an API incident (operation 'track') and
 * does not hold up the other shipments. With `demoReceipts`, a delivery brings the demo driver's
 * signed receipt (demo-pod.ts).
 */
async function trackShipments(
  ctx: PollCtx,
  service: ReturnType<typeof trackingService>,
  rows: ShipmentRow[],
  byCarrier: Map<string, TrackingAdapter>,
  { now, demoReceipts }: { now: Date; demoReceipts: boolean },
) {
  const repo = trackingRepository(ctx.db);
  const failures = new Map<string, number>();
  const items: ShipmentEventIn[] = [];
  const delivered: { row: ShipmentRow; occurredAt: string }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++] as ShipmentRow;
      const adapter = row.carrierId ? byCarrier.get(row.carrierId) : undefined;
      if (!adapter || (failures.get(adapter.carrier.id) ?? 0) >= FAILURES_PER_RUN) continue;
      const shipment = trackedShipment(row);
      try {
        const events = await withTimeout(() => adapter.track(shipment, now), TRACK_TIMEOUT_MS);
        for (const event of events) {
          items.push({ shipmentId: row.id, event });
          if (event.status_code.toUpperCase() === 'D1') delivered.push({ row, occurredAt: event.occurred_at });
        }
      } catch (err) {
        failures.set(adapter.carrier.id, (failures.get(adapter.carrier.id) ?? 0) + 1);
        await repo.recordIncident({
          carrierId: adapter.carrier.id,
          operation: 'track',
          request: { shipment },
          error: err,
          at: now,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, worker));
  if (items.length) await service.ingest(items, 'poll');
  if (demoReceipts && delivered.length) {
    const receipts = deliveryReceiptsService(ctx);
    for (const d of delivered) await receipts.recordDemo(d.row.id, demoProofOfDelivery(demoPodShipment(d.row), d.occurredAt));
  }
}

/**
 * A moving shipment delivered now by its demo carrier, for a test's world (the seeding path): the
 * carrier's demo timeline played as if the freight had been picked up on the latest business day
 * that has it delivered by `now`, then taken in as a poll takes it in, the driver's receipt with it.
 */
export async function deliverAsDemoCarrier(
  ctx: PollCtx,
  service: ReturnType<typeof trackingService>,
  row: ShipmentRow,
  carrierRow: CarrierRow,
) {
  const now = ctx.now();
  const carrier = new TariffCarrier(carrierRow);
  const country = row.originCountry === 'CA' || row.originCountry === 'MX' ? row.originCountry : 'US';
  const pickedUpOn = (pickupDate: string) => ({ ...row, pickupDate, estimatedDelivery: null });
  const deliveredBy = async (pickupDate: string) =>
    (await carrier.track(trackedShipment(pickedUpOn(pickupDate)), now)).some((e) => e.status_code === 'D1');
  let pickupDate = addBusinessDays(now.toISOString().slice(0, 10), -1, country);
  for (let back = 0; back < 30 && !(await deliveredBy(pickupDate)); back++) pickupDate = addBusinessDays(pickupDate, -1, country);
  await trackShipments(ctx, service, [pickedUpOn(pickupDate)], new Map([[carrierRow.id, carrier]]), { now, demoReceipts: true });
}

/**
 * Registers the recurring 'tracking.poll' job (every minute) and schedules it at start when
 * demo tracking is on (today's only polling carriers); with no polling carrier a run ends the
 * job, and the next start with demo tracking schedules it again.
 */
export async function registerTrackingPoll(
  ctx: PollCtx & Pick<AppContext, 'jobs'>,
  service: ReturnType<typeof trackingService>,
  adapters: TrackingAdapterSource = defaultTrackingAdapters(ctx),
) {
  ctx.jobs.register(POLL_JOB, async () => {
    const result = await pollTracking(ctx, service, adapters);
    if (!result.polling) return;
    return { runAgainAt: new Date(ctx.now().getTime() + POLL_EVERY_MS) };
  });
  if (ctx.config.demoTracking) await ctx.jobs.schedule(POLL_JOB, POLL_JOB, ctx.now());
}
