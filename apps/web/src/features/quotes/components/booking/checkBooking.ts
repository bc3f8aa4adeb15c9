import { bookingRequest, isEbayOrderPrefill } from '@freight/contracts';
import type { TFunction } from 'i18next';
import { translateMessage, zodErrors } from '../../../../lib/forms';
import type { Quote, QuoteInsuranceOption, QuoteRate } from '../../api/quotesApi';
import { type BookingValues, extraErrors, formPath, todayIso, toRequest } from './model';

export interface BookingContext {
  quote: Quote;
  rate: QuoteRate;
  insurance: QuoteInsuranceOption | null;
  /** The quote's equipment is temperature controlled. */
  reefer: boolean;
}

/**
 * The client checks of the booking, by form path: the contract's bookingRequest on the request
 * the values make, then the rules the server adds; translated.
 */
export function checkBooking(t: TFunction, v: BookingValues, { quote, rate, insurance, reefer }: BookingContext, today = todayIso()) {
  const wire = zodErrors(bookingRequest, t, v, (x) => toRequest(x, quote, rate, insurance, reefer));
  const errors = Object.fromEntries(Object.entries(wire).map(([path, text]) => [formPath(path), text]));
  // An empty field says 'Field is required', not also how a filled one should look.
  const required = t('validation.required');
  for (const [path, text] of Object.entries(errors)) if (text.startsWith(`${required} · `)) errors[path] = required;
  // eBay gives no buyer email: only an eBay order's quote books without one, unless the consignee is to be mailed.
  const emailOptional = isEbayOrderPrefill(quote.booking_prefill);
  if (!v.delivery.email.trim() && (v.notify_consignee || !emailOptional)) errors['delivery.email'] = required;
  for (const [path, key] of Object.entries(extraErrors(v, quote, rate, today, reefer))) {
    const text = translateMessage(t, key);
    errors[path] = errors[path] && errors[path] !== text ? `${errors[path]} · ${text}` : text;
  }
  return errors;
}
