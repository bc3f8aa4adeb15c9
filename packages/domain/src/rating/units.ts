/**
 * Conversions at the edges of the rating engine (types.ts: inside, inches, pounds and integer
 * cents). Exact international factors; no formatting (no Intl) here.
 */
import type { Currency, UnitSystem } from '../settings';
import type { Cents } from './types';

/** Exact by definition (international inch, 1959). */
export const CM_PER_INCH = 2.54;
/** Exact by definition (international avoirdupois pound, 1959). */
export const KG_PER_POUND = 0.45359237;

export function inchesToCm(inches: number): number {
  return inches * CM_PER_INCH;
}
export function cmToInches(cm: number): number {
  return cm / CM_PER_INCH;
}
export function poundsToKg(pounds: number): number {
  return pounds * KG_PER_POUND;
}
export function kgToPounds(kg: number): number {
  return kg / KG_PER_POUND;
}

/** A length entered in the user's unit system (inches or cm) -> inches. */
export function toInches(value: number, unitSystem: UnitSystem): number {
  return unitSystem === 'metric' ? cmToInches(value) : value;
}
/** Inches -> the user's unit system, for display. */
export function fromInches(inches: number, unitSystem: UnitSystem): number {
  return unitSystem === 'metric' ? inchesToCm(inches) : inches;
}
/** A weight entered in the user's unit system (lb or kg) -> pounds. */
export function toPounds(value: number, unitSystem: UnitSystem): number {
  return unitSystem === 'metric' ? kgToPounds(value) : value;
}
/** Pounds -> the user's unit system, for display. */
export function fromPounds(pounds: number, unitSystem: UnitSystem): number {
  return unitSystem === 'metric' ? poundsToKg(pounds) : pounds;
}

/**
 * Round to an integer, half away from zero ("half up" on magnitudes), after cleaning binary
 * noise: 1.005 * 100 is 100.49999999999999 in floating point and must round to 101.
 */
function roundHalfUp(x: number): number {
  const clean = Number(Math.abs(x).toPrecision(15));
  const r = Math.sign(x) * Math.floor(clean + 0.5);
  return r === 0 ? 0 : r; // no -0
}

/** A decimal amount of a currency's major unit -> integer cents, half up. */
export function toCents(amount: number): Cents {
  if (!Number.isFinite(amount)) throw new RangeError(`Invalid amount: ${amount}`);
  return roundHalfUp(amount * 100);
}

/** Integer cents -> decimal amount of the major unit (for display layers). */
export function fromCents(cents: Cents): number {
  return cents / 100;
}

/** Units of each currency per 1 USD (USD itself 1), e.g. { USD: 1, CAD: 1.38, MXN: 18.4 }. */
export type ExchangeRates = Readonly<Record<Currency, number>>;

/**
 * Convert integer cents between currencies with rates given per USD (data, passed in; the DB
 * holds them). Result rounded half up to whole cents; the same currency returns the input.
 */
export function convertCents(cents: Cents, from: Currency, to: Currency, rates: ExchangeRates): Cents {
  if (!Number.isInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  if (from === to) return cents;
  const rFrom = rates[from];
  const rTo = rates[to];
  for (const [c, r] of [
    [from, rFrom],
    [to, rTo],
  ] as const) {
    if (!Number.isFinite(r) || r <= 0) throw new RangeError(`Invalid exchange rate for ${c}: ${r}`);
  }
  return roundHalfUp((cents * rTo) / rFrom);
}
