import { COUNTRIES, formatPhone, passwordProblems } from '@freight/domain';
import { z } from 'zod';

/**
 * Field building blocks. Every message is an i18n key of locales/*.json (namespace
 * `validation`), translated by the server for 422 answers and by the web for forms.
 */
export const requiredText = (key = 'validation.required', max = 255) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: 'validation.too_long' });

/** One of `values`, else 'Choose one of the listed options'. */
export const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: 'validation.choice' });

/**
 * One of `values`: a missing or empty one is `requiredKey` (the spec's 'Package type is
 * required'), any other value 'Choose one of the listed options', so a typo in a CSV cell does
 * not read as an empty cell.
 */
export const requiredChoice = <T extends readonly [string, ...string[]]>(values: T, requiredKey: string) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? requiredKey : 'validation.choice'),
  });

/** A yes/no query parameter (`true`/`false`, `1`/`0`), left out when absent. */
export const queryFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'validation.choice' })
  .transform((v) => v === 'true' || v === '1')
  .optional();

export const optionalText = (max = 255) => z.string().trim().max(max, { error: 'validation.too_long' }).optional().default('');

export const email = (requiredKey = 'validation.required') =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .max(254, { error: 'validation.too_long' })
    .pipe(z.email({ error: 'validation.email' }))
    .transform((v) => v.toLowerCase());

/** Built once: a CSV import checks up to 50,000 emails, and building the check per value cost ~20 µs each. */
const EMAIL = z.email();

/** An email checked only when given: '' is none. */
export const emailOrNone = z
  .string({ error: 'validation.email' })
  .trim()
  .max(254, { error: 'validation.too_long' })
  .refine((v) => v === '' || EMAIL.safeParse(v).success, { error: 'validation.email' })
  .transform((v) => v.toLowerCase());
/** The same, left out when absent. */
export const optionalEmail = emailOrNone.optional().default('');

/** 10 to 15 digits, with the usual +, spaces, dots, dashes and parentheses around them. */
const PHONE = /^\+?[\d\s().-]{10,24}$/;
export const phone = (requiredKey = 'validation.required') =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    // Only a typed number is checked: an empty one is "required", not also "invalid". (Not
    // `abort`, which would also stop object-level checks such as the password confirmation.)
    .refine((v) => PHONE.test(v) && countDigits(v) >= 10 && countDigits(v) <= 15, {
      error: 'validation.phone',
      when: (payload) => typeof payload.value === 'string' && payload.value.trim().length > 0,
    })
    // Stored one way, so screens and documents show '(404) 555-0123' whatever was typed.
    .transform(formatPhone);

function countDigits(v: string) {
  return v.replace(/\D/g, '').length;
}

export const password = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .max(128, { error: 'validation.too_long' })
  .superRefine((value, ctx) => {
    for (const problem of passwordProblems(value)) {
      ctx.addIssue({ code: 'custom', message: `validation.password_${problem}` });
    }
  });

export const country = z.enum(COUNTRIES, { error: 'validation.required' });

const POSTAL_FORMATS: Record<(typeof COUNTRIES)[number], RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
  MX: /^\d{5}$/,
};

export function isPostalCode(country: (typeof COUNTRIES)[number], value: string) {
  return POSTAL_FORMATS[country].test(value.trim());
}

/** A postal address, checked for the format of its country's postal codes. */
export const address = z
  .object(
    {
      street1: requiredText(),
      street2: optionalText(),
      city: requiredText(),
      state: requiredText('validation.required', 64),
      postal_code: requiredText('validation.required', 16),
      country,
    },
    { error: 'validation.required' },
  )
  .superRefine((a, ctx) => {
    if (a.postal_code && a.country && !isPostalCode(a.country, a.postal_code)) {
      ctx.addIssue({ code: 'custom', path: ['postal_code'], message: 'validation.postal_code' });
    }
  });
export type Address = z.output<typeof address>;

/** The person behind an address (the billing and account address modals). */
export const contact = z.object(
  {
    first_name: requiredText('validation.first_name_required', 80),
    last_name: requiredText('validation.last_name_required', 80),
    email: email('validation.email_required'),
    phone: phone('validation.phone_required'),
  },
  { error: 'validation.required' },
);
export type Contact = z.output<typeof contact>;

/**
 * A calendar date 'YYYY-MM-DD' that exists, from 1900 to 2999: nothing the portal dates (pickups,
 * invoices, diesel weeks) is outside, and the bounds leave room for the date arithmetic done on
 * it (a history's default start is a week before its end), which near year 1 would make a date
 * the database cannot hold.
 */
const ISO_DATE = /^(19|2\d)\d{2}-\d{2}-\d{2}$/;
export const isoDate = z
  .string({ error: 'validation.date' })
  .regex(ISO_DATE, { error: 'validation.date' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: 'validation.date',
  });

/**
 * An ISO 8601 date and time (with a UTC offset, or also local when `local`) from 1900 to 2999,
 * for the same reason as `isoDate`: near year 1 or 9999 an offset moves the instant to a year the
 * database cannot hold (or reads wrongly).
 */
export const isoDateTime = (opts: { local?: boolean; error?: string } = {}) =>
  z.iso
    .datetime({ offset: true, local: opts.local ?? false, error: opts.error ?? 'validation.date' })
    .refine((v) => /^(19|2\d)\d{2}-/.test(v), { error: opts.error ?? 'validation.date' });

/** 'HH:MM', 24 h. */
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeOfDay = () => z.string({ error: 'validation.time' }).trim().regex(HHMM, { error: 'validation.time' });
/** A time of day or '' when not known (hours of operation). */
export const optionalTimeOfDay = z
  .string()
  .trim()
  .refine((v) => v === '' || HHMM.test(v), { error: 'validation.time' })
  .optional()
  .default('');

/**
 * A whole number from `min` to `max` (cents, basis points, pounds), each bound refused with its own
 * words. Wide bounds for any real figure, narrow enough to catch a slip of the keyboard.
 */
export const wholeNumber = (max: number, min = 0) =>
  z
    .number({ error: 'validation.required' })
    .int({ error: 'validation.integer' })
    .min(min, { error: min > 0 ? 'validation.positive' : 'validation.not_negative' })
    .max(max, { error: 'validation.too_large' });

/** A number with decimals from `min` to `max`, refused like `wholeNumber`. */
export const decimalNumber = (max: number, min: number) =>
  z
    .number({ error: 'validation.required' })
    .min(min, { error: min > 0 ? 'validation.positive' : 'validation.not_negative' })
    .max(max, { error: 'validation.too_large' });
