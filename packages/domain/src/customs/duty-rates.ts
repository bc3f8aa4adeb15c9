/**
 * The duty-rate tables shipped with the product and the tax facts of the three countries, for the
 * duty and tax estimate (duties.ts). Staff may pass an edited table to the estimate; these are the
 * defaults. Every figure is an estimate's input, not a ruling: a screen says "estimate, rates from
 * `source` as of `asOf`".
 *
 * Rates are in basis points (2.5% = 250), the general (most-favoured-nation) rate of the
 * destination's schedule. Not in these tables: additional duties (the US Chapter 99 measures such
 * as Sections 232 and 301, anti-dumping and countervailing duties), the US column 2 rates, and
 * preferences other than USMCA (the estimate applies USMCA itself).
 *
 * Keys are HS codes without dots: 10 digits (a US statistical line), 8 (a US subheading, a Canadian
 * tariff item without its statistical suffix, a Mexican TIGIE fraction) or 6 (the international
 * subheading). A 6-digit key is only given where it is the rate a declaration with 6 digits would
 * most likely get: every national line under it has that rate, or (said on the entry) it is the
 * subheading's residual "other" line.
 */
import type { Country } from '../settings';

/** One line of a schedule: its rate in basis points and a short English description. */
export interface DutyRateEntry {
  readonly rateBasisPoints: number;
  readonly description: string;
}

/**
 * How far a shipped table's figures were checked, said to the reader in their language (the
 * source itself is the schedule's name, the same in every language): `demo` figures chosen from
 * the chapter's usual rates, except `codes` checked; or every figure checked but `codes`.
 */
export interface DutyRateCaveat {
  readonly kind: 'demo' | 'unchecked';
  readonly codes: readonly string[];
}

/** A destination's schedule as the estimate reads it, with where its figures come from. */
export interface DutyRateTable {
  readonly country: Country;
  /** The name of the schedule the figures were taken from. */
  readonly source: string;
  /** A shipped table's limits; none on a table staff keep (their source says what they checked). */
  readonly caveat?: DutyRateCaveat;
  /** The ISO date of the schedule's edition. */
  readonly asOf: string;
  readonly rates: Readonly<Record<string, DutyRateEntry>>;
}

/**
 * United States, HTSUS general column. Each figure was checked against a published copy of the
 * schedule (HTS mirrors of the USITC text found by search) except 3926.90.99, taken as the 5.3%
 * the schedule has long shown for it.
 */
const US: DutyRateTable = {
  country: 'US',
  source: 'USITC Harmonized Tariff Schedule 2026 Basic Edition',
  caveat: { kind: 'unchecked', codes: ['3926.90.99'] },
  asOf: '2026-01-01',
  rates: {
    '847130': { rateBasisPoints: 0, description: 'Portable computers (laptops)' },
    '84713001': { rateBasisPoints: 0, description: 'Portable computers (laptops)' },
    '8471300100': { rateBasisPoints: 0, description: 'Portable computers (laptops)' },
    // 7308.90.30, .60, .70 and .95 are all free.
    '730890': { rateBasisPoints: 0, description: 'Structures and parts of structures, of iron or steel' },
    '73089095': { rateBasisPoints: 0, description: 'Structures and parts of structures, of iron or steel, other' },
    '940320': { rateBasisPoints: 0, description: 'Other metal furniture' },
    '94032000': { rateBasisPoints: 0, description: 'Other metal furniture' },
    '84834050': { rateBasisPoints: 250, description: 'Gear boxes and other speed changers, other' },
    '39269099': { rateBasisPoints: 530, description: 'Other articles of plastics, other' },
    '87089981': { rateBasisPoints: 250, description: 'Parts and accessories of motor vehicles, other' },
    // Every 8504.40 line (power supplies, inverters, speed drives) is free.
    '850440': { rateBasisPoints: 0, description: 'Static converters (power supplies, inverters)' },
    '85044095': { rateBasisPoints: 0, description: 'Static converters, other' },
    '73269086': { rateBasisPoints: 290, description: 'Other articles of iron or steel, other' },
    '481910': { rateBasisPoints: 0, description: 'Cartons and boxes of corrugated paper or paperboard' },
    '48191000': { rateBasisPoints: 0, description: 'Cartons and boxes of corrugated paper or paperboard' },
  },
};

/**
 * Canada, Customs Tariff MFN column. Checked by search: 8504.40 (free) and 8708.99.99 (6%); the
 * others are demo figures chosen from the chapter's usual rates.
 */
const CA: DutyRateTable = {
  country: 'CA',
  source: 'CBSA Customs Tariff 2026',
  caveat: { kind: 'demo', codes: ['8504.40', '8708.99.99'] },
  asOf: '2026-01-01',
  rates: {
    '847130': { rateBasisPoints: 0, description: 'Portable computers (laptops)' },
    '84713000': { rateBasisPoints: 0, description: 'Portable computers (laptops)' },
    '730890': { rateBasisPoints: 0, description: 'Structures and parts of structures, of iron or steel' },
    '940320': { rateBasisPoints: 800, description: 'Other metal furniture' },
    '94032000': { rateBasisPoints: 800, description: 'Other metal furniture' },
    '848340': { rateBasisPoints: 0, description: 'Gear boxes and other speed changers' },
    '39269090': { rateBasisPoints: 650, description: 'Other articles of plastics, other' },
    '87089999': { rateBasisPoints: 600, description: 'Parts and accessories of motor vehicles, other' },
    '850440': { rateBasisPoints: 0, description: 'Static converters (power supplies, inverters)' },
    '73269090': { rateBasisPoints: 650, description: 'Other articles of iron or steel, other' },
    '48191000': { rateBasisPoints: 0, description: 'Cartons and boxes of corrugated paper or paperboard' },
  },
};

/**
 * Mexico, TIGIE general rate, which since 1 January 2026 (the LIGIE reform published in December
 * 2025) is 10% to 50% on many plastics, steel, furniture, auto parts and paper fractions for origins
 * without a trade agreement. None of these figures was checked line by line: they are demo figures
 * within the ranges reported for the reform (paper and cartons 25-35%, household plastics 25-35%,
 * metal furniture up to 35%); laptops are exempt. A 6-digit key is the subheading's "other" fraction.
 */
const MX: DutyRateTable = {
  country: 'MX',
  source: 'SAT TIGIE 2026',
  caveat: { kind: 'demo', codes: [] },
  asOf: '2026-01-01',
  rates: {
    '847130': { rateBasisPoints: 0, description: 'Portable computers (laptops)' },
    '84713001': { rateBasisPoints: 0, description: 'Portable computers (laptops)' },
    '730890': { rateBasisPoints: 1500, description: 'Structures and parts of structures, of iron or steel, other' },
    '73089099': { rateBasisPoints: 1500, description: 'Structures and parts of structures, of iron or steel, other' },
    '940320': { rateBasisPoints: 3500, description: 'Other metal furniture, other' },
    '94032099': { rateBasisPoints: 3500, description: 'Other metal furniture, other' },
    '848340': { rateBasisPoints: 500, description: 'Gear boxes and other speed changers, other' },
    '39269099': { rateBasisPoints: 2500, description: 'Other articles of plastics, other' },
    '87089999': { rateBasisPoints: 1500, description: 'Parts and accessories of motor vehicles, other' },
    '850440': { rateBasisPoints: 0, description: 'Static converters, other' },
    '73269099': { rateBasisPoints: 2500, description: 'Other articles of iron or steel, other' },
    '48191001': { rateBasisPoints: 2500, description: 'Cartons and boxes of corrugated paper or paperboard' },
  },
};

/** The shipped duty-rate table of each destination. */
export const DUTY_RATE_TABLES: Readonly<Record<Country, DutyRateTable>> = { US, CA, MX };

/**
 * Canada's GST, 5% (Excise Tax Act), which the CBSA collects on imports into every province
 * (docs/cross-border.md). In Quebec it collects the GST only: the QST is Revenu Québec's.
 */
export const CANADA_GST_BASIS_POINTS = 500;

/**
 * The harmonized sales tax (HST) that replaces the GST in the participating provinces, collected
 * by the CBSA on imports: Ontario 13%; Nova Scotia 14% since 1 April 2025 (15% before); New
 * Brunswick, Newfoundland and Labrador and Prince Edward Island 15%.
 */
export const CANADA_HST_BASIS_POINTS: Readonly<Record<string, number>> = { ON: 1300, NS: 1400, NB: 1500, NL: 1500, PE: 1500 };

/** The provinces and territories where imports pay the GST alone. */
export const CANADA_GST_ONLY_PROVINCES: readonly string[] = ['AB', 'BC', 'MB', 'QC', 'SK', 'NT', 'NU', 'YT'];

/**
 * CUSMA courier low-value shipments into Canada from the US or Mexico (docs/cross-border.md): a
 * shipment valued at CAD 40 or less enters free of duty and tax, one of CAD 150 or less free of
 * duty (the GST or HST still due). The thresholds are in Canadian dollars.
 */
export const CANADA_COURIER_TAX_FREE_CAD_CENTS = 4_000;
export const CANADA_COURIER_DUTY_FREE_CAD_CENTS = 15_000;

/** Mexico's IVA on imports, 16% (Ley del IVA, art. 1), on the customs value plus the duty and the DTA. */
export const MEXICO_IVA_BASIS_POINTS = 1_600;

/**
 * Mexico's customs processing fee (derecho de trámite aduanero) on a definitive import: 8 per
 * thousand of the customs value (Ley Federal de Derechos, art. 49, fraction I), 80 basis points.
 */
export const MEXICO_DTA_BASIS_POINTS = 80;
