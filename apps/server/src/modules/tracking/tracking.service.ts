import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { TrackingEventIn, TrackingIngestCounts } from '@freight/contracts';
import { FINAL_STATUSES, isScac, map214, normaliseCarrierName, normaliseScac } from '@freight/domain';
import type { CarrierEvent } from '../../carrier-adapters/adapter';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { MemoryThrottle } from '../../security/memory-throttle';
import { utcOffsetMinutes } from '../../zones';
import { alertEvaluator } from '../alerts/alerts.service';
import { CARRIER_INVOICE_DELAY_MS, CARRIER_INVOICE_SIMULATE_JOB } from '../carrier-invoices/carrier-invoices.service';
import { expectedWindow } from '../delivery-windows/delivery-windows.service';
import { deliveryReceiptsService } from '../documents/delivery-receipts.service';
import { recordIncident } from '../incidents/incidents.service';
import { INVOICE_ISSUE_JOB } from '../invoices/invoices.service';
import { type CarrierRow, resolveCarriers } from '../scac-aliases/scac-aliases.service';
import { PAYMENT_VOID_JOB } from '../shipments/shipments.service';
import { webhookEvents } from '../webhooks/webhooks.service';
import { eventText } from './event-words';
import { deriveStatus } from './status';
import { statusChangeNotifier } from './status-mail';
import { type NewEventRow, trackingRepository } from './tracking.repository';

/** Where an event came from: a carrier's signed post, our poll of its API, or staff recording one by hand (the portal's own, the shipper's cancel, are written by shipments). */
/** An event's words in a reader's language, for the modules that show events of their own (the customs queue). */
export { eventText };

export type EventSource = 'carrier' | 'poll' | 'staff';

/** One event to store for a shipment already found. */
export interface ShipmentEventIn {
  shipmentId: string;
  event: Pick<CarrierEvent, 'status_code' | 'reason_code' | 'occurred_at' | 'city' | 'state' | 'description'> & {
    event_id?: string | null;
  };
}

export type TrackingCtx = Pick<AppContext, 'config' | 'db' | 'now' | 'mailer' | 'background' | 'throttle' | 'jobs'>;

/** Public lookups per client address a minute. */
export const LOOKUPS_PER_MINUTE = 30;
/** Unknown numbers per client address in MISS_WINDOW_SECONDS before every lookup is refused. */
export const MISSES_PER_WINDOW = 10;
export const MISS_WINDOW_SECONDS = 600;

/** What a BOL, PRO or tracking number may be typed with: letters, digits, spaces and . / # _ -. */
const NUMBER_CHARACTERS = /^[\p{L}\p{N}\s./#_-]*$/u;
const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;
/**
 * Unknown-SCAC incidents one client address may open an hour: each distinct SCAC or name is a
 * group of its own, so a stranger posting made-up codes would otherwise fill the list. Past it the
 * answer is the same 401, only not recorded.
 */
export const UNKNOWN_SCAC_INCIDENTS_PER_HOUR = 20;
/** An HMAC key for unknown carriers, so their refusal costs the same time as a wrong signature. */
const DECOY_KEY = createHash('sha256').update('tracking-decoy').digest();

/**
 * The dedupe key of an event: the carrier's event id, else a hash of what makes the event (code,
 * reason, instant, place), so the same event delivered twice, by post or poll, is stored once.
 */
export function dedupeKey(e: ShipmentEventIn['event']) {
  if (e.event_id) return `id:${e.event_id}`;
  const parts = [
    e.status_code.trim().toUpperCase(),
    (e.reason_code ?? '').trim().toUpperCase(),
    new Date(e.occurred_at).toISOString(),
    e.city.trim().toLowerCase(),
    e.state.trim().toLowerCase(),
  ];
  return `h:${createHash('sha256').update(parts.join('\u001f')).digest('hex')}`;
}

/** The row of one event, or null when its status code is unknown or its time unreadable. */
export function eventRow({ shipmentId, event }: ShipmentEventIn, source: EventSource, receivedAt: Date): NewEventRow | null {
  const mapped = map214(event.status_code, event.reason_code);
  const occurredAt = new Date(event.occurred_at);
  if (!mapped || Number.isNaN(occurredAt.getTime())) return null;
  return {
    shipmentId,
    source,
    dedupeKey: dedupeKey(event),
    statusCode: event.status_code.trim().toUpperCase(),
    reasonCode: event.reason_code?.trim().toUpperCase() || null,
    status: mapped.status,
    description: event.description.trim(),
    city: event.city.trim(),
    state: event.state.trim(),
    occurredAt,
    utcOffsetMinutes: utcOffsetMinutes(event.occurred_at),
    receivedAt,
  };
}

/** The carrier name a post may carry besides its URL's SCAC (read before the body is validated). */
function carrierNameOf(body: unknown): string | null {
  const name = (body as { carrier_name?: unknown } | null | undefined)?.carrier_name;
  // Read before the signature is checked: a name with a NUL (which the database cannot compare) is no name.
  return typeof name === 'string' && name.trim() && !name.includes('\u0000') ? name.trim().slice(0, 100) : null;
}

/** An inbound post as an incident keeps it (redacted by the recorder; the signature header is never kept). */
const inbound = (scac: string, body: unknown) => ({ scac: scac.slice(0, 8), body: typeof body === 'object' ? body : null });

/** The keys a carrier's posts may be signed with now: its key, and the one before while its grace period lasts. */
export function acceptedKeys(c: Pick<CarrierRow, 'trackingSecret' | 'trackingSecretPrevious' | 'trackingSecretPreviousUntil'>, now: Date) {
  const keys: string[] = [];
  if (c.trackingSecret) keys.push(c.trackingSecret);
  if (c.trackingSecretPrevious && c.trackingSecretPreviousUntil && c.trackingSecretPreviousUntil > now) keys.push(c.trackingSecretPrevious);
  return keys;
}

export function trackingService(ctx: TrackingCtx) {
  const repo = trackingRepository(ctx.db);
  const notifyStatusChange = statusChangeNotifier(ctx);
  const lookupsPerAddress = new MemoryThrottle(ctx.now);
  const unknownScacsPerAddress = new MemoryThrottle(ctx.now);

  /**
   * The carriers an inbound post means and whose tracking key signed `raw` (header
   * 'sha256=<hex HMAC-SHA256>'). The URL's SCAC is matched as a carrier's own, then as an alias,
   * then the post's `carrier_name` (resolveCarriers). A carrier's key before its last rotation
   * signs too until its grace period ends. Unknown SCAC, no key, no or wrong signature: one and the
   * same 401, compared in constant time, so the answer never tells a stranger which SCACs we deal
   * with; staff learn the difference from the incident ('unknown_scac' or 'bad_signature').
   */
  async function verifySignature(scac: string, raw: Buffer, header: string | undefined, body?: unknown, ip = '') {
    const at = ctx.now();
    const carrierName = carrierNameOf(body);
    const { carriers: found } = await resolveCarriers(ctx.db, { scac, name: carrierName });
    if (!found.length) {
      // Only a well-formed SCAC (or a named carrier) is worth staff's time; anything else is noise.
      const recordable = isScac(scac) || Boolean(carrierName);
      if (recordable && unknownScacsPerAddress.hit(`unknown-scac:${ip}`, 3600).hits <= UNKNOWN_SCAC_INCIDENTS_PER_HOUR) {
        await recordIncident(ctx.db, {
          kind: 'unknown_scac',
          operation: 'tracking-events',
          request: inbound(scac, body),
          response: { status: 401, code: 'bad_signature' },
          message: carrierName
            ? { key: 'unknown_scac_named', params: { scac: normaliseScac(scac), name: carrierName } }
            : { key: 'unknown_scac', params: { scac: normaliseScac(scac) } },
          groupBy: `${normaliseScac(scac)}|${carrierName ? normaliseCarrierName(carrierName) : ''}`,
          at,
        });
      }
    }
    const given = SIGNATURE.exec(header?.trim() ?? '')?.[1];
    const givenBytes = Buffer.from(given ?? '0'.repeat(64), 'hex');
    const keys = found.flatMap((c) => acceptedKeys(c, at).map((secret) => ({ id: c.id, secret })));
    const matching = new Set<string>();
    for (const k of keys.length ? keys : [{ id: '', secret: null }]) {
      const expected = createHmac('sha256', k.secret ?? DECOY_KEY)
        .update(raw)
        .digest();
      if (timingSafeEqual(expected, givenBytes) && k.secret && given) matching.add(k.id);
    }
    if (!matching.size) {
      if (found.length)
        await recordIncident(ctx.db, {
          kind: 'bad_signature',
          operation: 'tracking-events',
          carrierId: found[0]?.id,
          request: inbound(scac, body),
          response: { status: 401, code: 'bad_signature' },
          message: { key: keys.length ? 'bad_signature' : 'no_tracking_key' },
          at,
        });
      throw new AppError(401, 'bad_signature', 'errors.bad_signature');
    }
    return [...matching];
  }

  /**
   * Stores events of known shipments and recomputes each touched shipment's status: unknown
   * status codes are rejected (not stored), an event already there is a duplicate. The status
   * mails go out in the background once the new status is committed.
   */
  async function ingest(items: ShipmentEventIn[], source: EventSource): Promise<Omit<TrackingIngestCounts, 'unknown'>> {
    const receivedAt = ctx.now();
    const rows: NewEventRow[] = [];
    const seen = new Set<string>();
    let rejected = 0;
    let duplicates = 0;
    for (const item of items) {
      const row = eventRow(item, source, receivedAt);
      if (!row) {
        rejected++;
        continue;
      }
      if (seen.has(`${row.shipmentId}|${row.dedupeKey}`)) {
        duplicates++;
        continue;
      }
      seen.add(`${row.shipmentId}|${row.dedupeKey}`);
      rows.push(row);
    }
    const stored = await repo.insertEvents(rows);
    duplicates += rows.length - stored.length;
    const touched = [...new Set(stored.map((s) => s.shipmentId))].sort();
    for (const id of touched) await recompute(id);
    return { accepted: stored.length, duplicates, rejected };
  }

  /** Recomputes one shipment's status from all its events under a row lock; mails a change. */
  async function recompute(shipmentId: string) {
    const change = await ctx.db.transaction(async (tx) => {
      const current = await repo.lockShipment(tx as Db, shipmentId);
      if (!current) return null;
      const events = await repo.eventsOf(tx as Db, shipmentId);
      const derived = deriveStatus(current, events);
      // Staff's word on Action Required (set or cleared by hand) holds until the status next changes.
      const statusMoved = derived.status !== current.status;
      const override = statusMoved ? null : current.actionOverride;
      const next = {
        ...derived,
        actionRequired:
          override === 'set' ? !FINAL_STATUSES.includes(derived.status) : override === 'cleared' ? false : derived.actionRequired,
      };
      const changed =
        statusMoved ||
        next.actionRequired !== current.actionRequired ||
        next.deliveredAt?.getTime() !== current.deliveredAt?.getTime() ||
        next.canceledAt?.getTime() !== current.canceledAt?.getTime();
      if (changed) {
        await repo.updateStatus(tx as Db, shipmentId, {
          status: next.status,
          actionRequired: next.actionRequired,
          deliveredAt: next.deliveredAt,
          canceledAt: next.canceledAt,
          updatedAt: ctx.now(),
          ...(statusMoved && current.actionOverride ? { actionOverride: null, actionMessage: null } : {}),
        });
      }
      // Delivered: the freight invoice is issued by a durable job (invoices/invoicing.ts), once.
      if (next.status === 'delivered' && current.status !== 'delivered') {
        await ctx.jobs.schedule(INVOICE_ISSUE_JOB, shipmentId, ctx.now(), { shipment_id: shipmentId }, tx as Db);
        // The simulator carrier bills the broker a day later (carrier-invoices/simulator.ts).
        const billAt = new Date(ctx.now().getTime() + CARRIER_INVOICE_DELAY_MS);
        await ctx.jobs.schedule(CARRIER_INVOICE_SIMULATE_JOB, shipmentId, billAt, { shipment_id: shipmentId }, tx as Db);
      }
      // The carrier canceled a paid prepaid booking: its card money goes back as for the shipper's cancel.
      if (next.status === 'canceled' && current.status !== 'canceled' && current.paymentState === 'paid') {
        await ctx.jobs.schedule(PAYMENT_VOID_JOB, shipmentId, ctx.now(), { shipment_id: shipmentId }, tx as Db);
      }
      if (statusMoved) await webhookEvents(ctx).statusChanged(tx as Db, shipmentId, current.status);
      const statusChanged = next.status !== current.status || (next.actionRequired && !current.actionRequired);
      return statusChanged && next.decisive ? { facts: current.facts, event: next.decisive, actionRequired: next.actionRequired } : null;
    });
    // The portal's own events (the shipper's cancel) are the shipper's doing: no mail about them.
    if (change && change.event.source !== 'portal') {
      ctx.background.run('tracking-status-mail', () => notifyStatusChange(change.facts, change.event, change.actionRequired));
    }
    // The alert rules look at the shipment as it now stands (awaited, so a big post stays one shipment at a time; never fails it).
    await ctx.background.run('alerts-evaluate', () => alertEvaluator(ctx).evaluateShipment(shipmentId));
  }

  /**
   * A signed post of a carrier: each event's shipment is found by BOL, else PRO number, among
   * the carrier's own shipments; an event of a shipment it does not carry is unknown.
   */
  async function receive(scac: string, carrierIds: string[], events: TrackingEventIn[]): Promise<TrackingIngestCounts> {
    // A delivered event's attached receipt is checked before anything is stored: a bad one refuses the post.
    const receipts = deliveryReceiptsService(ctx);
    const documents = receipts.checkCarrierDocuments(events);
    const bols = [...new Set(events.map((e) => e.bol_number).filter((n): n is string => Boolean(n)))];
    const pros = [...new Set(events.map((e) => e.pro_number).filter((n): n is string => Boolean(n)))];
    // By carrier, not by the URL's SCAC: a post under an alias means the aliased carrier's shipments.
    const found = await repo.shipmentsByNumbers(carrierIds, bols, pros);
    const byBol = new Map(found.map((s) => [s.bolNumber, s.id]));
    const byPro = new Map(found.filter((s) => s.proNumber).map((s) => [s.proNumber as string, s.id]));
    const items: ShipmentEventIn[] = [];
    const unknown: TrackingEventIn[] = [];
    const pods: { shipmentId: string; index: number; event: TrackingEventIn }[] = [];
    for (const [index, e] of events.entries()) {
      const shipmentId = (e.bol_number && byBol.get(e.bol_number)) || (e.pro_number && byPro.get(e.pro_number)) || undefined;
      if (!shipmentId) {
        unknown.push(e);
        continue;
      }
      if (e.pod) pods.push({ shipmentId, index, event: e });
      items.push({
        shipmentId,
        event: {
          event_id: e.event_id,
          status_code: e.status_code,
          reason_code: e.reason_code ?? null,
          occurred_at: e.occurred_at,
          city: e.city,
          state: e.state,
          description: e.description,
        },
      });
    }
    const counts = await ingest(items, 'carrier');
    // The proof of delivery of each delivered event (a resent one replaces the receipt).
    for (const p of pods) {
      if (p.event.pod)
        await receipts.recordFromCarrier(p.shipmentId, carrierIds[0] ?? null, p.event.pod, documents.get(p.index), p.event.occurred_at);
    }
    // A receipt's exceptions are known only now: the alert rules look again.
    for (const id of new Set(pods.map((p) => p.shipmentId))) {
      await ctx.background.run('alerts-evaluate', () => alertEvaluator(ctx).evaluateShipment(id));
    }
    await recordRefusedEvents(scac, carrierIds[0] ?? null, unknown, items);
    return { ...counts, unknown: unknown.length };
  }

  /** The events of a carrier's post that were not stored, as incidents: numbers of no shipment of its, status codes unknown. */
  async function recordRefusedEvents(scac: string, carrierId: string | null, unknown: TrackingEventIn[], items: ShipmentEventIn[]) {
    const at = ctx.now();
    if (unknown.length) {
      await recordIncident(ctx.db, {
        kind: 'unknown_shipment',
        operation: 'tracking-events',
        carrierId,
        request: { scac: normaliseScac(scac), events: unknown },
        message: { key: 'unknown_shipments', params: { count: unknown.length } },
        at,
      });
    }
    const codes = [
      ...new Set(items.filter((i) => !map214(i.event.status_code, i.event.reason_code)).map((i) => i.event.status_code.toUpperCase())),
    ];
    if (codes.length) {
      await recordIncident(ctx.db, {
        kind: 'rejected_event',
        operation: 'tracking-events',
        carrierId,
        request: {
          scac: normaliseScac(scac),
          events: items.filter((i) => codes.includes(i.event.status_code.toUpperCase())).map((i) => i.event),
        },
        message: { key: 'unknown_status_codes', params: { codes: codes.sort().join(', ') } },
        at,
      });
    }
  }

  /**
   * The public page's lookup by BOL, PRO or tracking number, throttled per client address so
   * numbers cannot be enumerated: LOOKUPS_PER_MINUTE lookups a minute, counted in this process's
   * memory (a database write per lookup cost about a third of the lookup; bench/README.md), and
   * after MISSES_PER_WINDOW unknown numbers in MISS_WINDOW_SECONDS every lookup (a known
   * number's too) is refused until that window ends: that counter, the guard against
   * enumeration, is shared by every process in the database. Checking it and looking up are
   * one statement.
   */
  async function publicLookup(number: string, ip: string) {
    const lookups = lookupsPerAddress.hit(`tracking:${ip}`, 60);
    if (lookups.hits > LOOKUPS_PER_MINUTE) throw AppError.tooManyRequests(lookups.retryAfterSeconds);
    // A number is letters, digits and a little punctuation; anything else (a NUL byte, a control
    // character) cannot match and must not reach the statement, which answers a whole batch of
    // lookups at once: it is an unknown number.
    const trimmed = number.trim().slice(0, 64);
    const typed = NUMBER_CHARACTERS.test(trimmed) ? trimmed : '';
    const compact = typed.replace(/[\s-]+/g, '').toUpperCase();
    const missKey = `tracking-miss:${ip}`;
    const { misses, view, windowOf } = await repo.publicLookup({ typed, compact, missKey, now: ctx.now() });
    if (misses.hits >= MISSES_PER_WINDOW) throw AppError.tooManyRequests(misses.retryAfterSeconds);
    if (!view || !compact) {
      const missed = await ctx.throttle.hit(missKey, MISS_WINDOW_SECONDS);
      if (missed.hits > MISSES_PER_WINDOW) throw AppError.tooManyRequests(missed.retryAfterSeconds);
      throw AppError.notFound();
    }
    // The expected delivery window of a shipment on its way, added to the view's JSON text.
    const window = windowOf ? await expectedWindow(ctx, JSON.parse(windowOf)) : null;
    return window ? `{"delivery_window":${JSON.stringify(window)},${view.slice(1)}` : view;
  }

  return { verifySignature, ingest, receive, recompute, publicLookup };
}

export { trackingRepository } from './tracking.repository';
