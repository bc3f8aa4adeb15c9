import type { DeliveryExceptionIn } from '@freight/contracts';
import { seedOf } from '../../carrier-adapters/demo-timeline';
import { signaturePng } from './signature-png';

/**
 * The delivery receipt a demo carrier's driver brings back (docs/proof-of-delivery.md): signed by
 * the consignee's contact or a receiving clerk at the delivery time, one shipment in about twelve
 * (8%, by its id) with an exception noted (damage, shortage or refused pieces), and a drawn
 * signature. Pure and deterministic per shipment, like the demo timeline.
 */

export interface DemoPodShipment {
  id: string;
  /** The delivery contact, when the booking named one. */
  contact: { first_name?: string; last_name?: string } | null;
  /** Handling units on the bill of lading. */
  units: number;
}

export interface DemoPod {
  signerName: string;
  signedAt: Date;
  exceptions: DeliveryExceptionIn[];
  signaturePng: Buffer;
}

const CLERKS = [
  'Maria Alvarez',
  'James Carter',
  'Linda Nguyen',
  'Robert Okafor',
  'Ana Torres',
  'Kevin Walsh',
  'Priya Raman',
  'Luis Herrera',
  'Donna Brooks',
  'Sam Whitfield',
];

const NOTES: Record<DeliveryExceptionIn['kind'], string[]> = {
  damage: [
    'Pallet wrap torn, cartons crushed on one corner',
    'Forklift puncture on the side of a pallet',
    'Wet cartons on the bottom layer',
  ],
  shortage: ['Delivered short against the BOL count', 'One pallet missing at delivery'],
  refused: ['Consignee refused: wrong item', 'Refused: pallet damaged beyond use'],
};

/** Whether this shipment's demo receipt notes an exception (about 8% of shipments). */
export const demoPodHasException = (shipmentId: string) => seedOf(`${shipmentId}:pod`) % 100 < 8;

export function demoProofOfDelivery(shipment: DemoPodShipment, deliveredAt: string): DemoPod {
  const seed = seedOf(`${shipment.id}:pod-signer`);
  const contact = [shipment.contact?.first_name, shipment.contact?.last_name]
    .map((s) => s?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  // Often the named contact signs; otherwise whoever is at the dock.
  const signerName = contact && seed % 10 < 6 ? contact : (CLERKS[seed % CLERKS.length] as string);
  const exceptions: DeliveryExceptionIn[] = [];
  if (demoPodHasException(shipment.id)) {
    const draw = seedOf(`${shipment.id}:pod-exception`);
    const kind: DeliveryExceptionIn['kind'] = draw % 10 < 5 ? 'damage' : draw % 10 < 8 ? 'shortage' : 'refused';
    const notes = NOTES[kind];
    const pieces = 1 + ((draw >>> 4) % Math.max(1, Math.min(3, shipment.units)));
    exceptions.push({ kind, pieces, note: notes[(draw >>> 8) % notes.length] as string });
  }
  return {
    signerName,
    signedAt: new Date(deliveredAt),
    exceptions,
    signaturePng: signaturePng(seed, signerName.length),
  };
}

/** What the demo receipt needs of a shipment row (its delivery place and items as stored). */
export function demoPodShipment(row: { id: string; delivery: unknown; items: unknown }): DemoPodShipment {
  const delivery = row.delivery as { first_name?: string; last_name?: string } | null;
  const items = (row.items as { quantity?: number }[] | null) ?? [];
  return { id: row.id, contact: delivery, units: items.reduce((n, i) => n + (i.quantity ?? 0), 0) };
}
