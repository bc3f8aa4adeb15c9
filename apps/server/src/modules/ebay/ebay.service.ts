import { type EbayModeRate, type EbayModeRates, type EbayOrderStatus, type EbayProblem, quoteRequest } from '@freight/contracts';
import type { Country, Currency } from '@freight/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import type { JobOutcome } from '../../jobs/jobs';
import { secretBox } from '../../security/encryption';
import { hmac, safeEqual } from '../../security/tokens';
import { recordIncident } from '../incidents/incidents.service';
import type { QuoteInput, QuoteOwner, QuoteResult } from '../quotes/quotes.service';
import { pickupCalendar, quotesRepository } from '../quotes/quotes.service';
import { type EbayApiOrder, type EbayClient, EbayError } from './ebay.client';
import { bookingPrefillOf, quoteInputOf } from './ebay.presenter';
import { ebayRepository, type NewOrder, type StoreRow } from './ebay.repository';

export const SYNC_JOB = 'ebay.sync';
export const FULFILL_JOB = 'ebay.fulfill';
const SYNC_EVERY_MS = 15 * 60_000;
/** Each window starts this much before the last one ended: an order seen twice is still one order. */
const SYNC_OVERLAP_MS = 15 * 60_000;
const FIRST_SYNC_DAYS = 30;
const PAGE = 200;
/** An access token this close to its expiry is refreshed first. */
const REFRESH_AHEAD_MS = 5 * 60_000;
const STATE_TTL_MS = 15 * 60_000;

const toCents = (value: string | undefined) => Math.round(Number(value ?? 0) * 100);
/**
 * eBay masks a buyer's email after some days ('5f*******@members.ebay.com', or 'Invalid Request'):
 * only an address mail can reach is kept.
 */
const isAddress = (email: string | undefined): email is string => !!email && z.email().safeParse(email).success;

/**
 * A booking of an eBay order's quote ships the order: it goes with the shipment and the tracking
 * goes back to eBay. Called in the booking's transaction, so a booking made at once and one an
 * account admin approved later do the same.
 */
export async function shipEbayOrdersOfQuote(
  ctx: Pick<AppContext, 'jobs' | 'now'>,
  tx: Db,
  accountId: string,
  quoteId: string,
  shipmentId: string,
) {
  for (const orderId of await ebayRepository(tx).shipOrdersOfQuote(accountId, quoteId, shipmentId)) {
    await ctx.jobs.schedule(FULFILL_JOB, orderId, ctx.now(), { orderId }, tx);
  }
}

/**
 * An account's order quoted (on its own page, or as a batch's row): the quote keeps the order's
 * places as its booking's fill (marked an eBay order's, so the booking may leave the buyer's email
 * out), and the order follows the quote, so booking it ships the order.
 */
export async function linkEbayOrderToQuote(ctx: Pick<AppContext, 'db' | 'now'>, accountId: string, orderId: string, quoteId: string) {
  const repo = ebayRepository(ctx.db);
  const found = await repo.order(orderId, accountId);
  if (!found) return;
  const prefill = bookingPrefillOf(found, await repo.companyAddress(accountId));
  await quotesRepository(ctx.db, ctx.now).setBookingPrefill(
    quoteId,
    accountId,
    prefill.pickup ? prefill : { ...prefill, pickup: undefined },
  );
  await repo.updateOrder(orderId, { quoteId, ...(found.order.status === 'awaiting' ? { status: 'quoted' as const } : {}) });
}

/** The account's eBay orders whose quote is one of `quoteIds` (a held booking's, to show and link them). */
export const ebayOrdersOfQuotes = (db: Db, accountId: string, quoteIds: string[]) => ebayRepository(db).ordersOfQuotes(accountId, quoteIds);

/** A quote rated again for its booking: the orders it ships follow the new quote. */
export const moveEbayOrdersToQuote = (db: Db, accountId: string, fromQuoteId: string, toQuoteId: string) =>
  ebayRepository(db).moveOrdersToQuote(accountId, fromQuoteId, toQuoteId);

/** The quote form's fill for an order (the automation rules' dry run reads it too); `withIds` names more orders of the same buyer and address, shipped together. */
export async function ebayQuoteInput(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  accountId: string,
  orderId: string,
  withIds: string[],
) {
  const repo = ebayRepository(ctx.db);
  const found = await repo.order(orderId, accountId);
  if (!found) throw AppError.notFound();
  const together = [];
  const shipTo = (o: typeof found) => [o.order.buyer, o.order.shipTo.postalCode, o.order.shipTo.line1].join('|');
  for (const id of withIds.filter((x) => x && x !== found.order.id)) {
    const other = isUuid(id) ? await repo.order(id, accountId) : undefined;
    if (!other) throw AppError.notFound();
    if (shipTo(other) !== shipTo(found)) throw AppError.field('with', 'validation.ebay_orders_differ');
    together.push(other);
  }
  const { origin, catalog, pickupDate } = await orderFillSources(ctx, accountId);
  return quoteInputOf(found, origin, catalog, pickupDate, together);
}

/**
 * What an order's quote fill is made from, the same for every order of the account: the company
 * address (the origin), the product catalog (items by SKU), and the first pickup date the quotes'
 * calendar offers from that address.
 */
export async function orderFillSources(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, accountId: string) {
  const repo = ebayRepository(ctx.db);
  const address = await repo.companyAddress(accountId);
  const catalog = await repo.catalog(accountId);
  const origin = address ? { postal_code: address.postal_code, country: address.country } : null;
  const calendar = pickupCalendar(ctx.now, ctx.config.PICKUP_CUTOFF);
  const pickupDate = calendar.first(
    origin ? calendar.originOf(origin as { postal_code: string; country: Country }) : { country: 'US' },
  ).date;
  return { address, catalog, origin, pickupDate };
}

/** One of the account's orders as stored (the automation rules read its SKUs and value). */
export const ebayOrderOf = (db: Db, accountId: string, orderId: string) => ebayRepository(db).order(orderId, accountId);

/** An eBay order as the orders table keeps it; eBay's word on shipped or canceled is taken. */
export function orderRow(store: StoreRow, o: EbayApiOrder): NewOrder {
  const shipTo = o.fulfillmentStartInstructions?.[0]?.shippingStep?.shipTo;
  const a = shipTo?.contactAddress;
  const status: EbayOrderStatus =
    o.cancelStatus?.cancelState === 'CANCELED' ? 'canceled' : o.orderFulfillmentStatus === 'FULFILLED' ? 'shipped' : 'awaiting';
  const lineItems = o.lineItems.map((l) => ({ lineItemId: l.lineItemId, sku: l.sku ?? '', title: l.title, quantity: l.quantity }));
  const searchText = [
    o.orderId,
    o.buyer?.username,
    shipTo?.fullName,
    a?.city,
    a?.stateOrProvince,
    a?.postalCode,
    ...lineItems.flatMap((l) => [l.sku, l.title]),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return {
    storeId: store.id,
    accountId: store.accountId,
    ebayOrderId: o.orderId,
    searchText,
    orderedAt: new Date(o.creationDate),
    ebayModifiedAt: new Date(o.lastModifiedDate),
    buyer: o.buyer?.username ?? '',
    shipTo: {
      name: shipTo?.fullName ?? '',
      line1: a?.addressLine1 ?? '',
      line2: a?.addressLine2 ?? '',
      city: a?.city ?? '',
      state: a?.stateOrProvince ?? '',
      postalCode: a?.postalCode ?? '',
      country: a?.countryCode ?? '',
      phone: shipTo?.primaryPhone?.phoneNumber || o.buyer?.buyerRegistrationAddress?.primaryPhone?.phoneNumber || '',
      email: [shipTo?.email, o.buyer?.buyerRegistrationAddress?.email].find(isAddress) ?? '',
    },
    lineItems,
    totalCents: toCents(o.pricingSummary?.total?.value),
    currency: o.pricingSummary?.total?.currency ?? 'USD',
    status,
  };
}

/**
 * eBay's code of the carrier (its ShippingCarrierCodeType): the parcel carriers have their own; an
 * LTL carrier has none, so 'Other', with its PRO (or the BOL) as the tracking number.
 */
const EBAY_CARRIER_CODES: Record<string, string> = { UPSN: 'UPS', FDEG: 'FedEx', USPS: 'USPS' };
export const ebayCarrierCode = (scac: string | null) => EBAY_CARRIER_CODES[scac ?? ''] ?? 'Other';

/** What a failed call to eBay is called in the store's and the order's status line (no tokens, no bodies). */
const failure = (error: unknown): EbayProblem =>
  error instanceof EbayError ? `http_${error.status}` : error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable';

/**
 * eBay stores and their orders: consent and tokens, the order sync, and the write-back
 * of tracking numbers. Calls to eBay run as durable jobs; a failing eBay leaves the last synced
 * list in place with the failure and the next try.
 */
export function ebayService(ctx: Pick<AppContext, 'db' | 'now' | 'jobs' | 'appKey' | 'config'>, client: EbayClient) {
  const box = secretBox(ctx.appKey, 'ebay-tokens');
  const repo = ebayRepository(ctx.db);
  const stateSig = (payload: string) => hmac(ctx.appKey, `ebay-consent:${payload}`).slice(0, 32);

  /** A valid access token of the store, refreshed when about to expire; a lost consent disconnects it. */
  async function accessToken(store: StoreRow): Promise<string> {
    const now = ctx.now();
    if (store.status !== 'connected' || !store.refreshTokenEnc) throw new AppError(409, 'conflict', 'errors.ebay_disconnected');
    if (store.accessTokenEnc && store.accessExpiresAt && store.accessExpiresAt.getTime() > now.getTime() + REFRESH_AHEAD_MS) {
      return box.open(store.accessTokenEnc);
    }
    try {
      const t = await client.refresh(box.open(store.refreshTokenEnc), now);
      await repo.updateStore(store.id, { accessTokenEnc: box.seal(t.accessToken), accessExpiresAt: t.accessExpiresAt });
      return t.accessToken;
    } catch (error) {
      if (error instanceof EbayError && error.consentLost) {
        await repo.updateStore(store.id, { status: 'disconnected', accessTokenEnc: null, lastSyncError: 'consent_lost' });
        throw new AppError(409, 'conflict', 'errors.ebay_disconnected');
      }
      throw error;
    }
  }

  async function sync(storeId: string): Promise<JobOutcome> {
    const store = await repo.store(storeId);
    // Switched off by staff (Integrations): the recurring sync ends; switching on schedules it again.
    if (!store || store.status !== 'connected' || store.disabledAt) return;
    const startedAt = ctx.now();
    const next = new Date(startedAt.getTime() + SYNC_EVERY_MS);
    try {
      const token = await accessToken(store);
      const modifiedFrom = store.syncedThrough
        ? new Date(store.syncedThrough.getTime() - SYNC_OVERLAP_MS)
        : new Date(startedAt.getTime() - FIRST_SYNC_DAYS * 86_400_000);
      for (let offset = 0; ; offset += PAGE) {
        const page = await client.getOrders(token, { modifiedFrom, offset, limit: PAGE });
        await repo.upsertOrders(page.orders.map((o) => orderRow(store, o)));
        if (!page.next || page.orders.length === 0) break;
      }
      await repo.updateStore(store.id, { syncedThrough: startedAt, lastSyncAt: startedAt, lastSyncError: null, nextSyncAt: next });
      return { runAgainAt: next };
    } catch (error) {
      // A lost consent has disconnected the store: no more tries until the seller reconnects.
      if (error instanceof AppError) return;
      await repo.updateStore(store.id, { lastSyncError: failure(error), nextSyncAt: next });
      return { runAgainAt: next };
    }
  }

  async function fulfill(orderId: string) {
    const found = await repo.order(orderId);
    if (!found || found.order.fulfilledAt || !found.order.shipmentId) return;
    const store = await repo.store(found.order.storeId);
    // Switched off: no write-back now; switching on schedules the orders not yet written back.
    if (!store || store.disabledAt) return;
    const { order } = found;
    try {
      const token = await accessToken(store);
      const fulfillmentId = await client.createShippingFulfillment(token, order.ebayOrderId, {
        lineItems: order.lineItems.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })),
        shippedDate: ctx.now().toISOString(),
        shippingCarrierCode: ebayCarrierCode(found.carrierScac),
        trackingNumber: found.trackingNumber ?? found.proNumber ?? found.bolNumber ?? '',
      });
      await repo.updateOrder(order.id, { fulfilledAt: ctx.now(), fulfillmentId, fulfillmentError: null, status: 'shipped' });
    } catch (error) {
      // Fulfilled on eBay already (by the seller by hand, or an earlier try whose answer was lost).
      if (error instanceof EbayError && error.status === 409) {
        await repo.updateOrder(order.id, { fulfilledAt: ctx.now(), fulfillmentError: null, status: 'shipped' });
        return;
      }
      const message: EbayProblem = error instanceof AppError ? 'consent_lost' : failure(error);
      await repo.updateOrder(order.id, { fulfillmentError: message });
      await recordIncident(ctx.db, {
        kind: 'marketplace_error',
        operation: 'ebay.fulfill',
        request: { ebay_order_id: order.ebayOrderId, store: store.ebayUser },
        error: error instanceof Error ? error.message.slice(0, 500) : message,
        at: ctx.now(),
      });
      throw error;
    }
  }

  const quoteInput = (accountId: string, orderId: string, withIds: string[]) => ebayQuoteInput(ctx, accountId, orderId, withIds);

  ctx.jobs.register(SYNC_JOB, async (payload) => sync((payload as { storeId: string }).storeId));
  ctx.jobs.register(FULFILL_JOB, async (payload) => fulfill((payload as { orderId: string }).orderId));

  return {
    repo,
    sync,

    /** Where to send the browser for the seller's consent; the signed state names who asked. */
    consentUrl(accountId: string, userId: string) {
      const payload = `${accountId}.${userId}.${ctx.now().getTime() + STATE_TTL_MS}`;
      return client.consentUrl(`${payload}.${stateSig(payload)}`);
    },

    /** eBay's answer to the consent: the store connected (or again) and its first sync started. */
    async connect(accountId: string, userId: string, state: string, code: string) {
      const [acct, user, expires, sig] = state.split('.');
      const payload = `${acct}.${user}.${expires}`;
      if (!sig || !safeEqual(sig, stateSig(payload)) || acct !== accountId || user !== userId || Number(expires) < ctx.now().getTime()) {
        throw new AppError(400, 'bad_request', 'errors.ebay_consent_invalid');
      }
      const now = ctx.now();
      const tokens = await client.exchangeCode(code, now);
      const ebayUser = await client.username(tokens.accessToken);
      const sealed = {
        status: 'connected' as const,
        accessTokenEnc: box.seal(tokens.accessToken),
        accessExpiresAt: tokens.accessExpiresAt,
        refreshTokenEnc: tokens.refreshToken ? box.seal(tokens.refreshToken) : null,
        refreshExpiresAt: tokens.refreshExpiresAt ?? null,
        lastSyncError: null,
        nextSyncAt: now,
      };
      const existing = await repo.storeOf(accountId, ebayUser);
      const store = existing
        ? (await repo.updateStore(existing.id, sealed), existing)
        : await repo.insertStore({ accountId, connectedBy: userId, ebayUser, ...sealed, createdAt: now });
      await ctx.jobs.schedule(SYNC_JOB, store.id, now, { storeId: store.id });
      return store;
    },

    async disconnect(accountId: string, storeId: string) {
      const store = await repo.store(storeId);
      if (!store || store.accountId !== accountId) throw AppError.notFound();
      await repo.updateStore(store.id, { status: 'disconnected', accessTokenEnc: null, refreshTokenEnc: null, nextSyncAt: null });
    },

    /** The account's order, shipped with one of its shipments: the tracking goes back to eBay. */
    async link(accountId: string, orderId: string, shipmentId: string) {
      const found = await repo.order(orderId, accountId);
      if (!found) throw AppError.notFound();
      if (!(await repo.shipmentOf(accountId, shipmentId))) throw AppError.field('shipment_id', 'validation.choice');
      await repo.updateOrder(orderId, { shipmentId, status: 'shipped', fulfillmentError: null });
      await ctx.jobs.schedule(FULFILL_JOB, orderId, ctx.now(), { orderId });
    },

    /** The order was quoted: the quote remembers the places to fill the booking form with. */
    async quoted(accountId: string, orderId: string, quoteId: string) {
      const quotesRepo = quotesRepository(ctx.db, ctx.now);
      if (!(await repo.order(orderId, accountId))) throw AppError.notFound();
      if (!(await quotesRepo.find(quoteId, accountId))) throw AppError.field('quote_id', 'validation.choice');
      await linkEbayOrderToQuote(ctx, accountId, orderId, quoteId);
      return (await quotesRepo.find(quoteId, accountId))!;
    },

    quoteInput,

    /**
     * Both modes of an order whose items fit both, rated with the owner's carriers (nothing is
     * stored: the seller then quotes the mode chosen). An order with items still to complete by
     * hand, or without the account's address to ship from, is not rated: all null.
     */
    async modeRates(
      owner: QuoteOwner,
      currency: Currency,
      orderId: string,
      withIds: string[],
      rate: (input: QuoteInput) => Promise<QuoteResult>,
    ): Promise<EbayModeRates> {
      const { input, unmatched, modes } = await quoteInput(owner.accountId, orderId, withIds);
      const cheapestOf = async (mode: 'parcel' | 'ltl'): Promise<EbayModeRate | null> => {
        const parsed = quoteRequest.safeParse({ ...input, mode, currency });
        if (!modes[mode] || unmatched.length > 0 || !parsed.success) return null;
        const { rates } = await rate({ ...parsed.data, currency, unit_system: parsed.data.unit_system ?? 'imperial' });
        const best = rates.reduce<(typeof rates)[number] | null>((min, r) => (!min || r.total_cents < min.total_cents ? r : min), null);
        return best && { total_cents: best.total_cents, currency, carrier_name: best.carrier_name, transit_days: best.transit_days };
      };
      const [parcel, ltl] = await Promise.all([cheapestOf('parcel'), cheapestOf('ltl')]);
      const cheapest = parcel && ltl ? (parcel.total_cents < ltl.total_cents ? 'parcel' : 'ltl') : parcel ? 'parcel' : ltl ? 'ltl' : null;
      return { parcel, ltl, cheapest };
    },

    async retryFulfillment(accountId: string, orderId: string) {
      const found = await repo.order(orderId, accountId);
      if (!found?.order.shipmentId) throw AppError.notFound();
      await ctx.jobs.schedule(FULFILL_JOB, orderId, ctx.now(), { orderId });
    },

    /** Seals a refresh token for a store (the demo seed's store on the simulator). */
    sealToken: (token: string) => box.seal(token),
  };
}
