import { formatAddressLines } from '@freight/domain';
import { chargeLabel } from '../shipments/shipments.service';
import { type DocumentAccount, type DocumentOptions, documentText, oneLine, phoneLine, placeLines, unitCount } from './pdf';
import type { RatedShipment } from './rate-confirmation';
import { statementDocument } from './statement-pdf';

/** What the summary prints of the insurance bought with the booking (the shipment's stored choice). */
interface BookedInsurance {
  kind: string;
  coverage_cents: number;
  deductible_cents: number;
}

export interface SummaryShipment extends RatedShipment {
  insurance: unknown;
  createdAt: Date;
}

/**
 * A parcel shipment's summary, the shipper's record of the booking where freight has a bill of
 * lading: carrier, service and tracking number, how the packages reach the carrier (picked up in
 * the window or dropped off), the signature asked for and residential delivery, both parties and
 * the account billed, every reference, the packages, the charges with their total, the shipment's
 * value and its insurance. What a user typed is text.
 */
export async function buildShipmentSummary(s: SummaryShipment, account: DocumentAccount, options: DocumentOptions): Promise<Buffer> {
  const x = documentText(options);
  const k = x.section('documents.summary');
  const money = (cents: number) => x.money(cents, s.currency);
  const tracking = s.trackingNumber ?? s.bolNumber;
  const d = statementDocument(options, k('title'), tracking);
  const parcel = s.parcelOptions;

  d.facts([
    [k('carrier'), oneLine(`${s.carrierName} (${s.scac})`)],
    [k('tracking_number'), tracking],
    [k('service'), x.tOr(`documents.services.${s.service}`, s.service)],
    [k('booked_on'), x.date(s.createdAt.toISOString())],
    [
      k('handoff'),
      parcel?.handoff === 'drop_off'
        ? k('handoff_drop_off', { date: x.date(s.pickupDate) })
        : k('handoff_pickup', { date: x.date(s.pickupDate), ready: x.time(s.readyTime), close: x.time(s.closeTime) }),
    ],
    [k('ship_date'), x.date(s.pickupDate)],
    [k('signature'), k(`signatures.${parcel?.signature ?? 'none'}`)],
    [k('residential'), parcel?.residential ? k('yes') : k('no')],
  ]);

  const person = (p: RatedShipment['pickup']) =>
    [oneLine(`${p.first_name} ${p.last_name}`), phoneLine(p.phone), oneLine(p.email)].filter(Boolean);
  const billTo = account.billingAddress;
  d.blocks([
    { title: k('ship_from'), lines: [...placeLines(s.pickup, options.language), ...person(s.pickup)] },
    { title: k('ship_to'), lines: [...placeLines(s.delivery, options.language), ...person(s.delivery)] },
    {
      title: k('bill_to'),
      lines: [
        oneLine(account.name),
        ...(billTo ? formatAddressLines({ ...billTo, street2: billTo.street2 ?? '' }, { language: options.language }).map(oneLine) : []),
      ].filter(Boolean),
    },
  ]);

  d.heading(k('references'));
  d.note(s.references.length ? s.references.map(x.reference).join('   ·   ') : k('no_references'));

  d.heading(k('packages'));
  const dims = (i: RatedShipment['items'][number]) =>
    x.t('documents.bol.dimensions', { length: i.length_in, width: i.width_in, height: i.height_in, unit: 'in' });
  d.table(
    [
      { title: k('package'), width: 56, align: 'right' },
      { title: k('type'), width: 84 },
      { title: k('description'), width: 200 },
      { title: k('dimensions'), width: 100 },
      { title: k('weight'), width: 92, align: 'right' },
    ],
    s.items.map((i) => [
      String(i.quantity),
      x.packageType(i.package_type),
      oneLine(i.description) || '—',
      dims(i),
      x.weight(i.weight_lb * i.quantity),
    ]),
  );
  d.total(k('total_packages'), `${unitCount(s.items)} · ${x.weight(s.items.reduce((n, i) => n + i.quantity * i.weight_lb, 0))}`);

  d.heading(k('charges'));
  d.table(
    [
      { title: k('charge'), width: 412 },
      { title: k('amount'), width: 120, align: 'right' },
    ],
    s.charges.map((c) => [chargeLabel(c, options.language), money(c.amount_cents)]),
  );
  d.total(k('total'), money(s.totalCents), true);

  const insurance = s.insurance as BookedInsurance | null;
  d.note(k('declared_value', { value: money(s.declaredValueCents) }));
  d.note(
    insurance && insurance.kind !== 'none'
      ? k('insured', { coverage: money(insurance.coverage_cents), deductible: money(insurance.deductible_cents) })
      : k('not_insured'),
  );
  d.gap(6);
  d.note(k('note'));
  return d.finish();
}
