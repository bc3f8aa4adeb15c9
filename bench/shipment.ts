import { DEFAULT_PICKUP_CUTOFF, firstPickupDate, nextBusinessDay } from '@freight/domain/rating';

/**
 * The shipment every quote bench rates: LTL, 3 item lines, a liftgate, a pickup on the business day
 * after the first quotable one (a run that crosses the origin's cut-off still gets rates).
 */
export function benchQuoteRequest() {
  return {
    mode: 'ltl',
    pickup_date: nextBusinessDay(firstPickupDate({ country: 'US', state: 'IL' }, new Date(), DEFAULT_PICKUP_CUTOFF).date, 'US'),
    origin: { postal_code: '60606', country: 'US', site_type: 'business' },
    destination: { postal_code: '30301', country: 'US', site_type: 'business' },
    items: [
      { package_type: 'pallets', quantity: 2, length: 48, width: 40, height: 48, weight: 300, stackable: true },
      { package_type: 'pallets', quantity: 1, length: 48, width: 40, height: 36, weight: 450, stackable: false },
      { package_type: 'boxes', quantity: 4, length: 24, width: 20, height: 20, weight: 40, stackable: true, freight_class: 100 },
    ],
    accessorials: ['liftgate_delivery'],
    insured_value: 2500,
  };
}

/** A place of a bench booking: a dock contact at a street address in the U.S. */
export const benchPlace = (company: string, street1: string, city: string, state: string, postal_code: string) => ({
  company,
  first_name: 'Dana',
  last_name: 'Dock',
  email: 'dock@example.com',
  phone: '(312) 555-0100',
  street1,
  city,
  state,
  postal_code,
  country: 'US',
});
