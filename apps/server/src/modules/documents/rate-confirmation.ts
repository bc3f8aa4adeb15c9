import type { ChargeLine } from '@freight/domain/rating';
import { nameOfParts } from '../../people';
import { chargeLabel } from '../shipments/shipments.service';
import { type DocumentOptions, type DocumentShipment, documentText, oneLine, phoneLine, placeLines, unitCount } from './pdf';
import { statementDocument } from './statement-pdf';
import { printedStops, stopsHeading } from './stops';

/** What the rate confirmation needs beyond the shipping documents: the carrier's agreed charges. */
export interface RatedShipment extends DocumentShipment {
  /** The equipment type's name in the document's language (staff keep the names); the code's catalog name when absent. */
  equipmentName?: string | null;
  /** The shipper's price lines. */
  charges: ChargeLine[];
  totalCents: number;
  /**
   * What the broker pays the carrier, as booked; null on a shipment booked before pricing went
   * live, whose charges were the carrier's own.
   */
  costLines?: ChargeLine[] | null;
}

/**
 * A truckload's rate confirmation: the load tendered to the carrier at the agreed
 * rate, for the carrier to sign and return. Equipment (a reefer's temperature range and whether the
 * unit runs continuous or cycles), the references, pickup and delivery with their windows
 * and contacts, the extra stops in route order, the load, the agreed charges and total, the terms, and both signatures.
 * The charges are the carrier's (the broker's cost), never the shipper's price; insurance bought by
 * the shipper is not the carrier's charge and is left out. What a user typed is text.
 */
export async function buildRateConfirmation(s: RatedShipment, options: DocumentOptions): Promise<Buffer> {
  const x = documentText(options);
  const k = x.section('documents.rate_confirmation');
  const money = (cents: number) => x.money(cents, s.currency);
  const d = statementDocument(options, k('title'), s.bolNumber);

  d.facts([
    [k('carrier'), oneLine(`${s.carrierName} (${s.scac})`)],
    [k('date'), x.date(options.now.toISOString())],
    [k('equipment'), s.equipmentName || x.tOr(`documents.services.${s.service}`, s.service)],
    [k('bol'), s.bolNumber],
    [k('pro'), s.proNumber ?? '—'],
    [k('pickup_number'), s.pickupNumber ?? '—'],
    ...(s.temperature ? [[k('temperature'), x.temperature(s.temperature)] as [string, string]] : []),
  ]);
  if (s.references.length) {
    d.heading(k('references'));
    d.note(s.references.map(x.reference).join('   ·   '));
  }
  const contact = (p: DocumentShipment['pickup']) =>
    [oneLine(nameOfParts(p.first_name, p.last_name)), phoneLine(p.phone)].filter(Boolean).join(' · ');
  const hours = (p: DocumentShipment['pickup']) =>
    p.opens_at && p.closes_at ? k('hours', { opens: x.time(p.opens_at), closes: x.time(p.closes_at) }) : '';
  d.blocks([
    {
      title: k('pickup'),
      lines: [
        k('pickup_when', { date: x.date(s.pickupDate), ready: x.time(s.readyTime), close: x.time(s.closeTime) }),
        ...placeLines(s.pickup, options.language),
        contact(s.pickup),
        hours(s.pickup),
      ].filter(Boolean),
    },
    {
      title: k('delivery'),
      lines: [
        s.deliveryAppointment && s.deliveryDate
          ? k('delivery_appointment', { date: x.date(s.deliveryDate) })
          : s.deliveryDate
            ? k('delivery_on', { date: x.date(s.deliveryDate) })
            : k('delivery_fcfs'),
        ...placeLines(s.delivery, options.language),
        contact(s.delivery),
        hours(s.delivery),
      ].filter(Boolean),
    },
  ]);

  // Extra stops in route order, two to a row, each as pickup and delivery are.
  const stops = printedStops(s.stops, x);
  if (stops.length) d.heading(stopsHeading(x));
  for (let i = 0; i < stops.length; i += 2) {
    d.blocks(stops.slice(i, i + 2).map((p) => ({ title: p.title, lines: [p.when, ...p.place, p.contact].filter(Boolean) })));
  }

  d.heading(k('load'));
  d.table(
    [
      { title: k('qty'), width: 60, align: 'right' },
      { title: k('type'), width: 110 },
      { title: k('description'), width: 242 },
      { title: k('weight'), width: 120, align: 'right' },
    ],
    s.items.map((i) => [
      String(i.quantity),
      x.packageType(i.package_type),
      oneLine(i.description) || '—',
      x.weight(i.quantity * i.weight_lb),
    ]),
  );
  d.total(k('total_load'), `${unitCount(s.items)} · ${x.weight(s.items.reduce((n, i) => n + i.quantity * i.weight_lb, 0))}`);
  if (s.hazardous) d.note(k('hazardous'));
  if (s.notes.trim()) d.note(k('instructions', { notes: oneLine(s.notes) }));

  d.heading(k('charges'));
  const carrierCharges = (s.costLines ?? s.charges).filter((c) => c.code !== 'insurance');
  d.table(
    [
      { title: k('charge'), width: 412 },
      { title: k('amount'), width: 120, align: 'right' },
    ],
    carrierCharges.map((c) => [chargeLabel(c, options.language), money(c.amount_cents)]),
  );
  d.total(k('agreed_total'), money(carrierCharges.reduce((n, c) => n + c.amount_cents, 0)), true);

  d.heading(k('terms_title'));
  d.note(k('terms'));
  d.gap(18);
  d.note(k('signatures'));
  return d.finish();
}
