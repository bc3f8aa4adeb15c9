import type { SalesRequestRow } from './sales-requests.repository';

/** What the shipper gets back: the request's id and when it was recorded. */
export function presentSalesRequest(row: SalesRequestRow) {
  return { id: row.id, created_at: row.createdAt.toISOString() };
}
