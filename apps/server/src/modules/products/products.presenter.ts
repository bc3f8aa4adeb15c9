import type { Paginated, Product, ProductValues } from '@freight/contracts';
import { pageMeta } from '../../paging';
import type { ProductRow } from './products.repository';

/** The product's values (contracts `ProductValues`), as the form sends them and a CSV row holds them. */
export const productValues = (row: ProductRow): ProductValues => ({
  description: row.description,
  product_number: row.productNumber,
  nmfc: row.nmfc,
  sat: row.sat,
  hs_code: row.hsCode,
  package_type: row.packageType as ProductValues['package_type'],
  freight_class: row.freightClass as ProductValues['freight_class'],
  length_in: row.lengthIn,
  width_in: row.widthIn,
  height_in: row.heightIn,
  weight_lb: row.weightLb,
  hazardous: row.hazardous,
});

/** A product on the wire (contracts `productView`, which the API's tests hold it to): inches, and pounds per unit. */
export function presentProduct(row: ProductRow): Product {
  return { id: row.id, ...productValues(row), created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

export function presentProductsPage(rows: ProductRow[], total: number, page: number, perPage: number): Paginated<Product> {
  return { data: rows.map(presentProduct), meta: pageMeta(total, page, perPage) };
}
