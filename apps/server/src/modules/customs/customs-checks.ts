import { type BookingCustoms, customsLaneErrors } from '@freight/contracts';
import type { Country } from '@freight/domain';
import { brokerChargeDetail, type ChargeLine } from '@freight/domain/rating';
import { isCartaPorteGoodsKey } from '../carta-porte/carta-porte.service';

/** What a booking's customs declaration is checked against: the quoted lane, its items, whether the rate crosses. */
export interface CustomsToCheck {
  origin: Country;
  destination: Country;
  itemCount: number;
  crosses: boolean;
  customs: BookingCustoms | undefined;
}

/**
 * The customs rules that need the quote: a rate across the border needs a declaration and one
 * within one country refuses one; the lane's own rules are the contract's (customsLaneErrors).
 * Adds its errors under `customs.*` and answers the declaration to store (null within one country).
 * On a Mexican leg each SAT goods key must be in the Carta Porte's catalog; elsewhere none is kept.
 */
export async function checkedCustoms(check: CustomsToCheck, add: (field: string, key: string) => void): Promise<BookingCustoms | null> {
  const { customs, crosses } = check;
  if (!crosses) {
    if (customs) add('customs', 'validation.customs_not_crossing');
    return null;
  }
  if (!customs) {
    add('customs', 'validation.required');
    return null;
  }
  for (const [field, key] of Object.entries(customsLaneErrors([check.origin, check.destination], check.itemCount, customs)))
    add(field, key);
  if (check.origin === 'MX' || check.destination === 'MX') {
    for (const [n, item] of customs.items.entries()) {
      if (item.sat_key && !(await isCartaPorteGoodsKey(item.sat_key))) add(`customs.items.${n}.sat_key`, 'validation.sat_catalog');
    }
    return customs;
  }
  // Only a Mexican leg's documents carry an RFC and SAT keys.
  return { ...customs, tax_id: '', items: customs.items.map((item) => ({ ...item, sat_key: '', sat_unit: null })) };
}

/**
 * A rate's lines without the provider's customs broker on the sides where the shipper brings its
 * own: the price and the cost lose the same line, so the margin on the rest is unchanged.
 */
export function withoutOwnBrokers(lines: ChargeLine[], customs: BookingCustoms | null): ChargeLine[] {
  if (!customs) return lines;
  const dropped = new Set(customs.brokers.filter((b) => !b.ours).map((b) => brokerChargeDetail(b.country)));
  return lines.filter((l) => !(l.code === 'accessorial' && l.detail && dropped.has(l.detail)));
}
