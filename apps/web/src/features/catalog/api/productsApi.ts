import type { Paginated, PRODUCT_SORTS, Product, ProductInput } from '@freight/contracts';
import { api } from '../../../lib/api';

/** The product catalog API (docs/api.md, Product catalog): inches and pounds per unit, whatever the user's units. */

export type ProductSort = (typeof PRODUCT_SORTS)[number];
export type SortDir = 'asc' | 'desc';

export interface ProductListQuery {
  page?: number;
  per_page?: number;
  /** Matches description, product number and NMFC. */
  q?: string;
  sort?: ProductSort;
  dir?: SortDir;
}

type One<T> = { data: T };

export const PRODUCTS_KEY = ['products'] as const;

const one = (id: string) => `/api/products/${encodeURIComponent(id)}`;

export const listProducts = (query: ProductListQuery) => api.get<Paginated<Product>>('/api/products', { query: { ...query } });
export const createProduct = (body: ProductInput) => api.post<One<Product>>('/api/products', body);
export const updateProduct = (id: string, body: ProductInput) => api.put<One<Product>>(one(id), body);
export const deleteProduct = (id: string) => api.delete<unknown>(one(id));
