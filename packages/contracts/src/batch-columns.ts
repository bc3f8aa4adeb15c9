/**
 * A batch file's columns and a batch's states and rules: what a file may hold and how its rows
 * move, shared by the upload's checks (batches.ts), the server and the web's batch page.
 */

/** The most data rows one batch file may hold (its bytes are capped as every CSV import's are). */
export const BATCH_MAX_ROWS = 1_000;

/**
 * The places and references a row is booked with. A file may leave any of them out (rating needs
 * only the postal codes); a row is checked for them when it is booked. Each end is either a name
 * of the account's address book (`*_address_name`: its company, street, city, state and contact
 * fill the place) or the full address typed in (company, street, city, state, contact name,
 * phone and email). `references`: semicolon-separated, each `type:value` (a REFERENCE_TYPES type)
 * or a bare value (a shipper reference).
 */
export const BATCH_BOOKING_COLUMNS = [
  'origin_address_name',
  'origin_company',
  'origin_street',
  'origin_city',
  'origin_state',
  'origin_contact_name',
  'origin_contact_phone',
  'origin_contact_email',
  'destination_address_name',
  'destination_company',
  'destination_street',
  'destination_city',
  'destination_state',
  'destination_contact_name',
  'destination_contact_phone',
  'destination_contact_email',
  'references',
  // A hazardous row's details, as the booking form asks them (the single booking's `hazmat`).
  'hazmat_un_number',
  'hazmat_proper_name',
  'hazmat_class',
  'hazmat_packing_group',
  'hazmat_emergency_contact',
  'hazmat_emergency_phone',
  // A delivery appointment's date (the row's accessorials must include `appointment`, which prices it).
  'delivery_appointment_date',
  // A temperature-controlled truckload's range in °F and how the unit runs (`continuous` or `cycle`).
  'temperature_low_f',
  'temperature_high_f',
  'temperature_run',
  // The booking form's notes for the carrier.
  'notes',
] as const;
export type BatchBookingColumn = (typeof BATCH_BOOKING_COLUMNS)[number];

/** The columns of one item line: a row's own, and each of its further lines (`more_items`). */
export const BATCH_ITEM_COLUMNS = [
  'package_type',
  'quantity',
  'length',
  'width',
  'height',
  'weight',
  'freight_class',
  'stackable',
  'hazardous',
] as const;
export type BatchItemColumn = (typeof BATCH_ITEM_COLUMNS)[number];
/** An item line's cells as text, in the units the row's cells are written in. */
export type BatchItemCells = Partial<Record<BatchItemColumn, string>>;
/** A shipment's item lines at most, a row's own included: the quote's limit. */
export const BATCH_MAX_ITEM_LINES = 50;

/**
 * The columns of a batch file, in the template's order: one shipment per row, with one item line
 * (the lines after it that repeat its `client_ref` with only item cells are its `more_items`).
 */
export const BATCH_CSV_COLUMNS = [
  'client_ref',
  'mode',
  'pickup_date',
  'origin_postal_code',
  'origin_country',
  'origin_site_type',
  'destination_postal_code',
  'destination_country',
  'destination_site_type',
  'product_number',
  ...BATCH_ITEM_COLUMNS,
  'insured_value',
  'insurance',
  'equipment_type',
  'accessorials',
  ...BATCH_BOOKING_COLUMNS,
] as const;
export type BatchColumn = (typeof BATCH_CSV_COLUMNS)[number];
/**
 * Columns a file may leave out: the booking columns, `product_number` (a product of the account's
 * catalog, whose package type, sizes, weight, class and hazard fill the item cells left empty),
 * `insurance` (yes or no; an empty cell, or a file without the column, leaves it to the batch's
 * automation rules when it is rated by them, else uninsured) and `accessorials` (semicolon-separated
 * codes of the quote form's, priced when the row is rated), which files made before they existed do not have.
 */
export const BATCH_OPTIONAL_COLUMNS = ['product_number', 'insurance', 'accessorials', ...BATCH_BOOKING_COLUMNS] as const;
/** The columns rating needs: a file must have each of them. */
export const BATCH_RATING_COLUMNS = BATCH_CSV_COLUMNS.filter(
  (c) => !(BATCH_OPTIONAL_COLUMNS as readonly string[]).includes(c),
) as readonly Exclude<BatchColumn, (typeof BATCH_OPTIONAL_COLUMNS)[number]>[];

/** How a row's rate is chosen once rated. */
export const BATCH_RULES = ['cheapest', 'fastest', 'preferred_carrier', 'cheapest_within_transit', 'automation_rules'] as const;
export type BatchRule = (typeof BATCH_RULES)[number];

/** A row's state: `invalid` until fixed; `valid` rows are rated, chosen and booked in turn. */
export const BATCH_ROW_STATUSES = ['invalid', 'valid', 'rated', 'rating_failed', 'booked', 'awaiting_approval', 'booking_failed'] as const;
export type BatchRowStatus = (typeof BATCH_ROW_STATUSES)[number];

/** Where a batch's rows came from: a file (or the public API's rows), or the seller's eBay orders, one row each. */
export const BATCH_SOURCES = ['file', 'ebay'] as const;
export type BatchSource = (typeof BATCH_SOURCES)[number];

/** The rules an eBay batch may be rated by: those that need no setting of their own. */
export const EBAY_BATCH_RULES = ['cheapest', 'fastest', 'automation_rules'] as const;
