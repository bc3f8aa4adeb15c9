import { LABEL, labelPages, labelPdf, M, W } from './label-page';
import { type Barcode, code128, type DocumentOptions, type DocumentShipment, drawBarcode, oneLine, phoneLine, placeLines } from './pdf';

/**
 * Pallet labels for LTL and truckload freight, one 4x6 page per handling unit: 'Pallet n of N',
 * the BOL and PRO numbers with Code 128 barcodes (each in a band of its own), carrier and SCAC,
 * from and to, the unit's line, the references and a hazardous materials warning (UN number, name, class, emergency phone) on the units of hazardous lines.
 * Pure: shipment + language in, PDF bytes out.
 */
export function buildPalletLabels(s: DocumentShipment, options: DocumentOptions): Promise<Buffer> {
  return labelPdf(options, { key: 'bol_number', number: s.bolNumber }, (doc) => drawPalletLabels(doc, s, options));
}

/** The labels drawn into `doc` (a file of their own, or the batches' merged file). */
export function drawPalletLabels(doc: PDFKit.PDFDocument, s: DocumentShipment, options: DocumentOptions) {
  const bolBars = code128(s.bolNumber);
  const proBars = s.proNumber ? code128(s.proNumber) : null;
  const { x, k, total, line, pagePerUnit, fitted } = labelPages(doc, s, options);
  const references = s.references.map(x.reference).join(' · ');
  /** The number's name and value on a line, then its barcode in a band of its own across the label. */
  const barcode = (label: string, value: string, bars: Barcode, y: number) => {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#000000')
      .text(label, M, y, { width: W * 0.3 });
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(value, M + W * 0.2, y - 2, { width: W * 0.8, align: 'right' });
    drawBarcode(doc, bars, { x: 4, y: y + 14, width: LABEL[0] - 8, height: 40 });
    return y + 58;
  };

  pagePerUnit((item, n) => {
    let y = M;
    doc
      .font('Helvetica-Bold')
      .fontSize(20)
      .text(k('pallet_of', { n, count: total }), M, y, { width: W, align: 'center' });
    y = doc.y + 2;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`${oneLine(s.carrierName)} (${s.scac})`, M, y, { width: W, align: 'center', height: 12, ellipsis: true });
    y = doc.y + 4;
    line(y);
    y += 5;
    y = barcode(k('bol_number'), s.bolNumber, bolBars, y);
    if (proBars && s.proNumber) y = barcode(k('pro_number'), s.proNumber, proBars, y);
    line(y);
    y += 5;
    const half = W / 2 - 4;
    doc.font('Helvetica-Bold').fontSize(7.5).text(k('from').toUpperCase(), M, y, { width: half });
    doc.text(k('to').toUpperCase(), M + W / 2 + 4, y, { width: half });
    y += 10;
    // Both ends in blocks of a fixed height, set smaller when long: the hazmat box keeps its room.
    const placesHeight = 78;
    const fromEnd = fitted(placeLines(s.pickup, options.language).join('\n'), {
      left: M,
      y,
      width: half,
      maxHeight: placesHeight,
      size: 7.5,
    });
    const toEnd = fitted(placeLines(s.delivery, options.language).join('\n'), {
      left: M + W / 2 + 4,
      y,
      width: half,
      maxHeight: placesHeight,
      size: 8.5,
      bold: true,
    });
    y = Math.max(fromEnd, toEnd) + 5;
    line(y);
    y += 5;
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`${x.packageType(item.package_type)} · ${x.weight(item.weight_lb)} · ${oneLine(item.description)}`, M, y, {
        width: W,
        height: 20,
        ellipsis: true,
      });
    y = Math.min(doc.y, y + 20) + 3;
    if (references) y = fitted(`${k('references')}: ${references}`, { left: M, y, width: W, maxHeight: 30, size: 7 }) + 4;
    if (item.hazardous) {
      const h = 58;
      doc.rect(M, y, W, h).lineWidth(2.5).strokeColor('#c00000').stroke();
      doc
        .font('Helvetica-Bold')
        .fontSize(14)
        .fillColor('#c00000')
        .text(k('hazmat_warning'), M, y + 6, { width: W, align: 'center' });
      doc.fillColor('#000000');
      if (s.hazmat) {
        const hz = s.hazmat;
        doc
          .font('Helvetica-Bold')
          .fontSize(9)
          .text(
            k('hazmat_detail', { un: oneLine(hz.un_number), name: oneLine(hz.proper_name), class: oneLine(hz.hazard_class) }),
            M + 6,
            y + 24,
            {
              width: W - 12,
              align: 'center',
              height: 12,
              ellipsis: true,
            },
          );
        doc
          .font('Helvetica')
          .fontSize(8)
          .text(k('emergency', { contact: oneLine(hz.emergency_contact), phone: phoneLine(hz.emergency_phone) }), M + 6, y + 38, {
            width: W - 12,
            align: 'center',
            height: 12,
            ellipsis: true,
          });
      }
    }
  });
}
