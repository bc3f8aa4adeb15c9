import type { EbayOrderStatus } from '@freight/contracts';
import { and, asc, desc, eq, inArray, isNull, like, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countAhead } from '../../db/count-ahead';
import { escapeLike } from '../../db/like';
import { accounts, carriers, ebayOrders, ebayStores, products, shipments } from '../../db/schema';

export type StoreRow = typeof ebayStores.$inferSelect;
export type OrderRow = typeof ebayOrders.$inferSelect;
export type NewOrder = typeof ebayOrders.$inferInsert;

export function ebayRepository(db: Db) {
  /** Orders with their store and the shipment they went with (what the list and the detail show). */
  const withShipment = () =>
    db
      .select({
        order: ebayOrders,
        store: { id: ebayStores.id, ebayUser: ebayStores.ebayUser },
        bolNumber: shipments.bolNumber,
        proNumber: shipments.proNumber,
        trackingNumber: shipments.trackingNumber,
        carrierName: carriers.name,
        carrierScac: carriers.scac,
      })
      .from(ebayOrders)
      .innerJoin(ebayStores, eq(ebayStores.id, ebayOrders.storeId))
      .leftJoin(shipments, eq(shipments.id, ebayOrders.shipmentId))
      .leftJoin(carriers, eq(carriers.id, shipments.carrierId));

  return {
    /**
     * An eBay user's account deleted: as a buyer, its name, street, phone and email leave its
     * orders (the city, state, postal code and country stay for the shipments); as a seller, its
     * store is disconnected and its tokens erased.
     */
    async forgetUser(username: string) {
      await db
        .update(ebayOrders)
        .set({
          buyer: '',
          shipTo: sql`jsonb_build_object('name', '', 'line1', '', 'line2', '', 'phone', '', 'email', '', 'city', ${ebayOrders.shipTo}->>'city', 'state', ${ebayOrders.shipTo}->>'state', 'postalCode', ${ebayOrders.shipTo}->>'postalCode', 'country', ${ebayOrders.shipTo}->>'country')`,
          searchText: sql`lower(${ebayOrders.ebayOrderId})`,
        })
        .where(eq(ebayOrders.buyer, username));
      await db
        .update(ebayStores)
        .set({ status: 'disconnected', accessTokenEnc: null, refreshTokenEnc: null, lastSyncError: 'account_deleted', nextSyncAt: null })
        .where(eq(ebayStores.ebayUser, username));
    },

    stores: (accountId: string) =>
      db.select().from(ebayStores).where(eq(ebayStores.accountId, accountId)).orderBy(asc(ebayStores.createdAt)),

    async store(id: string) {
      const [row] = await db.select().from(ebayStores).where(eq(ebayStores.id, id));
      return row;
    },

    async storeOf(accountId: string, ebayUser: string) {
      const [row] = await db
        .select()
        .from(ebayStores)
        .where(and(eq(ebayStores.accountId, accountId), eq(ebayStores.ebayUser, ebayUser)));
      return row;
    },

    async insertStore(values: typeof ebayStores.$inferInsert) {
      const [row] = await db.insert(ebayStores).values(values).returning();
      return row!;
    },

    async updateStore(id: string, set: Partial<typeof ebayStores.$inferInsert>) {
      await db.update(ebayStores).set(set).where(eq(ebayStores.id, id));
    },

    /** The connected stores of an eBay user that hold no refresh token (the embedded default's demo store). */
    storesWithoutToken: (ebayUser: string) =>
      db
        .select({ id: ebayStores.id })
        .from(ebayStores)
        .where(and(eq(ebayStores.ebayUser, ebayUser), isNull(ebayStores.refreshTokenEnc), eq(ebayStores.status, 'connected'))),

    /**
     * Writes a page of synced orders: new ones are added; known ones take eBay's fields, and
     * eBay's word on shipped or canceled, but keep what the product did with them (quote, shipment).
     */
    async upsertOrders(rows: NewOrder[]) {
      if (rows.length === 0) return;
      await db
        .insert(ebayOrders)
        .values(rows)
        .onConflictDoUpdate({
          target: [ebayOrders.storeId, ebayOrders.ebayOrderId],
          set: {
            ebayModifiedAt: sql`excluded.ebay_modified_at`,
            buyer: sql`excluded.buyer`,
            shipTo: sql`excluded.ship_to`,
            lineItems: sql`excluded.line_items`,
            totalCents: sql`excluded.total_cents`,
            currency: sql`excluded.currency`,
            searchText: sql`excluded.search_text`,
            status: sql`case when excluded.status in ('shipped', 'canceled') then excluded.status else ${ebayOrders.status} end`,
          },
        });
    },

    /** An order with its store and shipment; `accountId` scopes it to the caller (jobs read any). */
    async order(id: string, accountId?: string) {
      const [row] = await withShipment().where(and(eq(ebayOrders.id, id), accountId ? eq(ebayOrders.accountId, accountId) : undefined));
      return row;
    },

    async updateOrder(id: string, set: Partial<NewOrder>) {
      await db.update(ebayOrders).set(set).where(eq(ebayOrders.id, id));
    },

    /** The account's orders last quoted with one of `quoteIds` (what a held booking of that quote ships). */
    ordersOfQuotes(accountId: string, quoteIds: string[]) {
      if (quoteIds.length === 0) return Promise.resolve([]);
      return db
        .select({ id: ebayOrders.id, ebayOrderId: ebayOrders.ebayOrderId, status: ebayOrders.status, quoteId: ebayOrders.quoteId })
        .from(ebayOrders)
        .where(and(eq(ebayOrders.accountId, accountId), inArray(ebayOrders.quoteId, quoteIds)))
        .orderBy(asc(ebayOrders.orderedAt));
    },

    /** The orders of a quote not shipped yet (nor canceled) go with `shipmentId`; answers their ids. */
    async shipOrdersOfQuote(accountId: string, quoteId: string, shipmentId: string) {
      const rows = await db
        .update(ebayOrders)
        .set({ shipmentId, status: 'shipped', fulfillmentError: null })
        .where(
          and(
            eq(ebayOrders.accountId, accountId),
            eq(ebayOrders.quoteId, quoteId),
            isNull(ebayOrders.shipmentId),
            ne(ebayOrders.status, 'canceled'),
          ),
        )
        .returning({ id: ebayOrders.id });
      return rows.map((r) => r.id);
    },

    /** The quote was rated again: its orders are now the new quote's. */
    async moveOrdersToQuote(accountId: string, fromQuoteId: string, toQuoteId: string) {
      await db
        .update(ebayOrders)
        .set({ quoteId: toQuoteId })
        .where(and(eq(ebayOrders.accountId, accountId), eq(ebayOrders.quoteId, fromQuoteId), isNull(ebayOrders.shipmentId)));
    },

    /** Where the account's orders ship from: its company address (null until it has one). */
    async companyAddress(accountId: string) {
      const [row] = await db.select({ address: accounts.companyAddress }).from(accounts).where(eq(accounts.id, accountId));
      return row?.address ?? null;
    },

    /** The account's product catalog, which order lines are matched to by SKU. */
    catalog: (accountId: string) => db.select().from(products).where(eq(products.accountId, accountId)),

    /** One of the account's shipments (undefined when it is not the account's). */
    async shipmentOf(accountId: string, shipmentId: string) {
      const [row] = await db
        .select({ id: shipments.id })
        .from(shipments)
        .where(and(eq(shipments.id, shipmentId), eq(shipments.accountId, accountId)));
      return row;
    },

    /** The account's orders, newest first: by default those still to ship (awaiting or quoted). */
    async page(accountId: string, f: { status?: EbayOrderStatus; store?: string; q?: string; page: number; perPage: number }) {
      const conditions: SQL[] = [eq(ebayOrders.accountId, accountId)];
      if (f.status) conditions.push(eq(ebayOrders.status, f.status));
      else conditions.push(sql`${ebayOrders.status} in ('awaiting', 'quoted')`);
      if (f.store) conditions.push(eq(ebayOrders.storeId, f.store));
      if (f.q) conditions.push(like(ebayOrders.searchText, `%${escapeLike(f.q.toLowerCase())}%`));
      const where = and(...conditions);
      const [rows, counted] = await Promise.all([
        withShipment()
          .where(where)
          .orderBy(desc(ebayOrders.orderedAt), desc(ebayOrders.id))
          .limit(f.perPage)
          .offset((f.page - 1) * f.perPage),
        // Counted only so far past the page: an exact count of a seller's 50,000 orders scanned them all.
        countAhead(db, ebayOrders, where, (f.page - 1) * f.perPage),
      ]);
      return { rows, ...counted };
    },
  };
}

export type EbayRepository = ReturnType<typeof ebayRepository>;
export type OrderWithShipment = NonNullable<Awaited<ReturnType<EbayRepository['order']>>>;
