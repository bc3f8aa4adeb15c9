import type { Paginated, Product } from '@freight/contracts';
import { pageMeta } from '../../paging';
import type { ProductRow } from './products.repository';

/** A product on the wire (contracts `Product`): dimensions in inches, weight in pounds per unit. */
export function presentProduct(row: ProductRow): Product {
  return {
    id: row.id,
    description: row.description,
    product_number: row.productNumber,
    nmfc: row.nmfc,
    sat: row.sat,
    package_type: row.packageType as Product['package_type'],
    freight_class: row.freightClass as Product['freight_class'],
    length_in: row.lengthIn,
    width_in: row.widthIn,
    height_in: row.heightIn,
    weight_lb: row.weightLb,
    hazardous: row.hazardous,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentProductsPage(rows: ProductRow[], total: number, page: number, perPage: number): Paginated<Product> {
  return { data: rows.map(presentProduct), meta: pageMeta(total, page, perPage) };
}
