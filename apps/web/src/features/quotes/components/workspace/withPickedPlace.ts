import type { AddressBookEntry, QuoteRequestInput } from '@freight/contracts';
import { siteTypeOfEntry } from '../booking/model';
import { applySiteType, withAccessorial } from '../form/recommendations';

type AccessorialList = Parameters<typeof withAccessorial>[0];

/**
 * The quote request with an end moved to an address book entry, as the quote form does when the
 * entry is picked there: its postal code, country and site type, the site type's services, and a
 * lift-gate where the entry recommends one.
 */
export function withPickedPlace(inputs: QuoteRequestInput, end: 'origin' | 'destination', a: AddressBookEntry): QuoteRequestInput {
  const side = end === 'origin' ? 'pickup' : 'delivery';
  const site = siteTypeOfEntry(a);
  const previous = inputs[end].site_type ?? 'business';
  let accessorials = applySiteType((inputs.accessorials ?? []) as AccessorialList, side, previous, site);
  if (a.liftgate_recommended) accessorials = withAccessorial(accessorials, `liftgate_${side}`, true);
  return { ...inputs, [end]: { ...inputs[end], postal_code: a.postal_code, country: a.country, site_type: site }, accessorials };
}
