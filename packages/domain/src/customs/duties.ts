/**
 * An estimate of the duties and import taxes of a cross-border shipment into the United States,
 * Canada or Mexico, from its customs declaration (HS code, origin, quantity, value and USMCA claim
 * of each item). Pure: the rates come from a table passed in (the shipped one by default,
 * duty-rates.ts), so a screen can say "estimate, rates from `source` as of `asOf`".
 *
 * Money is integer cents in the declaration's currency. Each line's amount is rounded half-up to
 * a cent, and every total is the exact sum of its lines. What cannot be estimated is said, per
 * line, never guessed: the estimate is then not `complete`.
 */
import type { Country, Currency } from '../settings';
import {
  CANADA_COURIER_DUTY_FREE_CAD_CENTS,
  CANADA_COURIER_TAX_FREE_CAD_CENTS,
  CANADA_GST_BASIS_POINTS,
  CANADA_GST_ONLY_PROVINCES,
  CANADA_HST_BASIS_POINTS,
  DUTY_RATE_TABLES,
  type DutyRateCaveat,
  type DutyRateEntry,
  type DutyRateTable,
  MEXICO_DTA_BASIS_POINTS,
  MEXICO_IVA_BASIS_POINTS,
} from './duty-rates';
import { compactHsCode, type Incoterm, isHsCode } from './formats';

export type ShipmentMode = 'ltl' | 'truckload' | 'parcel';

/** A tax or fee on the import. 'mpf' (the US merchandise processing fee) is not estimated yet: see `estimateDuties`. */
export type TaxKind = 'gst' | 'hst' | 'iva' | 'dta' | 'mpf';

/**
 * Why a line pays no duty from the table: it qualifies under USMCA, or the shipment is under a
 * low-value threshold; or why its duty is not estimated: its HS code is not in the table, or is
 * not 6, 8 or 10 digits.
 */
export type DutyLineReason = 'usmca' | 'low_value' | 'unknown_hs_code' | 'invalid_hs_code';

/**
 * What the whole estimate leaves out: the US merchandise processing fee; Canada's courier
 * thresholds, not applied for want of a rate into Canadian dollars; Canada's sales tax, not
 * estimated for want of a known province.
 */
export type EstimateNote = 'mpf_not_included' | 'low_value_threshold_not_applied' | 'unknown_province';

/** One item of the declaration. */
export interface DutyItem {
  /** As typed: dots and spaces are ignored. */
  hsCode: string;
  /** ISO 3166-1 alpha-2. */
  originCountry: string;
  quantity: number;
  unitValueCents: number;
  /** The shipper claims the good qualifies under USMCA's rules of origin. */
  usmca: boolean;
}

export interface DutyEstimateInput {
  destination: Country;
  /** The country the shipment leaves: Canada's courier thresholds are for shipments from the US or Mexico. */
  shipFrom: Country;
  /** The destination's province or state code: Canada's sales tax depends on it. */
  province?: string;
  mode: ShipmentMode;
  incoterm: Incoterm;
  /** The currency of every value, in and out. */
  currency: Currency;
  items: readonly DutyItem[];
  /** The destination's duty-rate table (staff's edited one); the shipped one by default. */
  rates?: DutyRateTable;
  /** An amount in Canadian cents, or null when no rate is known; needed for Canada's thresholds when the currency is not CAD. */
  toCad?: (cents: number, currency: Currency) => number | null;
}

/** One tax of one line: null when not estimated (its base needs a duty that is not). */
export interface LineTax {
  kind: TaxKind;
  cents: number | null;
}

export interface DutyLineEstimate {
  /** The HS code without dots. */
  hsCode: string;
  /** Quantity times unit value. */
  customsValueCents: number;
  /** The rate applied (0 for a USMCA or low-value line); null when not estimated. */
  dutyRateBasisPoints: number | null;
  /** The table entry the rate came from (the most specific found), or null. */
  rateHsCode: string | null;
  dutyCents: number | null;
  reason: DutyLineReason | null;
  taxes: LineTax[];
}

/** One tax over the whole shipment: the sum of the lines' estimated amounts; `complete` false when some line's is not estimated. */
export interface TaxEstimate {
  kind: TaxKind;
  rateBasisPoints: number;
  cents: number;
  complete: boolean;
}

export interface DutyEstimate {
  destination: Country;
  currency: Currency;
  /** Who pays the duties and taxes, by the incoterm. */
  payer: 'shipper' | 'consignee';
  lines: DutyLineEstimate[];
  taxes: TaxEstimate[];
  totalDutyCents: number;
  totalTaxCents: number;
  totalCents: number;
  /** False when any line's duty or tax, or the sales tax itself, is not estimated. */
  complete: boolean;
  notes: EstimateNote[];
  /** The duty-rate table's source, date and limits. */
  source: string;
  asOf: string;
  caveat: DutyRateCaveat | null;
}

/** The countries of USMCA: only goods originating in one of them can qualify. */
const USMCA_COUNTRIES: readonly string[] = ['US', 'CA', 'MX'];

/** Whether an item qualifies under USMCA: claimed, and from one of its three countries. */
export const qualifiesForUsmca = (item: Pick<DutyItem, 'usmca' | 'originCountry'>) =>
  item.usmca && USMCA_COUNTRIES.includes(item.originCountry.trim().toUpperCase());

/**
 * The most specific entry of `table` for an HS code (dots ignored): the full code, then its first
 * 8 digits, then its 6-digit subheading. A 10-digit US statistical line or an 8-digit tariff item
 * can carry another rate than its subheading, so the longest match wins.
 */
export function findDutyRate(table: DutyRateTable, hsCode: string): { hsCode: string; entry: DutyRateEntry } | null {
  const code = compactHsCode(hsCode);
  for (const length of [code.length, 8, 6]) {
    if (length > code.length) continue;
    const key = code.slice(0, length);
    const entry = table.rates[key];
    if (entry) return { hsCode: key, entry };
  }
  return null;
}

/**
 * The sales tax the CBSA collects on an import into a Canadian province: the HST in Ontario, Nova
 * Scotia, New Brunswick, Newfoundland and Labrador and Prince Edward Island, the GST elsewhere
 * (in Quebec the GST only). Null for a code that is not a province or territory.
 */
export function canadianImportTax(province: string | undefined): { kind: 'gst' | 'hst'; rateBasisPoints: number } | null {
  const code = (province ?? '').trim().toUpperCase();
  const hst = CANADA_HST_BASIS_POINTS[code];
  if (hst !== undefined) return { kind: 'hst', rateBasisPoints: hst };
  return CANADA_GST_ONLY_PROVINCES.includes(code) ? { kind: 'gst', rateBasisPoints: CANADA_GST_BASIS_POINTS } : null;
}

/**
 * Who pays the duties and taxes: under DDP (delivered duty paid) the seller, who ships; under
 * EXW, FCA and DAP the buyer, who receives (Incoterms 2020).
 */
export const dutyPayer = (incoterm: Incoterm): 'shipper' | 'consignee' => (incoterm === 'DDP' ? 'shipper' : 'consignee');

/** `cents` times `basisPoints` / 10,000, rounded half-up to a cent; exact for any safe integers (BigInt). */
export function applyRate(cents: number, basisPoints: number): number {
  return Number((BigInt(cents) * BigInt(basisPoints) + 5_000n) / 10_000n);
}

function customsValue(item: DutyItem): number {
  for (const n of [item.quantity, item.unitValueCents]) {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`quantity and unit value must be whole and not negative, not ${n}`);
  }
  const value = item.quantity * item.unitValueCents;
  if (!Number.isSafeInteger(value)) throw new RangeError('customs value too large');
  return value;
}

type LowValue = 'none' | 'duty_free' | 'duty_and_tax_free';

/**
 * Canada's CUSMA courier thresholds: only for a parcel (courier) shipment from the US or Mexico.
 * They are in Canadian dollars, so they apply to a CAD declaration, or to another currency when
 * `toCad` converts it; without a rate they are not applied (the estimate may then be high) and
 * the estimate says so.
 */
function canadaLowValue(input: DutyEstimateInput, totalCents: number, notes: EstimateNote[]): LowValue {
  if (input.destination !== 'CA' || input.mode !== 'parcel' || !['US', 'MX'].includes(input.shipFrom)) return 'none';
  const cad = input.currency === 'CAD' ? totalCents : (input.toCad?.(totalCents, input.currency) ?? null);
  if (cad === null) {
    notes.push('low_value_threshold_not_applied');
    return 'none';
  }
  if (cad <= CANADA_COURIER_TAX_FREE_CAD_CENTS) return 'duty_and_tax_free';
  return cad <= CANADA_COURIER_DUTY_FREE_CAD_CENTS ? 'duty_free' : 'none';
}

type LineDuty = Pick<DutyLineEstimate, 'dutyRateBasisPoints' | 'rateHsCode' | 'dutyCents' | 'reason'>;

/** A line's duty: nothing under USMCA or a low-value threshold, else its value times the table's most specific rate. */
function lineDuty(item: DutyItem, hsCode: string, value: number, lowValue: LowValue, table: DutyRateTable): LineDuty {
  const free = (reason: DutyLineReason): LineDuty => ({ dutyRateBasisPoints: 0, rateHsCode: null, dutyCents: 0, reason });
  const unknown = (reason: DutyLineReason): LineDuty => ({ dutyRateBasisPoints: null, rateHsCode: null, dutyCents: null, reason });
  if (lowValue === 'duty_and_tax_free') return free('low_value');
  // USMCA (CUSMA, T-MEC) chapter 2: originating goods cross duty free (docs/cross-border.md).
  if (qualifiesForUsmca(item)) return free('usmca');
  if (lowValue === 'duty_free') return free('low_value');
  if (!isHsCode(hsCode)) return unknown('invalid_hs_code');
  const found = findDutyRate(table, hsCode);
  if (!found) return unknown('unknown_hs_code');
  const rate = found.entry.rateBasisPoints;
  return { dutyRateBasisPoints: rate, rateHsCode: found.hsCode, dutyCents: applyRate(value, rate), reason: null };
}

/**
 * Estimates the duties and import taxes of a shipment, by destination:
 *
 * - United States: duty only. There is no de minimis: the $800 Section 321 exemption is suspended
 *   for all countries since 29 August 2025 (docs/cross-border.md), so every shipment is dutiable.
 *   The merchandise processing fee (0.3464% of a formal entry's value) is left out: its minimum and
 *   maximum change every 1 October, and only the FY2026 figures ($33.58 and $651.50, CBP Dec. 25-10)
 *   could be confirmed, not those in force since 1 October 2026; the estimate notes
 *   'mpf_not_included'. USMCA originating goods would be exempt from it.
 * - Canada: duty on the value for duty, then the GST or HST on value + duty (`canadianImportTax`).
 *   A courier shipment from the US or Mexico worth CAD 40 or less pays neither, CAD 150 or less no
 *   duty (`canadaLowValue`).
 * - Mexico: the duty (IGI); the DTA, 8 per thousand of the customs value, except on USMCA
 *   originating goods, which Ley Federal de Derechos art. 49 exempts from it (as NAFTA goods were
 *   since 1999; IDC Online on the DTA of definitive imports, and export.gov); whether a fixed-fee
 *   DTA replaces it on such a pedimento could not be confirmed, so none is added. Then the IVA, 16%
 *   of value + duty + DTA.
 *
 * A line whose HS code is not in the table has no duty estimated, nor any tax whose base includes
 * the duty (Canada's GST/HST, Mexico's IVA); Mexico's DTA, on the value alone, still is.
 * Throws a RangeError for a negative or fractional quantity or value, or a table of another country.
 */
export function estimateDuties(input: DutyEstimateInput): DutyEstimate {
  const table = input.rates ?? DUTY_RATE_TABLES[input.destination];
  if (table.country !== input.destination) throw new RangeError(`a ${table.country} table for a shipment into ${input.destination}`);
  const notes: EstimateNote[] = [];
  const values = input.items.map(customsValue);
  const totalValueCents = values.reduce((sum, v) => sum + v, 0);
  const lowValue = canadaLowValue(input, totalValueCents, notes);

  let salesTax: { kind: TaxKind; rateBasisPoints: number }[] = [];
  if (input.destination === 'US') notes.push('mpf_not_included');
  if (input.destination === 'CA') {
    const tax = canadianImportTax(input.province);
    if (tax) salesTax = [tax];
    else notes.push('unknown_province');
  }
  if (input.destination === 'MX') {
    salesTax = [
      { kind: 'dta', rateBasisPoints: MEXICO_DTA_BASIS_POINTS },
      { kind: 'iva', rateBasisPoints: MEXICO_IVA_BASIS_POINTS },
    ];
  }

  const lines = input.items.map((item, i): DutyLineEstimate => {
    const hsCode = compactHsCode(item.hsCode);
    const value = values[i] as number;
    const duty = lineDuty(item, hsCode, value, lowValue, table);
    const taxes: LineTax[] = [];
    if (input.destination === 'CA') {
      for (const { kind, rateBasisPoints } of salesTax) {
        const cents =
          lowValue === 'duty_and_tax_free' ? 0 : duty.dutyCents === null ? null : applyRate(value + duty.dutyCents, rateBasisPoints);
        taxes.push({ kind, cents });
      }
    }
    if (input.destination === 'MX') {
      const dta = qualifiesForUsmca(item) ? 0 : applyRate(value, MEXICO_DTA_BASIS_POINTS);
      const iva = duty.dutyCents === null ? null : applyRate(value + duty.dutyCents + dta, MEXICO_IVA_BASIS_POINTS);
      taxes.push({ kind: 'dta', cents: dta }, { kind: 'iva', cents: iva });
    }
    return { hsCode, customsValueCents: value, ...duty, taxes };
  });

  const taxes = salesTax.map(({ kind, rateBasisPoints }): TaxEstimate => {
    const amounts = lines.map((l) => l.taxes.find((t) => t.kind === kind)?.cents ?? null);
    return {
      kind,
      rateBasisPoints,
      cents: amounts.reduce<number>((sum, c) => sum + (c ?? 0), 0),
      complete: amounts.every((c) => c !== null),
    };
  });
  const totalDutyCents = lines.reduce((sum, l) => sum + (l.dutyCents ?? 0), 0);
  const totalTaxCents = taxes.reduce((sum, t) => sum + t.cents, 0);
  return {
    destination: input.destination,
    currency: input.currency,
    payer: dutyPayer(input.incoterm),
    lines,
    taxes,
    totalDutyCents,
    totalTaxCents,
    totalCents: totalDutyCents + totalTaxCents,
    complete: !notes.includes('unknown_province') && lines.every((l) => l.dutyCents !== null) && taxes.every((t) => t.complete),
    notes,
    source: table.source,
    asOf: table.asOf,
    caveat: table.caveat ?? null,
  };
}
