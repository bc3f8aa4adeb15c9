import type { UsmcaCertificationSnapshot } from '@freight/contracts';
import { hsHeading } from '@freight/domain/customs';
import { crossingView } from '@freight/domain/rating';
import { nameOfParts } from '../../people';
import type { DeclaredShipment } from './commercial-invoice';
import { type DocumentOptions, type DocumentShipment, documentText, oneLine, phoneLine, placeLines } from './pdf';
import { statementDocument } from './statement-pdf';

/**
 * The USMCA certification of origin of a shipment whose declaration claims USMCA for a line: the
 * agreement's nine data elements in its order. The certifier is the account's certification as
 * it stood at booking (`customs.certification`), or for a declaration booked before certifications
 * were kept, the exporter with the booker's details left to be written in; the exporter is the
 * shipper and the importer the consignee as the commercial invoice names them; the goods are the
 * lines claimed, with their 6-digit HS subheading and origin criterion. What a user typed is text.
 */
export async function buildUsmcaCertification(s: DeclaredShipment, options: DocumentOptions): Promise<Buffer> {
  const x = documentText(options);
  const k = x.section('documents.usmca_certification');
  const { customs } = s;
  const c: UsmcaCertificationSnapshot | null = customs.certification ?? null;
  // The header's right half holds a short title; the agreement's name opens the page.
  const d = statementDocument(options, k('header'), s.bolNumber);
  d.heading(k('title'));
  d.note(k('subtitle'));
  d.facts([
    [k('shipment'), s.bolNumber],
    [k('port'), s.crossing ? crossingView(s.crossing).port_name : '—'],
  ]);

  const party = (p: DocumentShipment['pickup']) => [
    ...placeLines(p, options.language),
    [oneLine(nameOfParts(p.first_name, p.last_name)), phoneLine(p.phone), oneLine(p.email)].filter(Boolean).join(' · '),
  ];
  d.heading(`${k('e1')}: ${k(`role.${c?.certifier_role ?? 'exporter'}`)}`);
  d.heading(k('e2'));
  d.facts([
    [k('name'), oneLine(c?.name)],
    [k('title_label'), oneLine(c?.title)],
    [k('company'), oneLine(c?.company ?? s.pickup.company)],
    [k('phone'), phoneLine(c?.phone)],
    [k('address'), oneLine(c?.address)],
    [k('email'), oneLine(c?.email)],
  ]);
  d.blocks([
    { title: k('e3'), lines: party(s.pickup) },
    { title: k('e4'), lines: [k(`producer.${c?.producer ?? 'on_request'}`)] },
    { title: k('e5'), lines: party(s.delivery) },
  ]);

  d.heading(`${k('e6')} · ${k('e7')}`);
  const claimed = customs.items.flatMap((line, n) => (line.usmca ? [{ line, item: s.items[n] }] : []));
  d.table(
    [
      { title: k('description'), width: 250 },
      { title: k('hs_code'), width: 172 },
      { title: k('e7'), width: 110 },
    ],
    claimed.map(({ line, item }) => [
      oneLine(item?.description) || (item ? x.packageType(item.package_type) : '—'),
      hsHeading(line.hs_code),
      line.origin_criterion ?? '—',
    ]),
  );
  d.note(k('criteria_note'));

  d.heading(k('e8'));
  d.note(c?.blanket_from && c.blanket_to ? k('blanket', { from: x.date(c.blanket_from), to: x.date(c.blanket_to) }) : k('single'));

  d.heading(k('e9'));
  d.note(k('statement'));
  d.gap(14);
  d.facts([
    [k('name'), oneLine(c?.name)],
    [k('date'), c?.signed_on ? x.date(c.signed_on) : ''],
  ]);
  d.note(k('signature'));
  d.note(k('records'));
  return d.finish();
}
