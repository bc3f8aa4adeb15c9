import { crossingView } from '@freight/domain/rating';
import {
  code128,
  type DocumentAccount,
  type DocumentOptions,
  type DocumentShipment,
  documentText,
  drawBarcode,
  oneLine,
  pdfOf,
  phoneLine,
  placeLines,
  unitCount,
} from './pdf';
import { printedStops, stopsHeading } from './stops';

const PAGE_W = 612;
const PAGE_H = 792;
const M = 24;
const W = PAGE_W - 2 * M;
const HALF = W / 2;
const BOTTOM = PAGE_H - M;
const BORDER = '#000000';
const SHADE = '#e6e6e6';

/**
 * The VICS bill of lading, straight bill, short form, on letter
 * paper, in the reader's language: ship from / ship to / third-party bill-to, BOL number with
 * its Code 128 barcode, a truckload's extra stops in route order, carrier and SCAC, PRO (barcode) and pickup numbers, freight terms
 * (prepaid), a reefer's temperature range, special instructions, every reference, the customer order and carrier information
 * lines (handling units, packages, weight, HM, description, NMFC and class), the hazardous
 * materials with their 24-hour emergency contact, declared value, COD, the liability note, the
 * loaded-by / counted-by boxes and the shipper, carrier and consignee signatures. Pure: the same
 * input gives the same document.
 */
export function buildBillOfLading(s: DocumentShipment, account: DocumentAccount, options: DocumentOptions): Promise<Buffer> {
  const title = `${documentText(options).t('documents.bol.title')} ${s.bolNumber}`;
  return pdfOf({ size: 'LETTER', margin: M, title, now: options.now, language: options.language }, (doc) =>
    drawBillOfLading(doc, s, account, options),
  );
}

/**
 * The bill of lading's pages, added to `doc` (a PDF of its own, or a batch's merged documents):
 * its page numbers count its own pages only.
 */
export function drawBillOfLading(doc: PDFKit.PDFDocument, s: DocumentShipment, account: DocumentAccount, options: DocumentOptions) {
  const x = documentText(options);
  const k = x.section('documents.bol');
  const bolBars = code128(s.bolNumber);
  const proBars = s.proNumber ? code128(s.proNumber) : null;
  const before = doc.bufferedPageRange();
  const firstPage = before.start + before.count;
  const newPage = () => doc.addPage({ size: 'LETTER', margin: M });
  newPage();

  const font = (bold: boolean, size: number) => doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
  const text = (
    value: string,
    at: { x: number; y: number; w: number; bold?: boolean; size?: number; align?: 'left' | 'center' | 'right'; h?: number },
  ) => {
    font(at.bold ?? false, at.size ?? 8).fillColor('#000000');
    doc.text(value, at.x, at.y, { width: at.w, align: at.align ?? 'left', height: at.h, ellipsis: at.h ? true : undefined, lineGap: 0.5 });
    return doc.y;
  };
  const box = (bx: number, by: number, bw: number, bh: number) => doc.lineWidth(0.8).strokeColor(BORDER).rect(bx, by, bw, bh).stroke();
  const band = (bx: number, by: number, bw: number, title: string) => {
    doc.rect(bx, by, bw, 12).fillAndStroke('#000000', BORDER);
    // One line: a long title (Spanish) is set smaller rather than cut.
    let size = 7.5;
    font(true, size);
    while (size > 5 && doc.widthOfString(title.toUpperCase()) > bw - 16) {
      size -= 0.25;
      font(true, size);
    }
    doc.fillColor('#ffffff').text(title.toUpperCase(), bx + 4, by + 2.5 + (7.5 - size) / 2, { lineBreak: false });
    doc.fillColor('#000000');
    return by + 12;
  };
  const checkbox = (cx: number, cy: number, checked: boolean, label: string) => {
    doc.lineWidth(0.7).rect(cx, cy, 8, 8).stroke();
    if (checked) font(true, 8).text('X', cx + 1.5, cy + 0.5, { lineBreak: false });
    font(false, 7.5).text(label, cx + 11, cy + 0.5, { lineBreak: false });
    return cx + 11 + doc.widthOfString(label) + 10;
  };

  // ---- Title ----
  text(k('title'), { x: M, y: M, w: W, bold: true, size: 13, align: 'center' });
  text(k('date', { date: x.date(options.now.toISOString()) }), { x: M, y: M + 18, w: W, size: 8, align: 'right' });
  let y = M + 30;
  /** A new page when `needed` points do not fit (a long table repeats its header). */
  const ensureRoom = (needed: number, header?: () => void) => {
    if (y + needed <= BOTTOM) return;
    newPage();
    y = M;
    header?.();
  };

  // ---- Ship from | BOL number ----
  const partyBox = (title: string, lines: string[], contact: string[], top: number, height: number) => {
    box(M, top, HALF, height);
    let ty = band(M, top, HALF, title) + 3;
    // Each line on one line, and as many as the box holds: the contact lines keep their room.
    const room = Math.floor((height - 15 - contact.length * 11) / 10.5);
    const shown = lines.length > room ? [...lines.slice(0, room - 1), lines.slice(room - 1).join(', ')] : lines;
    shown.forEach((line, i) => {
      ty = text(line, { x: M + 5, y: ty, w: HALF - 10, bold: i === 0, size: 8.5, h: 10.5 });
    });
    for (const line of contact) ty = text(line, { x: M + 5, y: ty + 0.5, w: HALF - 10, size: 8, h: 10.5 });
  };
  const contactLines = (p: { first_name?: string; last_name?: string; phone?: string; email?: string }) =>
    [
      oneLine(`${p.first_name ?? ''} ${p.last_name ?? ''}`) &&
        k('contact', { name: oneLine(`${p.first_name ?? ''} ${p.last_name ?? ''}`) }),
      p.phone && k('phone', { phone: phoneLine(p.phone) }),
    ].filter((l): l is string => Boolean(l));

  const rowH = 94;
  partyBox(k('ship_from'), placeLines(s.pickup, options.language), contactLines(s.pickup), y, rowH);
  box(M + HALF, y, HALF, rowH);
  let ry = band(M + HALF, y, HALF, k('bol_number')) + 5;
  text(s.bolNumber, { x: M + HALF + 5, y: ry, w: HALF - 10, bold: true, size: 14, align: 'center' });
  drawBarcode(doc, bolBars, { x: M + HALF + 6, y: ry + 19, width: HALF - 12, height: 36 }, 1.6);
  ry += 60;
  text(k('sid', { number: s.bolNumber }), { x: M + HALF + 5, y: ry, w: HALF - 10, size: 7.5, align: 'center' });
  y += rowH;

  // ---- Ship to | Carrier, SCAC, PRO ----
  partyBox(k('ship_to'), placeLines(s.delivery, options.language), contactLines(s.delivery), y, rowH);
  box(M + HALF, y, HALF, rowH);
  ry = band(M + HALF, y, HALF, k('carrier_info')) + 4;
  const field = (label: string, value: string, fx: number, fy: number, fw: number) => {
    text(label, { x: fx, y: fy, w: fw, size: 7 });
    return text(value || '—', { x: fx, y: fy + 8, w: fw, bold: true, size: 9, h: 12 });
  };
  field(k('carrier_name'), oneLine(s.carrierName), M + HALF + 5, ry, HALF * 0.62);
  field(k('scac'), s.scac, M + HALF + 5 + HALF * 0.66, ry, HALF * 0.3);
  ry += 24;
  field(k('pro_number'), s.proNumber ?? '', M + HALF + 5, ry, HALF * 0.45);
  field(k('pickup_number'), s.pickupNumber ?? '', M + HALF + 5 + HALF * 0.5, ry, HALF * 0.45);
  // Below the PRO and pickup numbers, left of the trailer number: its quiet zone inside that room.
  if (proBars) drawBarcode(doc, proBars, { x: M + HALF + 4, y: ry + 23, width: HALF * 0.62, height: 24 });
  field(k('trailer_number'), '', M + HALF + 5 + HALF * 0.66, ry + 24, HALF * 0.3);
  y += rowH;

  // ---- Bill to | Freight terms, reference ----
  const billTo = account.billingAddress;
  partyBox(
    k('bill_to'),
    billTo
      ? placeLines({ ...billTo, company: billTo.company || account.name, street2: billTo.street2 ?? '' }, options.language)
      : [oneLine(account.name)],
    billTo ? contactLines(billTo) : [],
    y,
    rowH,
  );
  box(M + HALF, y, HALF, rowH);
  ry = band(M + HALF, y, HALF, k('freight_terms')) + 3;
  text(k('freight_terms_note'), { x: M + HALF + 5, y: ry, w: HALF - 10, size: 6.5 });
  ry += 10;
  let cx = M + HALF + 6;
  cx = checkbox(cx, ry, true, k('prepaid'));
  cx = checkbox(cx, ry, false, k('collect'));
  checkbox(cx, ry, false, k('third_party'));
  ry += 13;
  field(k('seal_numbers'), '', M + HALF + 5, ry, HALF - 10);
  ry += 21;
  // A reefer's range where the driver reads the load's terms.
  if (s.temperature) field(x.t('documents.temperature.label'), x.temperature(s.temperature), M + HALF + 5, ry, HALF - 10);
  ry += 21;
  text(k('pickup_hours', { date: x.date(s.pickupDate), ready: x.time(s.readyTime), close: x.time(s.closeTime) }), {
    x: M + HALF + 5,
    y: ry,
    w: HALF - 10,
    size: 7.5,
  });
  y += rowH;

  // ---- Extra stops (a truckload's), in route order: one paragraph each ----
  const stops = printedStops(s.stops, x).map((p) => `${p.title}: ${p.when} · ${p.place.join(', ')}${p.contact ? ` · ${p.contact}` : ''}`);
  if (stops.length) {
    font(false, 8);
    const heights = stops.map((line) => doc.heightOfString(line, { width: W - 10, lineGap: 0.5 }) + 3);
    const stopsH = 17 + heights.reduce((a, b) => a + b, 0);
    ensureRoom(stopsH + 6);
    box(M, y, W, stopsH);
    band(M, y, W, stopsHeading(x));
    let sy = y + 15;
    stops.forEach((line, i) => {
      text(line, { x: M + 5, y: sy, w: W - 10, size: 8 });
      sy += heights[i] ?? 0;
    });
    y += stopsH + 6;
  }

  // ---- Special instructions ----
  const instructions = [
    oneLine(s.notes),
    s.pickupNote ? x.tOr(`documents.pickup_notes.${s.pickupNote}`, s.pickupNote) : '',
    s.deliveryAppointment && s.deliveryDate ? k('delivery_appointment', { date: x.date(s.deliveryDate) }) : k('delivery_fcfs'),
    s.delivery.opens_at && s.delivery.closes_at
      ? `${k('ship_to')}: ${k('hours', { opens: x.time(s.delivery.opens_at), closes: x.time(s.delivery.closes_at) })}`
      : '',
    s.accessorials.length ? k('services', { list: s.accessorials.map(x.accessorial).join(', ') }) : '',
    // Across a border the driver and both customs read where it crosses and who clears it on each side.
    s.crossing ? k('port_of_entry', { port: crossingView(s.crossing).port_name }) : '',
    ...(s.customs?.brokers ?? []).map((b) =>
      k('customs_broker', {
        country: x.country(b.country),
        broker: b.ours ? k('broker_ours') : [oneLine(b.company), phoneLine(b.phone), oneLine(b.email)].filter(Boolean).join(', '),
      }),
    ),
  ].filter(Boolean);
  font(false, 8);
  const instructionsText = instructions.join(' · ');
  // Every reference the shipper gave, on its own line under the instructions.
  const references = s.references.length ? `${k('references')}: ${s.references.map(x.reference).join('   ·   ')}` : '';
  const instructionsTextH = Math.max(10, doc.heightOfString(instructionsText, { width: W - 10, lineGap: 0.5 }));
  font(true, 8);
  const referencesH = references ? doc.heightOfString(references, { width: W - 10, lineGap: 0.5 }) + 2 : 0;
  const instructionsH = 20 + instructionsTextH + referencesH;
  ensureRoom(instructionsH + 6);
  box(M, y, W, instructionsH);
  band(M, y, W, k('special_instructions'));
  text(instructionsText, { x: M + 5, y: y + 15, w: W - 10, size: 8 });
  if (references) text(references, { x: M + 5, y: y + 17 + instructionsTextH, w: W - 10, size: 8, bold: true });
  y += instructionsH + 6;

  // ---- Carrier information: the lines ----
  const cols = [
    { key: 'hu_qty', w: 34, head: `${k('handling_unit')}\n${k('qty')}`, align: 'center' as const },
    { key: 'hu_type', w: 62, head: `${k('handling_unit')}\n${k('type')}`, align: 'left' as const },
    { key: 'pkg_qty', w: 34, head: `${k('package')}\n${k('qty')}`, align: 'center' as const },
    { key: 'pkg_type', w: 62, head: `${k('package')}\n${k('type')}`, align: 'left' as const },
    { key: 'weight', w: 78, head: k('weight'), align: 'right' as const },
    { key: 'hm', w: 28, head: k('hm'), align: 'center' as const },
    { key: 'description', w: W - 34 - 62 - 34 - 62 - 78 - 28 - 60 - 38, head: k('description'), align: 'left' as const },
    { key: 'nmfc', w: 60, head: k('nmfc'), align: 'left' as const },
    { key: 'class', w: 38, head: k('class'), align: 'center' as const },
  ];
  // NMFC item and class are LTL's (a truckload is priced by the truck, a parcel by the package).
  const classed = s.mode === 'ltl';
  const tableHeader = () => {
    y = band(M, y, W, k('carrier_info'));
    doc.rect(M, y, W, 26).fillAndStroke(SHADE, BORDER);
    let hx = M;
    for (const c of cols) {
      text(c.head, {
        x: hx + 2,
        y: y + 2,
        w: c.w - 4,
        bold: true,
        size: 6,
        align: c.align === 'right' ? 'right' : c.align === 'center' ? 'center' : 'left',
      });
      doc
        .moveTo(hx, y)
        .lineTo(hx, y + 26)
        .stroke();
      hx += c.w;
    }
    y += 26;
  };
  tableHeader();
  let totalLb = 0;
  for (const item of s.items) {
    const lineLb = item.weight_lb * item.quantity;
    totalLb += lineLb;
    const dims = x.t('documents.bol.dimensions', { length: item.length_in, width: item.width_in, height: item.height_in, unit: 'in' });
    const cells: Record<string, string> = {
      hu_qty: String(item.quantity),
      hu_type: x.packageType(item.package_type),
      pkg_qty: String(item.quantity),
      pkg_type: x.packageType(item.package_type),
      weight: x.weight(lineLb),
      hm: item.hazardous ? 'X' : '',
      description: `${oneLine(item.description) || x.packageType(item.package_type)} (${dims})`,
      nmfc: classed ? oneLine(item.nmfc) : '',
      class: classed && item.freight_class !== null ? String(item.freight_class) : '',
    };
    font(false, 8);
    const h = Math.max(16, ...cols.map((c) => doc.heightOfString(cells[c.key] ?? '', { width: c.w - 4, lineGap: 0.5 }) + 6));
    ensureRoom(h, tableHeader);
    let cx2 = M;
    for (const c of cols) {
      doc.lineWidth(0.6).rect(cx2, y, c.w, h).stroke();
      text(cells[c.key] ?? '', { x: cx2 + 2, y: y + 3, w: c.w - 4, size: 8, bold: c.key === 'hm', align: c.align });
      cx2 += c.w;
    }
    y += h;
  }
  // Grand total.
  ensureRoom(16);
  const units = unitCount(s.items);
  doc.rect(M, y, W, 16).fillAndStroke(SHADE, BORDER);
  text(String(units), { x: M + 2, y: y + 4, w: 30, size: 8, bold: true, align: 'center' });
  text(String(units), { x: M + 96 + 2, y: y + 4, w: 30, size: 8, bold: true, align: 'center' });
  text(x.weight(totalLb), { x: M + 192, y: y + 4, w: 76, size: 8, bold: true, align: 'right' });
  text(k('grand_total'), { x: M + 300, y: y + 4, w: 200, size: 8, bold: true });
  y += 16;
  text(k('description_note'), { x: M, y: y + 2, w: W, size: 6.5 });
  y = doc.y + 6;

  // ---- Hazardous materials ----
  const hazLines = s.items.filter((i) => i.hazardous);
  if (s.hazardous && s.hazmat) {
    const hz = s.hazmat;
    ensureRoom(66);
    box(M, y, W, 64);
    band(M, y, W, k('hazmat_title'));
    // The hazardous lines' units and weight, summed by package type.
    const byType = new Map<string, { quantity: number; lb: number }>();
    for (const i of hazLines) {
      const sum = byType.get(i.package_type) ?? { quantity: 0, lb: 0 };
      byType.set(i.package_type, { quantity: sum.quantity + i.quantity, lb: sum.lb + i.weight_lb * i.quantity });
    }
    const qty = byType.size
      ? [...byType].map(([type, sum]) => `${sum.quantity} ${x.packageType(type)}, ${x.weight(sum.lb)}`).join('; ')
      : `${units} ${k('handling_unit')}`;
    const hw = W / 5;
    const hy = y + 15;
    field(k('un_number'), oneLine(hz.un_number), M + 5, hy, hw - 10);
    field(k('proper_name'), oneLine(hz.proper_name), M + hw, hy, hw * 2 - 10);
    field(k('hazard_class'), oneLine(hz.hazard_class), M + hw * 3, hy, hw - 10);
    field(k('packing_group'), hz.packing_group || '—', M + hw * 4, hy, hw - 10);
    field(k('hazmat_quantity'), qty, M + 5, hy + 24, hw * 2 - 10);
    field(k('emergency_contact'), oneLine(hz.emergency_contact), M + hw * 2, hy + 24, hw * 1.6 - 10);
    field(k('emergency_phone'), phoneLine(hz.emergency_phone), M + hw * 3.6, hy + 24, hw * 1.4 - 10);
    y += 68;
  }

  // ---- Declared value, COD, liability ----
  const declared =
    s.declaredValueCents > 0 ? k('declared_value', { value: x.money(s.declaredValueCents, s.currency) }) : k('declared_value_none');
  font(false, 7);
  const declaredH = doc.heightOfString(declared, { width: W * 0.68, lineGap: 0.5 });
  const valueH = declaredH + 22;
  ensureRoom(valueH + 4);
  box(M, y, W, valueH);
  text(declared, { x: M + 5, y: y + 4, w: W * 0.68, size: 7 });
  text(k('cod', { amount: k('none') }), { x: M + W * 0.72, y: y + 4, w: W * 0.27, size: 8, bold: true });
  text(k('liability_note'), { x: M + 5, y: y + declaredH + 8, w: W - 10, size: 7, bold: true });
  y += valueH + 4;

  // ---- Received, signatures, loaded/counted ----
  ensureRoom(160);
  text(k('received'), { x: M, y, w: W, size: 6.5 });
  y = doc.y + 4;
  const third = W / 3;
  const sigH = 132;
  const signature = (sx: number, title: string, certifies: string, extra?: (top: number) => void) => {
    box(sx, y, third, sigH);
    band(sx, y, third, title);
    text(certifies, { x: sx + 4, y: y + 15, w: third - 8, size: 6.3 });
    extra?.(doc.y + 3);
    // The line to sign on, and the date's.
    const lineY = y + sigH - 14;
    doc
      .lineWidth(0.6)
      .moveTo(sx + 6, lineY)
      .lineTo(sx + third * 0.62, lineY)
      .stroke();
    doc
      .moveTo(sx + third * 0.68, lineY)
      .lineTo(sx + third - 6, lineY)
      .stroke();
    font(false, 6).text(k('signature'), sx + 6, lineY + 2, { lineBreak: false });
    font(false, 6).text(k('date_label'), sx + third * 0.68, lineY + 2, { lineBreak: false });
  };
  signature(M, k('shipper_signature'), k('shipper_certifies'), (top) => {
    font(true, 7).text(k('trailer_loaded'), M + 4, top, { lineBreak: false });
    checkbox(M + 6, top + 10, false, k('by_shipper'));
    checkbox(M + 6 + third / 2 - 4, top + 10, false, k('by_driver'));
    font(true, 7).text(k('freight_counted'), M + 4, top + 24, { lineBreak: false });
    checkbox(M + 6, top + 34, false, k('by_shipper'));
    checkbox(M + 6 + third / 2 - 4, top + 34, false, k('by_driver_pieces'));
    checkbox(M + 6, top + 46, false, k('by_driver_pallets'));
  });
  signature(M + third, k('carrier_signature'), k('carrier_certifies'));
  signature(M + 2 * third, k('consignee_signature'), k('consignee_certifies'));
  y += sigH;

  // Page numbers when the lines ran over a page.
  const range = doc.bufferedPageRange();
  const count = range.start + range.count - firstPage;
  if (count > 1) {
    for (let i = 0; i < count; i++) {
      doc.switchToPage(firstPage + i);
      // In the bottom margin: without this pdfkit would start a new page for the line.
      doc.page.margins.bottom = 0;
      font(false, 7).text(`${s.bolNumber} · ${k('page', { n: i + 1, count })}`, M, PAGE_H - M + 6, {
        width: W,
        align: 'right',
        lineBreak: false,
      });
    }
    // Later pages (the next document of a merged file) go after these.
    doc.switchToPage(firstPage + count - 1);
  }
}
