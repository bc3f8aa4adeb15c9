/**
 * SCACs and the other names a carrier goes by. Inbound
 * tracking events and carrier invoices name a carrier by a SCAC that may be a legacy or
 * alternative one (CNWY/XPOL, TFIN/UPGF) or by its name as their system spells it; staff map
 * those to a carrier as aliases. Both sides compare the normalised forms below.
 */

/** A SCAC: 2-4 letters (NMFTA). */
export const SCAC_PATTERN = /^[A-Z]{2,4}$/;

export const SCAC_ALIAS_KINDS = ['scac', 'name'] as const;
export type ScacAliasKind = (typeof SCAC_ALIAS_KINDS)[number];

/** A SCAC as stored and compared: trimmed, upper-cased. */
export const normaliseScac = (value: string) => value.trim().toUpperCase();

/** A carrier name as stored and compared: trimmed, lower-cased, runs of white space made one space. */
export const normaliseCarrierName = (value: string) => value.trim().toLowerCase().replace(/\s+/g, ' ');

/** An alias in its stored form for its kind. */
export const normaliseAlias = (kind: ScacAliasKind, value: string) =>
  kind === 'scac' ? normaliseScac(value) : normaliseCarrierName(value);

export const isScac = (value: string) => SCAC_PATTERN.test(normaliseScac(value));

/**
 * How long a carrier's tracking key before a rotation still signs its posts: long enough for the
 * carrier's IT to deploy the new key (a change window, a weekend) without its events bouncing.
 */
export const TRACKING_KEY_GRACE_DAYS = 7;
