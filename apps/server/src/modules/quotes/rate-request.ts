import type { QuoteRequest } from '@freight/contracts';
import type { UnitSystem } from '@freight/domain';
import { type AccessorialCode, type FreightClass, toInches, toPounds } from '@freight/domain/rating';
import type { RateItem, RatePlace } from '../../carrier-adapters/adapter';

/**
 * What a quote's input becomes when carriers are asked: the services its site types imply, its
 * places with the postal data's city and state, its items in the engine's units.
 */
type QuoteInput = QuoteRequest & { unit_system: UnitSystem };

/** Accessorials implied by the site types (residential / limited access ends). */
export function siteAccessorials(input: Pick<QuoteInput, 'origin' | 'destination'>): AccessorialCode[] {
  const out: AccessorialCode[] = [];
  if (input.origin.site_type === 'residential') out.push('residential_pickup');
  if (input.destination.site_type === 'residential') out.push('residential_delivery');
  if (input.origin.site_type === 'limited_access') out.push('limited_access_pickup');
  if (input.destination.site_type === 'limited_access') out.push('limited_access_delivery');
  return out;
}

/** A place as carriers are asked about it: the typed postal code with its city and state from the postal data. */
export const ratePlace = (
  p: Pick<QuoteInput['origin'], 'postal_code' | 'country'> & { site_type?: string },
  g: { city: string; state: string },
): RatePlace => ({
  postal_code: p.postal_code,
  country: p.country,
  site_type: p.site_type ?? 'business',
  city: g.city,
  state: g.state,
});

/** The input's items in engine units (inches, pounds per unit). */
export function rateItemsOf(input: Pick<QuoteInput, 'items' | 'unit_system'>): RateItem[] {
  const unit = input.unit_system;
  return input.items.map((i) => ({
    package_type: i.package_type,
    quantity: i.quantity,
    length_in: toInches(i.length, unit),
    width_in: toInches(i.width, unit),
    height_in: toInches(i.height, unit),
    unit_weight_lb: toPounds(i.weight, unit),
    freight_class: i.freight_class as FreightClass | undefined,
    stackable: i.stackable,
    hazardous: i.hazardous,
  }));
}
