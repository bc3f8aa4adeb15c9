import { describe, expect, it } from 'vitest';
import type { EbayOrderPage } from './ebay.client';
import type { StoreRow } from './ebay.repository';
import { orderRow } from './ebay.service';
import sample from './fixtures/get-orders.sample.json';

/**
 * A getOrders answer in the shape of eBay's published reference (Sell Fulfillment API, getOrders
 * sample: masked ids, every field eBay sends), read the way the sync reads it.
 */
const store = { id: 's1', accountId: 'a1' } as StoreRow;

describe('reading eBay orders', () => {
  it("takes the order id, dates, buyer, ship-to, items, total and status from eBay's answer", () => {
    const [order] = (sample as EbayOrderPage).orders;
    expect(orderRow(store, order!)).toEqual({
      storeId: 's1',
      accountId: 'a1',
      ebayOrderId: '06-10839-76532',
      searchText: '06-10839-76532 j***e_buyer jane buyer austin tx 78701 ch-200 office chairs (carton of 2)',
      orderedAt: new Date('2026-11-20T19:04:31.000Z'),
      ebayModifiedAt: new Date('2026-11-20T19:06:02.000Z'),
      buyer: 'j***e_buyer',
      shipTo: {
        name: 'Jane Buyer',
        line1: '1200 Congress Ave',
        line2: 'Suite 4',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        country: 'US',
        phone: '5125550142',
        // eBay's sample masks the buyer's email: not an address mail can reach, so none.
        email: '',
      },
      lineItems: [{ lineItemId: '10022882297012', sku: 'CH-200', title: 'Office chairs (carton of 2)', quantity: 1 }],
      totalCents: 21_900,
      currency: 'USD',
      status: 'awaiting',
    });
  });

  it("takes the buyer's own phone and email where the ship-to has none", () => {
    const [order] = (sample as EbayOrderPage).orders;
    const step = order!.fulfillmentStartInstructions![0]!.shippingStep!;
    const bare = { ...order!, fulfillmentStartInstructions: [{ shippingStep: { shipTo: { ...step.shipTo, primaryPhone: undefined } } }] };
    const buyer = {
      username: 'jane',
      buyerRegistrationAddress: { email: 'jane@example.test', primaryPhone: { phoneNumber: '5125550199' } },
    };
    expect(orderRow(store, { ...bare, buyer }).shipTo).toMatchObject({ phone: '5125550199', email: 'jane@example.test' });
  });

  it('reads canceled and fulfilled orders, and tolerates what eBay leaves out', () => {
    const [order] = (sample as EbayOrderPage).orders;
    expect(orderRow(store, { ...order!, cancelStatus: { cancelState: 'CANCELED' } }).status).toBe('canceled');
    expect(orderRow(store, { ...order!, orderFulfillmentStatus: 'FULFILLED' }).status).toBe('shipped');
    const bare = orderRow(store, { ...order!, buyer: undefined, fulfillmentStartInstructions: undefined, pricingSummary: undefined });
    expect(bare).toMatchObject({ buyer: '', totalCents: 0, currency: 'USD', shipTo: { name: '', city: '', country: '' } });
  });
});
