import { type ClaimDecision, type ClaimKind, type ClaimStatus, type ClockState, type LiabilityBasis, zonedDate } from '@freight/domain';
import type { DeliveryReceiptRow } from './delivery-receipts.repository';
import { type DocumentAccount, type DocumentOptions, type DocumentShipment, documentText, oneLine, placeLines, unitCount } from './pdf';
import { signedAtText } from './pod-pdf';
import { M, statementDocument, W } from './statement-pdf';

const PAGE_H = 792;

/** What the packet shows of the claim (the claims module gathers it). */
export interface PacketClaim {
  number: string;
  kind: ClaimKind;
  status: ClaimStatus;
  description: string;
  currency: string;
  filedAt: Date;
  /** The delivery place's zone: the claim's days are its days. */
  timeZone: string;
  deliveredOn: string | null;
  expectedDeliveryOn: string | null;
  noticeLate: boolean;
  lines: { description: string; pieces: number; amountCents: number }[];
  goodsCents: number;
  freightCents: number;
  salvageCents: number;
  amountCents: number;
  commercialInvoiceCents: number | null;
  liabilityBasis: LiabilityBasis;
  liabilityCents: number;
  carrierClaimNumber: string | null;
  decision: { decision: ClaimDecision; reason: string | null; amountCents: number | null } | null;
  payment: { amountCents: number; reference: string } | null;
  clocks: {
    clock: 'notice' | 'filing' | 'acknowledgement' | 'decision';
    dueOn: string;
    metOn: string | null;
    state: ClockState;
    late: boolean;
  }[];
}

/** A file of the claim's thread: an image's bytes to print it (PNG or JPEG), or only its name. */
export interface PacketFile {
  fileName: string;
  contentType: string;
  size: number;
  /** Set for the images the PDF can print. */
  image: Buffer | null;
}

export interface PacketInput {
  claim: PacketClaim;
  shipment: DocumentShipment;
  account: DocumentAccount;
  receipt: DeliveryReceiptRow | undefined;
  files: PacketFile[];
}

/**
 * The freight claim packet the carrier is sent (docs/freight-rules.md, Delivery receipts and
 * claims), in one PDF in the carrier's language: the claim form (claimant, BOL and PRO, kind, the
 * lines with their pieces and amounts, freight back, salvage, the total and the carrier's
 * liability, the clocks and what the carrier answered), the bill of lading's facts (parties,
 * pieces, weight, declared value), the delivery receipt (signer, time on the consignee's clock,
 * exceptions) and the photos of the claim's thread, each on a page of its own; its other files
 * (PDFs, GIF or WebP images) are listed by name. What a user typed is text.
 */
export async function buildClaimPacket(input: PacketInput, options: DocumentOptions): Promise<Buffer> {
  const { claim, shipment: s, receipt } = input;
  const x = documentText(options);
  const k = x.section('documents.claim');
  const pod = (key: string) => x.t(`documents.pod.${key}`);
  const money = (cents: number) => x.money(cents, claim.currency);
  const day = (iso: string | null) => (iso ? x.date(iso) : '—');
  const locale = options.language === 'es' ? 'es-MX' : 'en-US';
  const d = statementDocument(options, k('title'), claim.number);

  // ---- The claim form ----
  d.facts([
    [k('claimant'), oneLine(input.account.name)],
    [k('number'), claim.number],
    [k('kind'), k(`kinds.${claim.kind}`)],
    [k('status'), k(`statuses.${claim.status}`)],
    [k('filed_on'), x.date(zonedDate(claim.filedAt, claim.timeZone))],
    [claim.deliveredOn ? k('delivered_on') : k('expected_delivery_on'), day(claim.deliveredOn ?? claim.expectedDeliveryOn)],
    [k('carrier'), oneLine(`${s.carrierName} (${s.scac})`)],
    [k('carrier_claim_number'), oneLine(claim.carrierClaimNumber) || '—'],
    [k('bol'), s.bolNumber],
    [k('pro'), s.proNumber ?? '—'],
  ]);
  d.heading(k('description'));
  d.note(oneLine(claim.description));
  if (claim.noticeLate) d.note(k('notice_late'));

  d.heading(k('lines'));
  d.table(
    [
      { title: '#', width: 30, align: 'right' },
      { title: k('line_description'), width: W - 30 - 70 - 110 },
      { title: k('pieces'), width: 70, align: 'right' },
      { title: k('amount'), width: 110, align: 'right' },
    ],
    claim.lines.map((l, i) => [String(i + 1), oneLine(l.description), String(l.pieces), money(l.amountCents)]),
  );
  d.total(k('goods'), money(claim.goodsCents));
  if (claim.freightCents) d.total(k('freight'), money(claim.freightCents));
  if (claim.salvageCents) d.total(k('salvage'), money(-claim.salvageCents));
  d.total(k('total'), money(claim.amountCents), true);
  d.gap(4);
  const facts: [string, string][] = [[k('liability'), `${money(claim.liabilityCents)} (${k(`bases.${claim.liabilityBasis}`)})`]];
  if (claim.commercialInvoiceCents !== null) facts.push([k('commercial_invoice'), money(claim.commercialInvoiceCents)]);
  if (claim.decision) {
    facts.push([k('decision'), k(`decisions.${claim.decision.decision}`)]);
    if (claim.decision.amountCents !== null) facts.push([k('decided_amount'), money(claim.decision.amountCents)]);
    if (claim.decision.reason) facts.push([k('decision_reason'), oneLine(claim.decision.reason)]);
  }
  if (claim.payment) {
    facts.push([k('paid'), money(claim.payment.amountCents)]);
    facts.push([k('payment_reference'), oneLine(claim.payment.reference)]);
  }
  d.facts(facts);

  d.heading(k('clocks'));
  d.table(
    [
      { title: k('clock'), width: 190 },
      { title: k('due_on'), width: 100 },
      { title: k('met_on'), width: 100 },
      { title: k('state'), width: W - 390 },
    ],
    claim.clocks.map((c) => [
      k(`clock_names.${c.clock}`),
      day(c.dueOn),
      day(c.metOn),
      c.late ? `${k(`states.${c.state}`)} (${k('late')})` : k(`states.${c.state}`),
    ]),
  );

  // ---- The bill of lading ----
  d.heading(k('bol_section'));
  d.facts([
    [k('bol'), s.bolNumber],
    [k('pro'), s.proNumber ?? '—'],
    [k('pickup_date'), x.date(s.pickupDate)],
    [k('declared_value'), s.declaredValueCents ? x.money(s.declaredValueCents, s.currency) : '—'],
  ]);
  d.blocks([
    { title: k('shipper'), lines: placeLines(s.pickup, options.language) },
    { title: k('consignee'), lines: placeLines(s.delivery, options.language) },
  ]);
  d.table(
    [
      { title: k('units'), width: 60, align: 'right' },
      { title: k('package'), width: 80 },
      { title: k('item'), width: W - 60 - 80 - 100 - 60 },
      { title: k('weight'), width: 100, align: 'right' },
      { title: k('class'), width: 60, align: 'right' },
    ],
    [
      ...s.items.map((i) => [
        String(i.quantity),
        x.packageType(i.package_type),
        oneLine(i.description),
        x.weight(i.weight_lb * i.quantity),
        i.freight_class === null ? '—' : String(i.freight_class),
      ]),
      [String(unitCount(s.items)), '', k('items_total'), x.weight(s.items.reduce((n, i) => n + i.weight_lb * i.quantity, 0)), ''],
    ],
    (row) => row === s.items.length,
  );

  // ---- The delivery receipt ----
  d.heading(k('pod_section'));
  if (!receipt) {
    d.note(k('no_receipt'));
  } else {
    const when = signedAtText(receipt.signedAt, s.delivery, locale);
    d.facts([
      [pod('signer'), oneLine(receipt.signerName)],
      [pod('signed_at'), when],
      [pod('source'), pod(`sources.${receipt.source}`)],
    ]);
    if (receipt.exceptions.length) {
      d.table(
        [
          { title: pod('kind'), width: 110 },
          { title: pod('pieces'), width: 60, align: 'right' },
          { title: pod('note'), width: W - 170 },
        ],
        receipt.exceptions.map((e) => [pod(`kinds.${e.kind}`), String(e.pieces), oneLine(e.note) || '—']),
      );
    } else {
      d.note(pod('no_exceptions'));
    }
  }

  // ---- The thread's files ----
  d.heading(k('files'));
  if (!input.files.length) d.note(k('no_files'));
  else {
    d.table(
      [
        { title: k('file_name'), width: W - 200 },
        { title: k('file_type'), width: 90 },
        { title: k('file_shown'), width: 110 },
      ],
      input.files.map((f) => [oneLine(f.fileName), f.contentType, f.image ? k('file_printed') : k('file_listed')]),
    );
  }
  for (const f of input.files) {
    if (!f.image) continue;
    d.doc.addPage();
    d.doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('#000000')
      .text(`${claim.number} · ${oneLine(f.fileName)}`, M, M, { width: W });
    try {
      d.doc.image(f.image, M, M + 24, { fit: [W, PAGE_H - 2 * M - 24], align: 'center' });
    } catch {
      // An image the PDF cannot read (cut short, or an unusual encoding) is named, not printed.
      d.doc
        .font('Helvetica')
        .fontSize(9)
        .text(k('file_unreadable'), M, M + 24, { width: W });
    }
  }
  return d.finish();
}
