/**
 * The quote form's fixed choices, apart from the quote request's schema: the form draws its
 * selects from them as it first renders, and a module that builds schemas as it loads would bring
 * the validation library to the page before the form is ever sent.
 */
export const QUOTE_MODES = ['ltl', 'parcel', 'truckload'] as const;
export type QuoteMode = (typeof QUOTE_MODES)[number];

/** Package types. */
export const PACKAGE_TYPES = [
  'pallets',
  'non_standard_pallets',
  'bags',
  'bales',
  'boxes',
  'bunches',
  'bundles',
  'carpets',
  'coils',
  'crates',
  'cylinders',
  'drums',
  'envelopes',
  'gaylords',
  'loose',
  'pails',
  'pieces',
  'reels',
  'rolls',
  'tubes_pipes',
  'totes',
] as const;

export const SITE_TYPES = ['business', 'residential', 'limited_access', 'border_crossing_facility'] as const;

/** Parcel signature options (spec 'Parcel details'); adult signature: recipient 21 or older. Ignored for LTL and truckload. */
export const SIGNATURE_OPTIONS = ['none', 'signature', 'adult_signature'] as const;
export type SignatureChoice = (typeof SIGNATURE_OPTIONS)[number];
