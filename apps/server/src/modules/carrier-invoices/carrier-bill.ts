import type { CarrierInvoice210 } from '@freight/contracts';
import { CARRIER_LINE_CODES, type CarrierLineCode, correctedAmounts, expectedLineKey } from '@freight/domain';
import type { ShipmentRow } from '../shipments/shipments.service';
import { expectedOf } from './intake';

const CODES = new Set<string>(CARRIER_LINE_CODES);

/** What a carrier bills a shipment as: the weight and class it found, its charges moved by `factor`. */
export interface BilledAs {
  weight_lb: number;
  freight_class: number | null;
  factor: number;
}

/**
 * The freight invoice (an EDI 210) a carrier bills a shipment with: the shipment's expected cost
 * lines, the linehaul, its discount and fuel moved by `as.factor` (`correctedAmounts`, as a reweigh
 * or reclass moves them), dated `invoiceDate`. A line the 210 has no code for is a surcharge.
 */
export function carrierBill(s: ShipmentRow, scac: string, invoiceNumber: string, as: BilledAs, invoiceDate: string): CarrierInvoice210 {
  const { lines } = expectedOf(s);
  const billed = correctedAmounts(lines, as.factor);
  return {
    invoice_number: invoiceNumber,
    scac,
    invoice_date: invoiceDate,
    pro_number: s.proNumber ?? '',
    bol_number: s.bolNumber,
    currency: s.currency as CarrierInvoice210['currency'],
    weight_lb: as.weight_lb,
    freight_class: as.freight_class,
    amount_due_cents: billed.reduce((a, b) => a + b, 0),
    lines: lines.map((l, i) => {
      const key = expectedLineKey(l);
      return {
        code: (CODES.has(key) ? key : 'surcharge') as CarrierLineCode,
        description: l.detail ?? l.code,
        amount_cents: billed[i] ?? 0,
      };
    }),
  };
}
