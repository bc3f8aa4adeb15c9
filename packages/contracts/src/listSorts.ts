/**
 * The sort keys of the paged lists, apart from the lists' query schemas: a list page reads them to
 * draw its headers, and a module that builds schemas as it loads would bring the validation
 * library to pages that have no form.
 */

/** The address book (GET /api/addresses). */
export const ADDRESS_SORTS = ['company', 'contact', 'city', 'state', 'postal_code', 'created_at'] as const;

/** The product catalog. */
export const PRODUCT_SORTS = ['description', 'product_number', 'nmfc', 'freight_class', 'weight_lb', 'created_at'] as const;

/** The parts catalog. */
export const PART_SORTS = ['description_en', 'description_es', 'nmfc', 'freight_class', 'updated_at'] as const;
export type PartSort = (typeof PART_SORTS)[number];

/** My Shipments (GET /api/shipments?sort=&dir=). */
export const SHIPMENT_SORTS = ['created_at', 'pickup_date', 'status', 'carrier', 'bol_number'] as const;
export type ShipmentSort = (typeof SHIPMENT_SORTS)[number];

/** Open Invoices and the invoice history. */
export const INVOICE_SORTS = ['invoice_date', 'due_date', 'number', 'balance', 'total'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

/** The staff's shipment search. */
export const STAFF_SHIPMENT_SORTS = ['created_at', 'pickup_date', 'status', 'bol_number'] as const;
export type StaffShipmentSort = (typeof STAFF_SHIPMENT_SORTS)[number];

/** The staff's account list. */
export const ACCOUNT_SORTS = ['name', 'created_at'] as const;

/** The carrier invoice queue. */
export const CARRIER_INVOICE_SORTS = ['received', 'invoice_date', 'billed', 'variance'] as const;

/** The margin report. */
export const MARGIN_SORTS = ['margin', 'price', 'cost', 'margin_bp', 'shipments', 'label'] as const;
export type MarginSort = (typeof MARGIN_SORTS)[number];

/** The support inbox. */
export const INBOX_SORTS = ['newest', 'oldest', 'waiting_longest'] as const;
