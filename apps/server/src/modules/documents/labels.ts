import { LABEL, labelPages, labelPdf, M, W } from './label-page';
import { code128, type DocumentOptions, type DocumentShipment, drawBarcode, oneLine, phoneLine, placeLines } from './pdf';

/**
 * 4x6 parcel labels, one page per package (each item's quantity): ship from, ship to (large),
 * carrier and service, the package's weight, 'n of N', the tracking number with its Code 128
 * barcode in its own band (nothing printed over it or in its quiet zone), the references and the
 * package's description. A parcel travels on its tracking number: no bill of lading is printed.
 * Each block has a fixed height and its text is set smaller to fit, so long names never run into
 * the next block or off the label. Pure: shipment + language in, PDF bytes out.
 */
export function buildParcelLabels(s: DocumentShipment, options: DocumentOptions): Promise<Buffer> {
  return labelPdf(options, { key: 'tracking_number', number: trackingOf(s) }, (doc) => drawParcelLabels(doc, s, options));
}

const trackingOf = (s: DocumentShipment) => s.trackingNumber ?? s.proNumber ?? s.bolNumber;

/** The parcel labels' pages, added to `doc` (a PDF of their own, or a batch's merged documents). */
export function drawParcelLabels(doc: PDFKit.PDFDocument, s: DocumentShipment, options: DocumentOptions) {
  const tracking = trackingOf(s);
  const bars = code128(tracking);
  const { x, k, total, line, pagePerUnit, fitted } = labelPages(doc, s, options);
  const service = x.tOr(`documents.services.${s.service}`, s.service);
  const references = s.references.map(x.reference).join(' · ');
  const person = (p: DocumentShipment['pickup']) => [oneLine(`${p.first_name} ${p.last_name}`), phoneLine(p.phone)].filter(Boolean);
  const from = [...placeLines(s.pickup, options.language), ...person(s.pickup)].join('\n');
  const to = [...placeLines(s.delivery, options.language), ...person(s.delivery)].join('\n');

  pagePerUnit((item, n) => {
    let y = M;
    // From (small).
    doc.font('Helvetica-Bold').fontSize(7).text(k('from').toUpperCase(), M, y, { width: W });
    fitted(from, { left: M, y: y + 9, width: W, maxHeight: 58, size: 7.5 });
    y = 82;
    line(y);
    // To (large).
    doc
      .font('Helvetica-Bold')
      .fontSize(8)
      .text(k('to').toUpperCase(), M, y + 5, { width: W });
    fitted(to, { left: M + 6, y: y + 15, width: W - 6, maxHeight: 92, size: 11.5, bold: true, lineGap: 0.5 });
    y = 194;
    line(y);
    y += 6;
    // Carrier, service, weight, n of N.
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      // One line whatever the name's length: what follows is placed below it.
      .text(oneLine(s.carrierName).toUpperCase(), M, y, { width: W * 0.62, height: 17, ellipsis: true });
    doc
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(k('package_of', { n, count: total }), M + W * 0.62, y, { width: W * 0.38, align: 'right' });
    y += 20;
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`${k('service')}: ${service}`, M, y, { width: W * 0.5, height: 11, ellipsis: true });
    doc.text(`${k('weight')}: ${x.weight(item.weight_lb)}`, M + W * 0.5, y, { width: W * 0.5, align: 'right', height: 11, ellipsis: true });
    y += 12;
    doc.text(`${k('ship_date')}: ${x.date(s.pickupDate)}`, M, y, { width: W });
    y += 14;
    line(y);
    y += 6;
    // Tracking number, then its barcode in a band of its own.
    doc.font('Helvetica').fontSize(8).text(k('tracking_number').toUpperCase(), M, y, { width: W });
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(tracking, M, y + 10, { width: W, align: 'center' });
    y += 28;
    drawBarcode(doc, bars, { x: 4, y, width: LABEL[0] - 8, height: 62 });
    y += 68;
    line(y);
    y += 5;
    // References and the package's description fill what is left of the label.
    const bottom = LABEL[1] - M;
    const description = oneLine(item.description);
    const descriptionTop = description ? bottom - 10 : bottom;
    if (references) {
      fitted(`${k('references')}: ${references}`, { left: M, y, width: W, maxHeight: descriptionTop - y - 2, size: 8 });
    }
    if (description) doc.font('Helvetica').fontSize(8).text(description, M, descriptionTop, { width: W, height: 10, ellipsis: true });
  });
}
