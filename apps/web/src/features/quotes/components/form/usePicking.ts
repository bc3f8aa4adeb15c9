import type { AddressBookEntry, PartSuggestion, Product } from '@freight/contracts';
import type { FreightClass } from '@freight/domain/rating/freight-class';
import { fromInches, fromPounds } from '@freight/domain/rating/units';
import type { UseFormReturnType } from '@mantine/form';
import { useRef } from 'react';
import type { FormValues, SiteType } from './model';
import { round2 } from './parse';
import { applySiteType, END_OF, withAccessorial } from './recommendations';

/** A part picked from the part catalog: its description and the class it recommends. */
export interface PickedPart {
  description: string;
  freightClass: FreightClass;
}

/**
 * What the pickers fill: an address book entry an end, a catalog product or a catalog part a
 * line. Each fills in one edit and clears the errors of the fields it filled.
 */
export function usePicking(
  form: UseFormReturnType<FormValues>,
  ltlParcel: boolean,
  onPlacePicked?: (end: 'origin' | 'destination', entry: AddressBookEntry) => void,
) {
  /**
   * A part picked from the part catalog, by line key: its class is the line's recommended class
   * while the line keeps the part's description (a density-based part leaves it to the density).
   */
  const pickedParts = useRef(new Map<string, PickedPart>());

  /**
   * An address book entry fills one end in one edit: postal code, country and site type
   * (residential, else limited access, else business) with the services that site type
   * recommends, and a liftgate when the entry recommends one.
   */
  const pickAddress = (end: 'origin' | 'destination', a: AddressBookEntry) => {
    const current = form.getValues();
    const site: SiteType = a.location_type === 'residential' ? 'residential' : a.limited_access ? 'limited_access' : 'business';
    let accessorials = applySiteType(current.accessorials, END_OF[end], current[end].site_type, site);
    if (a.liftgate_recommended) accessorials = withAccessorial(accessorials, `liftgate_${END_OF[end]}`, true);
    form.setValues({ [end]: { postal_code: a.postal_code, country: a.country, site_type: site }, accessorials });
    form.clearFieldError(`${end}.postal_code`);
    form.clearFieldError(`${end}.country`);
    form.clearFieldError(`${end}.site_type`);
    onPlacePicked?.(end, a);
  };

  /**
   * A catalog product fills one line in one edit: package type, dimensions and weight (in the
   * form's units, to 0.01), class and NMFC (LTL & Small Package only: truckload shows neither),
   * hazardous and description. The quantity stays.
   */
  const pickProduct = (index: number, p: Product) => {
    const current = form.getValues();
    const line = current.items[index];
    if (!line) return;
    const u = current.unit_system;
    const inForm = (inches: number) => round2(fromInches(inches, u));
    pickedParts.current.delete(line.key);
    form.setFieldValue(`items.${index}`, {
      ...line,
      package_type: p.package_type,
      length: inForm(p.length_in),
      width: inForm(p.width_in),
      height: inForm(p.height_in),
      weight: round2(fromPounds(p.weight_lb, u)),
      hazardous: p.hazardous,
      description: p.description,
      ...(ltlParcel ? { freight_class: p.freight_class === null ? '' : String(p.freight_class), nmfc: p.nmfc } : {}),
    });
    const prefix = `items.${index}.`;
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([k]) => !k.startsWith(prefix))));
  };

  /**
   * A part of the staff's part catalog fills a line's description, NMFC and class (LTL & Small
   * Package only) and hazardous flag; its class becomes the line's recommended class, so choosing
   * another one asks for the acknowledgement. A density-based part leaves the class to the density.
   */
  const pickPart = (index: number, part: PartSuggestion) => {
    const line = form.getValues().items[index];
    if (!line) return;
    if (part.freight_class === null || part.density_based) pickedParts.current.delete(line.key);
    else pickedParts.current.set(line.key, { description: part.description, freightClass: part.freight_class as FreightClass });
    form.setFieldValue(`items.${index}`, {
      ...line,
      description: part.description,
      hazardous: part.hazardous,
      ...(ltlParcel ? { freight_class: part.freight_class === null ? '' : String(part.freight_class), nmfc: part.nmfc } : {}),
    });
    const touched = ['description', 'hazardous', 'freight_class', 'nmfc'].map((f) => `items.${index}.${f}`);
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([k]) => !touched.includes(k))));
  };

  /** The part whose class the line recommends, while the line still holds the part's description. */
  const partOf = (line: { key: string; description: string }) => {
    const part = pickedParts.current.get(line.key);
    return part && part.description === line.description.trim() ? part : null;
  };

  return { pickAddress, pickProduct, pickPart, partOf };
}
