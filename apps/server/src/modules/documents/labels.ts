import { labelDocument, M, W } from './label-page';
import { code128, type DocumentOptions, type DocumentShipment, oneLine, phoneLine, placeLines } from './pdf';

/**
 * 4x6 parcel labels, one page per package (each item's quantity): ship from, ship to (large),
 * carrier and service, the package's weight, 'n of N', the tracking number with its Code 128
 * barcode, the reference and the BOL. Pure: shipment + language in, PDF bytes out.
 */
export async function buildParcelLabels(s: DocumentShipment, options: DocumentOptions): Promise<Buffer> {
  const tracking = s.trackingNumber ?? s.proNumber ?? s.bolNumber;
  const bars = await code128(tracking, 18);
  const { x, k, doc, total, line, pagePerUnit } = labelDocument(s, options, { key: 'tracking_number', number: tracking });
  const service = x.tOr(`documents.services.${s.service}`, s.service);
  const reference = s.referenceNumber
    ? `${s.referenceType ? x.tOr(`documents.reference_types.${s.referenceType}`, s.referenceType) : k('reference')}: ${oneLine(s.referenceNumber)}`
    : '';

  return pagePerUnit((item, n) => {
    let y = M;
    // From (small).
    doc.font('Helvetica-Bold').fontSize(7).text(k('from').toUpperCase(), M, y, { width: W });
    y = doc.y;
    const from = [
      oneLine(`${s.pickup.first_name} ${s.pickup.last_name}`),
      ...placeLines(s.pickup, options.language),
      phoneLine(s.pickup.phone),
    ].filter(Boolean);
    doc.font('Helvetica').fontSize(7.5).text(from.join('\n'), M, y, { width: W, lineGap: 0 });
    y = doc.y + 4;
    line(y);
    y += 5;
    // To (large).
    doc.font('Helvetica-Bold').fontSize(8).text(k('to').toUpperCase(), M, y, { width: W });
    y = doc.y + 1;
    const to = [
      oneLine(`${s.delivery.first_name} ${s.delivery.last_name}`),
      ...placeLines(s.delivery, options.language),
      phoneLine(s.delivery.phone),
    ].filter(Boolean);
    doc
      .font('Helvetica-Bold')
      .fontSize(11.5)
      .text(to.join('\n'), M + 6, y, { width: W - 6, lineGap: 0.5 });
    y = doc.y + 5;
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
      .text(`${k('service')}: ${service}`, M, y, { width: W * 0.55 });
    doc.text(`${k('weight')}: ${x.weight(item.weight_lb)}`, M + W * 0.45, y, { width: W * 0.55, align: 'right' });
    y += 12;
    doc.text(`${k('ship_date')}: ${x.date(s.pickupDate)}`, M, y, { width: W });
    y += 14;
    line(y);
    y += 6;
    // Tracking number and barcode.
    doc.font('Helvetica').fontSize(8).text(k('tracking_number').toUpperCase(), M, y, { width: W });
    y = doc.y + 1;
    doc.font('Helvetica-Bold').fontSize(12).text(tracking, M, y, { width: W, align: 'center' });
    y = doc.y + 4;
    doc.image(bars, M + 8, y, { width: W - 16, height: 70 });
    y += 76;
    line(y);
    y += 5;
    doc.font('Helvetica').fontSize(8);
    if (reference) doc.text(reference, M, y, { width: W });
    doc.text(`${k('bol_number')}: ${s.bolNumber}`, M, doc.y, { width: W });
    const description = oneLine(item.description);
    if (description) doc.text(description, M, doc.y, { width: W, height: 20, ellipsis: true });
  });
}
