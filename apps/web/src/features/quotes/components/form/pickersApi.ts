import type { AddressBookEntry, Paginated, Product } from '@freight/contracts';
import { api } from '../../../../lib/api';

/** How many suggestions a picker shows. */
export const PICKER_SIZE = 8;

/** Address book entries matching `q` (company, contact, city, postal code, street): GET /api/addresses. */
export const searchAddresses = (q: string, signal?: AbortSignal) =>
  api.get<Paginated<AddressBookEntry>>('/api/addresses', { query: { q, per_page: PICKER_SIZE }, signal }).then((r) => r.data);

/** Catalog products matching `q` (description, product number, NMFC): GET /api/products. */
export const searchProducts = (q: string, signal?: AbortSignal) =>
  api.get<Paginated<Product>>('/api/products', { query: { q, per_page: PICKER_SIZE }, signal }).then((r) => r.data);
