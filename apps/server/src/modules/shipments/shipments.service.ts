import type { ShipmentView } from '@freight/contracts';
import { CANCELABLE_STATUSES, CARD_AUTH_HOLD_CENTS, type Currency, type Language, SUPPORT_PHONE } from '@freight/domain';
import { convertCents } from '@freight/domain/rating';
import type { BookingCarrierAdapter, CarrierRow } from '../../carrier-adapters/adapter';
import { TariffCarrier } from '../../carrier-adapters/tariff-carrier';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { placeOffsetMinutes } from '../../zones';
import { expectedWindow } from '../delivery-windows/delivery-windows.service';
import { equipmentCatalog } from '../equipment-types/equipment-types.service';
import { FALLBACK_RATES } from '../quotes/quotes.service';
import { usersService } from '../users/users.service';
import { webhookEvents } from '../webhooks/webhooks.service';
import { type PaymentFacts, presentShipment, trackedShipment } from './shipments.presenter';
import { type ShipmentPageOptions, type ShipmentRow, shipmentsRepository } from './shipments.repository';
import { confirmationPath, presentTruckloadConfirmation, shipmentIdOfToken } from './truckload-confirmation';

/**
 * The rows other modules read and lock (billing, staff's lists), and My Shipments' page over any
 * condition on shipments: the public entry by which another module's list of shipments
 * (Analytics' shipments behind a figure) pages, sorts and counts as My Shipments does.
 */
export {
  type ShipmentPageOptions,
  type ShipmentRow,
  shipmentBatches,
  shipmentPage,
  shipmentsRepository,
} from './shipments.repository';

/** The durable job that cancels a prepaid booking left unpaid (payments module registers its handler). */
export const PAYMENT_EXPIRY_JOB = 'shipment.payment_expiry';
/** Releases the card authorization of a paid booking that was canceled (modules/payments). */
export const PAYMENT_VOID_JOB = 'shipment.payment_void';

/** How a carrier row becomes something that books and cancels; tests pass a failing one. */
export type CarrierFactory = (row: CarrierRow) => BookingCarrierAdapter;
export const defaultCarrierFor: CarrierFactory = (row) => new TariffCarrier(row);

export interface ShipmentsServiceOptions {
  carrierFor?: CarrierFactory;
}

/** The rates of the currency_rates table over the fallbacks (units per 1 USD). */
export async function exchangeRatesOf(db: Db) {
  return { ...FALLBACK_RATES, ...(await shipmentsRepository(db).currencyRates()), USD: 1 } as Record<Currency, number>;
}

/** The card hold in the shipment's currency, the paying card and a canceled booking's credit memo, for the PaymentView. */
export async function paymentFacts(db: Db, row: ShipmentRow): Promise<PaymentFacts> {
  if (row.paymentState === 'not_required') return { holdCents: 0, cardLast4: null };
  const repo = shipmentsRepository(db);
  const [rates, cardLast4, creditMemo] = await Promise.all([
    exchangeRatesOf(db),
    repo.cardLast4(row.id),
    row.paymentState === 'released' || row.paymentState === 'refunded' ? repo.cancelCreditMemo(row.id) : null,
  ]);
  return { holdCents: convertCents(CARD_AUTH_HOLD_CENTS, 'USD', row.currency as Currency, rates), cardLast4, creditMemo };
}

/** The shipment in full, with its events and payment facts. */
export async function shipmentView(db: Db, row: ShipmentRow, language: Language, seesCost = false): Promise<ShipmentView> {
  const repo = shipmentsRepository(db);
  const [events, facts, names, people] = await Promise.all([
    repo.events(row.id),
    paymentFacts(db, row),
    row.mode === 'truckload' ? equipmentCatalog(db).namesIn(language) : undefined,
    usersService(db).people([row.userId, row.approvedBy]),
  ]);
  return presentShipment(row, events, facts, language, names?.(row.service) ?? null, people, seesCost);
}

/** JSON with sorted keys (undefined left out): the same request always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const bookingFailed = (cause?: unknown) =>
  Object.assign(new AppError(503, 'booking_failed', 'errors.booking_failed', { phone: SUPPORT_PHONE.display }), { cause });
const conflict = (key: string) => new AppError(409, 'conflict', key);

/**
 * The shipments list and detail, cancel. Booking is booking.service.ts; shipping one again
 * (reship, return-ship) is reship.service.ts.
 */
export function shipmentsService(ctx: AppContext, opts: ShipmentsServiceOptions = {}) {
  const repo = shipmentsRepository(ctx.db);
  const carrierFor = opts.carrierFor ?? defaultCarrierFor;

  async function find(accountId: string, id: string) {
    const row = await repo.find(accountId, id);
    if (!row) throw AppError.notFound();
    return row;
  }

  /**
   * Cancels a shipment the carrier does not have yet; an unpaid booking no longer needs paying.
   * Staff cancel on the shipper's behalf with `by`: their event says so, and `record` (the audit
   * entry) is written in the cancel's transaction.
   */
  async function cancel(
    accountId: string,
    id: string,
    by?: { description: string; record: (tx: Db, before: ShipmentRow, after: ShipmentRow) => Promise<void> },
  ): Promise<ShipmentRow> {
    await find(accountId, id);
    try {
      return await ctx.db.transaction(async (tx) => {
        const r = shipmentsRepository(tx);
        const row = await r.lock(id);
        if (!row || row.status === 'canceled' || !CANCELABLE_STATUSES.includes(row.status)) throw conflict('errors.not_cancelable');
        const carrierRow = await r.carrier(row.carrierId);
        if (carrierRow) await carrierFor(carrierRow).cancel(trackedShipment(row));
        const at = ctx.now();
        const updated = await r.update(id, {
          status: 'canceled',
          actionRequired: false,
          canceledAt: at,
          updatedAt: at,
          ...(row.paymentState === 'awaiting' ? { paymentState: 'not_required' as const } : {}),
        });
        // A paid booking's card authorization, or an awaiting booking's attempt left waiting on
        // 3-D Secure, is released by a durable job: the cancel does not wait on the processor,
        // and an outage is tried again.
        if (row.paymentState === 'paid' || row.paymentState === 'awaiting')
          await ctx.jobs.schedule(PAYMENT_VOID_JOB, id, at, { shipment_id: id }, tx);
        await r.addEvent({
          shipmentId: id,
          source: by ? 'staff' : 'portal',
          dedupeKey: 'portal-cancel',
          statusCode: 'CA',
          reasonCode: null,
          status: 'canceled',
          description: by?.description ?? 'Canceled by the shipper',
          city: row.originCity,
          state: row.originState,
          occurredAt: at,
          utcOffsetMinutes: placeOffsetMinutes(row.originState, row.originCountry, at),
          receivedAt: at,
        });
        await by?.record(tx, row, updated);
        await webhookEvents(ctx).statusChanged(tx, id, row.status);
        return updated;
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw bookingFailed(err);
    }
  }

  return {
    find,
    cancel,
    /** A page of the account's shipments with the people who booked them. */
    async page(accountId: string, options: ShipmentPageOptions) {
      const found = await repo.page(accountId, options);
      return { ...found, people: await usersService(ctx.db).people(found.rows.map((r) => r.userId)) };
    },
    /** The shipment in full for its shipper, with a truckload's public confirmation link. */
    async view(row: ShipmentRow, language: Language): Promise<ShipmentView> {
      const view = await shipmentView(ctx.db, row, language);
      const learned = await expectedWindow(ctx, row);
      const shown = learned ? { ...view, delivery_window: learned } : view;
      return row.mode === 'truckload' ? { ...shown, confirmation_path: confirmationPath(ctx.appKey, row.id) } : shown;
    },
    /** The public truckload confirmation of a signed link; 404 for a bad link or another mode. */
    async truckloadConfirmation(token: string, language: Language) {
      const id = shipmentIdOfToken(ctx.appKey, token);
      const row = id && isUuid(id) ? await repo.findSigned(id) : undefined;
      if (!row || row.mode !== 'truckload') throw AppError.notFound();
      const names = await equipmentCatalog(ctx.db, ctx.now).namesIn(language);
      return presentTruckloadConfirmation(row, names(row.service));
    },
  };
}

/** A page of shipments in My Shipments' wire shape, for the lists other modules narrow (analytics). */
/** The language a shipment's carrier reads (its documents, a claim's packet): Spanish from Mexico. */
export { laneColumns } from './lane-columns';
/** My Shipments as a file, for the lists other modules narrow (analytics' drill-down) or read whole. */
export { shipmentExportColumns, shipmentsExport } from './shipments.export';
export { carrierLanguage, chargeLabel, listItem, presentEvent, presentShipmentPage, trackedShipment } from './shipments.presenter';

/** Where a truckload's stops are and which one delivers (its documents and its tracking read them). */
export { deliveryPlaceOf, stopsOf } from './truckload-stops';
