import type { ProductValues } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { productColumns } from '../modules/products/products.repository';
import { TEMPLATE_ROW } from '../modules/products/products.service';
import type { Db } from './client';
import { products, users } from './schema';

/** A few products for the demo shipper's catalog: inches and pounds per unit. */
const DEMO_PRODUCTS: ProductValues[] = [
  TEMPLATE_ROW,
  {
    description: 'Office chairs (carton of 2)',
    product_number: 'CH-200',
    nmfc: '79300',
    sat: '',
    hs_code: '940130',
    package_type: 'boxes',
    freight_class: 250,
    length_in: 30,
    width_in: 28,
    height_in: 26,
    weight_lb: 48,
    hazardous: false,
  },
  {
    description: 'Industrial degreaser, 55 gal drum',
    product_number: 'DG-55',
    nmfc: '48580',
    sat: '47131800',
    hs_code: '340290',
    package_type: 'drums',
    freight_class: 60,
    length_in: 24,
    width_in: 24,
    height_in: 35,
    weight_lb: 480,
    hazardous: true,
  },
  {
    description: 'Kraft paper rolls',
    product_number: 'KP-36',
    nmfc: '',
    sat: '',
    hs_code: '480421',
    package_type: 'rolls',
    freight_class: 55,
    length_in: 36,
    width_in: 12,
    height_in: 12,
    weight_lb: 95,
    hazardous: false,
  },
  {
    description: 'Steel shelving kit',
    product_number: '',
    nmfc: '',
    sat: '',
    hs_code: '',
    package_type: 'crates',
    freight_class: null,
    length_in: 72,
    width_in: 24,
    height_in: 10,
    weight_lb: 160,
    hazardous: false,
  },
  {
    description: 'Replacement gaskets',
    product_number: 'GK-12',
    nmfc: '',
    sat: '',
    hs_code: '',
    package_type: 'envelopes',
    freight_class: null,
    length_in: 12,
    width_in: 9,
    height_in: 1,
    weight_lb: 0.5,
    hazardous: false,
  },
];

/** The demo shipper's catalog (a seed part of its own, after the demo accounts). */
export async function seedDemoProducts(tx: Db, now: Date) {
  const [shipper] = await tx.select().from(users).where(eq(users.email, 'shipper@demo.test'));
  if (!shipper?.accountId) return;
  const accountId = shipper.accountId;
  await tx
    .insert(products)
    .values(DEMO_PRODUCTS.map((p) => ({ accountId, createdBy: shipper.id, ...productColumns(p), createdAt: now, updatedAt: now })));
}
