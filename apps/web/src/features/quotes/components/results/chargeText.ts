import type { TFunction } from 'i18next';
import { humanize } from '../../../../components/shipment/words';
import type { QuoteCharge } from '../../api/quotesApi';

/**
 * A charge line's detail in words: the freight class of a freight line ('Class 70'), the
 * accessorial or surcharge it prices. Nothing when the detail only repeats the charge
 * (fuel/fuel, minimum/minimum). Classes and the services a shipper asks for are worded as on the
 * form, so both screens name them alike.
 */
export function chargeDetail(t: TFunction, charge: QuoteCharge): string {
  const { detail, code } = charge;
  if (!detail || detail === code) return '';
  if (code === 'freight' && /^\d+(\.\d+)?$/.test(detail)) return t('quotes.form.items.class_n', { class: detail });
  // The shared catalog names the charges a shipment keeps too (crossing a border's among them).
  return t([`quotes.results.detail.${detail}`, `quotes.form.accessorials.names.${detail}`, `shipment.charge.${detail}`], {
    defaultValue: humanize(detail),
  });
}
