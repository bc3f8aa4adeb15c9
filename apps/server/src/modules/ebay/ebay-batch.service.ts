import type { BatchColumn, BatchItemCells } from '@freight/contracts';
import type { UnitSystem } from '@freight/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { batchCellsOf, bookingPrefillOf, quoteInputOf } from './ebay.presenter';
import { ebayRepository } from './ebay.repository';
import { orderFillSources } from './ebay.service';

/** An order as a batch's row: its cells and further item lines, or why it cannot be one (a message key and its values). */
export interface EbayBatchRow {
  orderId: string;
  cells: Partial<Record<BatchColumn, string>>;
  moreItems: BatchItemCells[];
  problem: { key: string; params?: Record<string, unknown> } | null;
}

/**
 * The account's eBay orders picked for a batch, one row each in the order given (an id given twice
 * counts once): each order's quote form fill (catalog items by SKU, the first pickup date from the
 * company address) as the batch template's cells. 422 on `order_ids` for an order that is not the
 * account's, or that has shipped or was canceled. An order with items of several kinds is one row
 * (one shipment) with its first kind in the cells and the others as further item lines. An order
 * the batch cannot hold (an SKU not in the catalog) is a row with its problem, to ship from its own page.
 */
export async function ebayBatchRows(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  accountId: string,
  orderIds: string[],
  unitSystem: UnitSystem,
): Promise<EbayBatchRow[]> {
  const repo = ebayRepository(ctx.db);
  const orders = [];
  for (const id of new Set(orderIds)) {
    const found = await repo.order(id, accountId);
    if (!found) throw AppError.field('order_ids', 'validation.choice');
    if (found.order.status === 'shipped' || found.order.status === 'canceled')
      throw AppError.field('order_ids', 'validation.ebay_order_not_open');
    orders.push(found);
  }
  const { address, catalog, origin, pickupDate } = await orderFillSources(ctx, accountId);
  return orders.map((found) => {
    const fill = quoteInputOf(found, origin, catalog, pickupDate);
    const { cells, moreItems } = batchCellsOf(fill, bookingPrefillOf(found, address), unitSystem);
    const problem = fill.unmatched.length
      ? { key: 'batch.ebay_unmatched', params: { skus: fill.unmatched.map((u) => u.sku || u.title).join(', ') } }
      : null;
    return { orderId: found.order.id, cells, moreItems, problem };
  });
}
