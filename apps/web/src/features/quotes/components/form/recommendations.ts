import type { FreightClass } from '@freight/domain/rating/freight-class';
import type { AccessorialCode, SiteType } from './model';

/**
 * What a site type recommends: a residential site gets the
 * residential service and a liftgate, a limited access site the limited access service. Leaving
 * such a recommendation (or classing a site differently than its type) is an override the user
 * must acknowledge; cancelling goes back to the recommendation.
 */

export type End = 'pickup' | 'delivery';
/** The service end of each of the form's places. */
export const END_OF: Record<'origin' | 'destination', End> = { origin: 'pickup', destination: 'delivery' };
export type Service = 'residential' | 'limited_access' | 'liftgate';

export const SERVICE_CODES: Record<Service, Record<End, AccessorialCode>> = {
  residential: { pickup: 'residential_pickup', delivery: 'residential_delivery' },
  limited_access: { pickup: 'limited_access_pickup', delivery: 'limited_access_delivery' },
  liftgate: { pickup: 'liftgate_pickup', delivery: 'liftgate_delivery' },
};

/** Recommended state of each service at a site; null: no recommendation (the shipper decides). */
export function recommendedServices(site: SiteType): Record<Service, boolean | null> {
  return {
    residential: site === 'residential',
    limited_access: site === 'limited_access',
    liftgate: site === 'residential' ? true : null,
  };
}

/** The service and end of an accessorial the site type has a say on, if any. */
export function serviceOf(code: AccessorialCode): { service: Service; end: End } | null {
  for (const service of Object.keys(SERVICE_CODES) as Service[]) {
    for (const end of ['pickup', 'delivery'] as const) if (SERVICE_CODES[service][end] === code) return { service, end };
  }
  return null;
}

export interface Sites {
  pickup: SiteType;
  delivery: SiteType;
}

/** The recommended state of an accessorial for the sites, or null when the sites do not say. */
export function recommendation(code: AccessorialCode, sites: Sites): boolean | null {
  const s = serviceOf(code);
  return s ? recommendedServices(sites[s.end])[s.service] : null;
}

/** True when setting `code` to `checked` departs from what the site type recommends. */
export function isAccessorialOverride(code: AccessorialCode, checked: boolean, sites: Sites): boolean {
  const r = recommendation(code, sites);
  return r !== null && r !== checked;
}

/** Set or clear one accessorial. */
export function withAccessorial(list: readonly AccessorialCode[], code: AccessorialCode, on: boolean): AccessorialCode[] {
  const rest = list.filter((a) => a !== code);
  return on ? [...rest, code] : rest;
}

/**
 * Accessorials after the site type of `end` changed from `previous` to `next`: residential and
 * limited access follow the new type; a liftgate is added where recommended, and dropped when
 * only the previous type had recommended it.
 */
export function applySiteType(list: readonly AccessorialCode[], end: End, previous: SiteType, next: SiteType): AccessorialCode[] {
  const before = recommendedServices(previous);
  const after = recommendedServices(next);
  let out = [...list];
  for (const service of ['residential', 'limited_access'] as const) {
    out = withAccessorial(out, SERVICE_CODES[service][end], after[service] === true);
  }
  if (after.liftgate === true) out = withAccessorial(out, SERVICE_CODES.liftgate[end], true);
  else if (before.liftgate === true) out = withAccessorial(out, SERVICE_CODES.liftgate[end], false);
  return out;
}

/** True when a chosen class differs from the class the line's density gives. */
export function isClassOverride(chosen: FreightClass | undefined, densityClass: FreightClass | null | undefined): boolean {
  return chosen !== undefined && densityClass !== null && densityClass !== undefined && chosen !== densityClass;
}
