import type { CustomsBroker, CustomsView } from '@freight/contracts';
import { crossingView, type RateCrossing } from '@freight/domain/rating';
import { type DocumentOptions, type DocumentShipment, documentText, oneLine, phoneLine, placeLines } from './pdf';
import { statementDocument } from './statement-pdf';

/** What the commercial invoice needs beyond the shipping documents: the declaration, the crossing and the freight charges. */
export interface DeclaredShipment extends DocumentShipment {
  customs: CustomsView;
  crossing: RateCrossing | null;
  /** The freight as booked (the transportation costs), in the shipment's currency. */
  totalCents: number;
}

/**
 * The commercial invoice a shipment across the border carries, with the Canada Customs Invoice's
 * fields (vendor, consignee, purchaser, each line's country of origin, HS code, quantity, unit
 * price and currency, the terms of sale and the transportation costs): the shipper as vendor and
 * exporter, the consignee as importer and purchaser (with its RFC when in Mexico), the customs
 * broker of each side, the port of entry, a line per item, the goods' total and the freight as
 * booked, the USMCA statement where a line claims it, and the shipper's declaration to sign.
 * What a user typed is text.
 */
export async function buildCommercialInvoice(s: DeclaredShipment, options: DocumentOptions): Promise<Buffer> {
  const x = documentText(options);
  const k = x.section('documents.commercial_invoice');
  const { customs } = s;
  const value = (cents: number) => x.money(cents, customs.currency);
  const countryName = new Intl.DisplayNames(options.language === 'es' ? 'es-MX' : 'en-US', { type: 'region' });
  const d = statementDocument(options, k('title'), s.bolNumber);

  d.facts([
    [k('date'), x.date(options.now.toISOString())],
    [k('invoice_number'), s.bolNumber],
    [k('terms_of_sale'), k(`incoterms.${customs.incoterm}`)],
    [k('currency'), customs.currency],
    [k('carrier'), oneLine(`${s.carrierName} (${s.scac})`)],
    [k('port'), s.crossing ? crossingView(s.crossing).port_name : '—'],
    [k('export_from'), x.country(s.pickup.country)],
    [k('destination'), x.country(s.delivery.country)],
    ...(s.references.length ? [[k('references'), s.references.map(x.reference).join(' · ')] as [string, string]] : []),
  ]);

  const contact = (p: DocumentShipment['pickup']) =>
    [oneLine([p.first_name, p.last_name].filter(Boolean).join(' ')), phoneLine(p.phone)].filter(Boolean).join(' · ');
  const rfc = (country: string) => (customs.tax_id && country === 'MX' ? [k('rfc', { rfc: customs.tax_id })] : []);
  d.blocks([
    { title: k('vendor'), lines: [...placeLines(s.pickup, options.language), contact(s.pickup), ...rfc(s.pickup.country)] },
    { title: k('consignee'), lines: [...placeLines(s.delivery, options.language), contact(s.delivery), ...rfc(s.delivery.country)] },
  ]);
  d.note(k('purchaser_same'));

  const broker = (b: CustomsBroker) =>
    b.ours ? [k('broker_ours')] : [oneLine(b.company), oneLine(b.contact_name), phoneLine(b.phone), oneLine(b.email)].filter(Boolean);
  d.blocks(customs.brokers.map((b) => ({ title: k('broker', { country: x.country(b.country) }), lines: broker(b) })));

  d.heading(k('goods'));
  const lines = customs.items.map((line, n) => {
    const item = s.items[n];
    const quantity = item?.quantity ?? 1;
    return {
      cells: [
        oneLine(item?.description) || (item ? x.packageType(item.package_type) : '—'),
        line.hs_code,
        countryName.of(line.origin_country) ?? line.origin_country,
        String(quantity),
        value(line.unit_value_cents),
        value(line.unit_value_cents * quantity),
        line.usmca ? k('yes') : k('no'),
      ],
      total: line.unit_value_cents * quantity,
    };
  });
  d.table(
    [
      { title: k('description'), width: 150 },
      { title: k('hs_code'), width: 64 },
      { title: k('origin'), width: 78 },
      { title: k('quantity'), width: 40, align: 'right' },
      { title: k('unit_value'), width: 76, align: 'right' },
      { title: k('line_value'), width: 80, align: 'right' },
      { title: k('usmca'), width: 44 },
    ],
    lines.map((l) => l.cells),
  );
  d.total(k('goods_total'), value(lines.reduce((sum, l) => sum + l.total, 0)), true);
  d.total(k('transportation'), x.money(s.totalCents, s.currency));
  d.note(k('transportation_note'));
  if (customs.items.some((l) => l.usmca)) d.note(k('usmca_statement'));

  d.heading(k('declaration_title'));
  d.note(k('declaration'));
  d.gap(18);
  d.note(k('signature'));
  return d.finish();
}
