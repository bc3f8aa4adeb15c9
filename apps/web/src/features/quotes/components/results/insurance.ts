import type { InsurancePreference } from '@freight/domain';
import { widestOnlineCover } from '@freight/domain/rating/insurance';
import type { QuoteInsuranceOption } from '../../api/quotesApi';

/** The radio value of 'No insurance'. */
export const NO_INSURANCE = 'none';

/**
 * Options of cover ('none', the carrier's liability, is the 'No insurance' choice). Cover whose
 * premium is not below what it covers is never offered (the server leaves it out; quotes stored
 * before it did may still carry it).
 */
export const insuredOptions = (options: readonly QuoteInsuranceOption[]) =>
  options.filter((o) => o.kind !== NO_INSURANCE && o.premium_cents < o.coverage_cents);

/** Cover above the online maximum is shown with its premium but arranged by phone. */
export const buyableOnline = (option: QuoteInsuranceOption) => option.online !== false;

/**
 * The choice made for the user by their insurance preference: 'insured only'
 * takes the option that covers the most, 'uninsured only' and 'default' start from 'No insurance'
 * (nothing is added to the price unless the user asks for it).
 */
export function preselectInsurance(options: readonly QuoteInsuranceOption[], preference: InsurancePreference | undefined): string {
  return (preference === 'insured_only' && widestOnlineCover(options)?.kind) || NO_INSURANCE;
}
