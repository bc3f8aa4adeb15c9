import { useMemo } from 'react';
import { mergeCombined } from './combine';
import { type LineDensity, lineDensity } from './density';
import { eligibility } from './eligibility';
import type { FormKind, FormValues } from './model';

/**
 * What the lines make as they stand: the request's handling units (lines loaded on another merged
 * into it), each base line's density, and for LTL & Small Package whether the cargo fits parcel
 * (the parcel options show, or the LTL offer when parcel was asked for and it does not fit).
 */
export function useCargo(values: FormValues, kind: FormKind) {
  const units = values.unit_system;
  const ltlParcel = kind === 'ltl_parcel';
  const merged = useMemo(() => mergeCombined(values.items, ltlParcel), [values.items, ltlParcel]);
  const densityByLine = useMemo(() => {
    const byKey = new Map<string, LineDensity | null>();
    merged.lineKeys.forEach((key, i) => {
      byKey.set(key, merged.items[i] ? lineDensity(merged.items[i], units) : null);
    });
    return byKey;
  }, [merged, units]);
  const fit = ltlParcel ? eligibility(merged.items, units) : null;
  const parcelShown = ltlParcel && (values.mode_pick === 'parcel' || (values.mode_pick === 'auto' && fit?.parcel === true));
  const offerLtl = ltlParcel && values.mode_pick === 'parcel' && fit !== null && !fit.parcel ? fit.problems : null;
  return { merged, densityByLine, parcelShown, offerLtl };
}
