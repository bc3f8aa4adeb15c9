import { COUNTRIES, formatPhone } from '@freight/domain';
import { z } from 'zod';
import { HHMM, isPostalCode, optionalEmail, optionalText, optionalTimeOfDay, requiredText } from './fields';

/**
 * The address book and the product catalog share these list and CSV
 * rules. Messages are i18n keys (namespace `validation`).
 */

/** CSV import limits (issue: refused with a clear message beyond them). */
export const CSV_IMPORT_LIMITS = { max_bytes: 10 * 1024 * 1024, max_rows: 50_000 } as const;

export const LOCATION_TYPES = ['commercial', 'residential'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** Optional email (fields.ts) and phone: checked only when given (the book keeps places, not always people). */
const optionalPhone = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\+?[\d\s().-]{10,24}$/.test(v) && v.replace(/\D/g, '').length >= 10 && v.replace(/\D/g, '').length <= 15), {
    error: 'validation.phone',
  })
  .transform(formatPhone)
  .optional()
  .default('');

/** POST /api/addresses and PUT /api/addresses/:id (also one CSV row). */
export const addressBookEntry = z
  .object({
    company: requiredText('validation.required', 160),
    first_name: optionalText(80),
    last_name: optionalText(80),
    email: optionalEmail,
    phone: optionalPhone,
    street1: requiredText(),
    street2: optionalText(),
    street3: optionalText(),
    street4: optionalText(),
    street5: optionalText(),
    city: requiredText('validation.required', 100),
    state: requiredText('validation.required', 64),
    postal_code: requiredText('validation.required', 16),
    country: z.enum(COUNTRIES, { error: 'validation.required' }),
    /** Mexico only. */
    interior_number: optionalText(20),
    exterior_number: optionalText(20),
    neighborhood: optionalText(100),
    location_type: z.enum(LOCATION_TYPES, { error: 'validation.choice' }).default('commercial'),
    limited_access: z.boolean({ error: 'validation.choice' }).default(false),
    liftgate_recommended: z.boolean({ error: 'validation.choice' }).default(false),
    /** Hours of operation, 'HH:MM' (24 h) or '' when not known. */
    opens_at: optionalTimeOfDay,
    closes_at: optionalTimeOfDay,
  })
  .superRefine((a, ctx) => {
    if (a.postal_code && a.country && !isPostalCode(a.country, a.postal_code)) {
      ctx.addIssue({ code: 'custom', path: ['postal_code'], message: 'validation.postal_code' });
    }
    if (a.opens_at && a.closes_at && HHMM.test(a.opens_at) && HHMM.test(a.closes_at) && a.closes_at <= a.opens_at) {
      ctx.addIssue({ code: 'custom', path: ['closes_at'], message: 'validation.closes_after_opens' });
    }
  });
export type AddressBookEntryInput = z.input<typeof addressBookEntry>;
export type AddressBookEntryValues = z.output<typeof addressBookEntry>;

/** An address as the API answers it: the entry's fields as saved, texts trimmed and '' when not given. */
export const addressBookEntryView = z.strictObject({
  id: z.uuid(),
  company: z.string(),
  first_name: z.string().meta({ description: "The contact's first name, or ''" }),
  last_name: z.string().meta({ description: "The contact's last name, or ''" }),
  email: z.string().meta({ description: "The contact's email, or ''" }),
  phone: z.string().meta({ description: "The contact's phone as formatted on saving, or ''" }),
  street1: z.string(),
  street2: z.string().meta({ description: "A further street line, or ''" }),
  street3: z.string().meta({ description: "A further street line, or ''" }),
  street4: z.string().meta({ description: "A further street line, or ''" }),
  street5: z.string().meta({ description: "A further street line, or ''" }),
  city: z.string(),
  state: z.string().meta({ description: 'The state, province or Mexican state' }),
  postal_code: z.string(),
  country: z.enum(COUNTRIES),
  interior_number: z.string().meta({ description: "Mexico: the interior (unit) number, or ''" }),
  exterior_number: z.string().meta({ description: "Mexico: the exterior (building) number, or ''" }),
  neighborhood: z.string().meta({ description: "Mexico: the colonia, or ''" }),
  location_type: z.enum(LOCATION_TYPES).meta({ description: '`residential` for a home, `commercial` for a business' }),
  limited_access: z.boolean().meta({ description: 'A limited-access site (a quote picking it asks for limited access)' }),
  liftgate_recommended: z.boolean().meta({ description: 'Freight here needs a liftgate (a quote picking it asks for one)' }),
  opens_at: z.string().meta({ description: "Opening time, HH:MM (24-hour), or '' when not known" }),
  closes_at: z.string().meta({ description: "Closing time, HH:MM (24-hour), or '' when not known" }),
  verified: z.boolean().meta({
    description: "The postal code, city and state agree with the U.S. postal data (the 'USPS verified' chip); false outside the U.S.",
  }),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type AddressBookEntry = z.output<typeof addressBookEntryView>;

/** Columns of the address CSV, in order (template, export and import header). */
export const ADDRESS_CSV_COLUMNS = [
  'company',
  'first_name',
  'last_name',
  'email',
  'phone',
  'street1',
  'street2',
  'street3',
  'street4',
  'street5',
  'city',
  'state',
  'postal_code',
  'country',
  'interior_number',
  'exterior_number',
  'neighborhood',
  'location_type',
  'limited_access',
  'liftgate_recommended',
  'opens_at',
  'closes_at',
] as const;

/** A list query: search, sort and paging (per_page defaults to the user's records-per-page). */
export const listQuery = <S extends readonly [string, ...string[]]>(sorts: S) =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
    q: z.string().trim().max(100, { error: 'validation.too_long' }).optional(),
    sort: z.enum(sorts, { error: 'validation.choice' }).optional(),
    dir: z.enum(['asc', 'desc'], { error: 'validation.choice' }).default('asc'),
  });

/**
 * The answer of a CSV import (POST /api/addresses/import and /api/products/import, body text/csv).
 * With `?dry_run=1` nothing is written and `imported` is 0; without it the good rows that are not
 * duplicates are written in one transaction (all or nothing).
 */
export const csvImportReport = z.strictObject({
  rows_total: z.number().int().meta({ description: 'The data lines read (the header is not counted)' }),
  rows_valid: z.number().int().meta({ description: 'Rows that passed every check and are not duplicates' }),
  imported: z.number().int().meta({ description: 'Rows written: 0 on a dry run' }),
  errors: z
    .array(
      z.strictObject({
        line: z.number().int().meta({ description: 'The line number in the file (the header is line 1)' }),
        field: z.string().nullable().meta({ description: 'The column at fault, or null for the whole line' }),
        message: z.string().meta({ description: "What is wrong, in the caller's language" }),
      }),
    )
    .meta({ description: 'Rows refused, with why' }),
  duplicates: z
    .array(
      z.strictObject({
        line: z.number().int(),
        of: z.enum(['book', 'file']).meta({ description: 'A duplicate of an entry already saved, or of an earlier line of the file' }),
        existing_id: z.string().nullable().meta({ description: 'The entry already saved, when `of` is book' }),
        duplicate_of_line: z.number().int().nullable().meta({ description: 'The earlier line, when `of` is file' }),
      }),
    )
    .meta({ description: 'Likely duplicates, not written' }),
});
export type CsvImportReport = z.output<typeof csvImportReport>;
