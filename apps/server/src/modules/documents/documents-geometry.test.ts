import type { InvoiceView, PlaceView, ShipmentItemView, ShipmentReference, StopView } from '@freight/contracts';
import { REFERENCE_TYPES } from '@freight/contracts';
import { describe, expect, it } from 'vitest';
import { buildBillOfLading } from './bol';
import { invoice, receipt } from './document-fixtures';
import { buildInvoicePdf } from './invoice-pdf';
import { buildParcelLabels } from './labels';
import { buildPalletLabels } from './pallet-labels';
import type { DocumentAccount, DocumentOptions } from './pdf';
import { QUIET_ZONE_MODULES } from './pdf';
import { type Box, grown, intersects, type PageGeometry, pdfGeometry } from './pdf-geometry';
import { buildRateConfirmation } from './rate-confirmation';
import { buildPaymentReceiptPdf } from './receipt-pdf';
import { buildShipmentSummary, type SummaryShipment } from './shipment-summary';

/**
 * Every document kind, filled with the longest values a shipper can type (names and streets at
 * their limits, eight references, many items, Spanish and metric), read back from the PDF: no text
 * run may touch a barcode or its quiet zone, no text may leave the page, and no two text runs may
 * overlap one another.
 */
const now = new Date('2026-11-25T15:00:00Z');
const en: DocumentOptions = { language: 'en', unitSystem: 'imperial', now };
const es: DocumentOptions = { language: 'es', unitSystem: 'metric', now };

const long = (prefix: string, length: number) => `${prefix} ${'Wxyz '.repeat(40)}`.slice(0, length).trim();
const place = (company: string, country: 'US' | 'MX'): PlaceView => ({
  company: long(company, 100),
  first_name: long('Maximiliano', 50),
  last_name: long('Hernández-Villarreal', 50),
  email: 'receiving.department.longname@an-example-company-with-a-long-domain.test',
  phone: '(214) 555-0177',
  street1: long('12345 North Industrial Parkway Boulevard', 100),
  street2: long('Building C, Dock Doors 14 through 22', 100),
  city: country === 'MX' ? 'San Pedro Garza García' : 'Rancho Santa Margarita',
  state: country === 'MX' ? 'NL' : 'CA',
  postal_code: country === 'MX' ? '66220' : '92688',
  country,
  interior_number: country === 'MX' ? 'Interior 1204-B' : '',
  exterior_number: country === 'MX' ? 'Exterior 3300' : '',
  neighborhood: country === 'MX' ? long('Colonia Valle del Campestre Oriente', 60) : '',
  opens_at: '07:30',
  closes_at: '16:45',
});
const references: ShipmentReference[] = REFERENCE_TYPES.slice(0, 8).map((type, i) => ({
  type,
  value: `${type.toUpperCase()}-${String(i + 1).repeat(6)}-${'X'.repeat(40)}`.slice(0, 64),
}));
const items = (count: number, parcel: boolean, hazardous: boolean): ShipmentItemView[] =>
  Array.from({ length: count }, (_, i) => ({
    description: long(`Line ${i + 1}: stainless steel commercial kitchen equipment, crated, do not stack`, 200),
    package_type: parcel ? 'boxes' : i % 2 ? 'crates' : 'pallets',
    quantity: parcel ? 2 : 1,
    length_in: 48,
    width_in: 40,
    height_in: 52,
    weight_lb: parcel ? 48 : 610,
    freight_class: parcel ? null : 70,
    nmfc: parcel ? '' : '133300-02',
    stackable: false,
    hazardous: hazardous && i === 0,
  }));
const stops: StopView[] = [
  {
    kind: 'drop',
    place: place('Segunda Parada Distribuidora', 'US'),
    date: '2026-11-28',
    appointment: false,
    time_from: '08:00',
    time_to: '12:00',
  },
  { kind: 'pickup', place: place('Third Stop Cold Storage', 'US'), date: '2026-11-28', appointment: true, time_from: '14:00', time_to: '' },
];

function shipment(mode: 'ltl' | 'parcel' | 'truckload', country: 'US' | 'MX'): SummaryShipment {
  const parcel = mode === 'parcel';
  return {
    id: '6f0e4c1a-0000-4000-8000-000000000001',
    mode,
    bolNumber: '06141411234567896',
    proNumber: parcel ? null : '1234567890',
    pickupNumber: parcel ? null : 'PU7654321',
    trackingNumber: parcel ? '1Z4X7Y28037654321' : null,
    carrierName: long('Transportes Refrigerados del Norte y Asociados', 80),
    scac: 'TRNA',
    service: mode === 'truckload' ? 'reefer' : parcel ? 'ground' : 'standard',
    pickupDate: '2026-11-30',
    readyTime: '09:00',
    closeTime: '16:00',
    deliveryAppointment: !parcel,
    deliveryDate: parcel ? null : '2026-12-03',
    pickup: place('Compañía Exportadora de Maquinaria Industrial', country),
    delivery: place('Lone Star Restaurant Supply and Equipment Wholesale', 'US'),
    stops: mode === 'truckload' ? stops : [],
    references,
    parcelOptions: parcel ? { handoff: 'pickup', signature: 'adult_signature', residential: true } : null,
    temperature: mode === 'truckload' ? { low_f: -10, high_f: 38, run: 'cycle' } : null,
    notes: long('Call the receiving office thirty minutes before arrival; driver must check in at the guard house', 500),
    pickupNote: parcel ? 'pickup_confirmed' : null,
    hazardous: !parcel,
    hazmat: parcel
      ? null
      : {
          proper_name: long('Lithium ion batteries packed with equipment', 100),
          hazard_class: '9',
          un_number: 'UN3481',
          packing_group: 'II',
          emergency_contact: long('CHEMTREC International Emergency Response', 60),
          emergency_phone: '(800) 424-9300',
        },
    items: items(parcel ? 4 : 14, parcel, !parcel),
    accessorials: mode === 'ltl' ? ['liftgate_delivery', 'appointment', 'residential_delivery', 'inside_delivery'] : [],
    declaredValueCents: 1_250_000_00,
    currency: 'USD',
    charges: [
      { code: 'freight', label: 'quote.charge.freight', amount_cents: 1_241_200 },
      { code: 'fuel', label: 'quote.charge.fuel', amount_cents: 357_531 },
      { code: 'insurance', label: 'quote.charge.insurance', detail: 'full', amount_cents: 25_750 },
    ],
    totalCents: 1_624_481,
    insurance: { kind: 'full', coverage_cents: 6_000_000, deductible_cents: 50_000 },
    createdAt: now,
  };
}
const account: DocumentAccount = {
  name: long('Compañía Exportadora de Maquinaria Industrial del Noreste', 120),
  billingAddress: {
    company: long('Compañía Exportadora de Maquinaria Industrial del Noreste', 120),
    first_name: 'Accounts',
    last_name: 'Payable',
    email: 'ap@example.test',
    phone: '(312) 555-0100',
    street1: long('233 South Wacker Drive, Suite 8400, Willis Tower', 100),
    street2: '',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60606',
    country: 'US',
  },
};
const longInvoice: InvoiceView = {
  ...invoice,
  bill_to: { ...invoice.bill_to, company: account.name, street1: long('233 South Wacker Drive, Suite 8400', 100) },
  carrier_name: long('Transportes Refrigerados del Norte y Asociados', 80),
  charges: Array.from({ length: 30 }, (_, i) => ({
    key: `c${i}`,
    code: 'accessorial',
    label: long(`Accessorial charge ${i + 1} for inside delivery and sort and segregate`, 90),
    detail: null,
    quoted_cents: 12_345_67,
    invoiced_cents: 13_345_67,
    variance_cents: 1_000_00,
  })),
  disputes: invoice.disputes.map((d) => ({ ...d, reason: long('The carrier billed a liftgate that was never used at delivery', 400) })),
};

const DOCUMENTS: [string, () => Promise<Buffer>][] = [
  ['BOL (LTL, Spanish copy)', () => buildBillOfLading(shipment('ltl', 'MX'), account, es)],
  ['BOL (truckload with stops)', () => buildBillOfLading(shipment('truckload', 'US'), account, en)],
  ['parcel labels', () => buildParcelLabels(shipment('parcel', 'MX'), es)],
  ['parcel labels (English)', () => buildParcelLabels(shipment('parcel', 'US'), en)],
  ['pallet labels', () => buildPalletLabels(shipment('ltl', 'MX'), es)],
  ['pallet labels (truckload)', () => buildPalletLabels(shipment('truckload', 'US'), en)],
  ['rate confirmation', () => buildRateConfirmation(shipment('truckload', 'MX'), es)],
  ['shipment summary', () => buildShipmentSummary(shipment('parcel', 'MX'), account, es)],
  ['shipment summary (English)', () => buildShipmentSummary(shipment('parcel', 'US'), account, en)],
  ['invoice PDF', () => buildInvoicePdf(longInvoice, references, es)],
  ['receipt PDF', () => buildPaymentReceiptPdf({ ...receipt, account_name: account.name }, es)],
];

/** Every fault a page has, in words: what overlaps what, what leaves the page, which barcode is cramped. */
function faults(page: PageGeometry, n: number): string[] {
  const found: string[] = [];
  const where = (b: Box) => `[${b.left.toFixed(1)}, ${b.bottom.toFixed(1)} – ${b.right.toFixed(1)}, ${b.top.toFixed(1)}]`;
  const pageBox = { left: 0, bottom: 0, right: page.width, top: page.height };
  for (const t of page.texts) {
    if (t.left < 0 || t.bottom < 0 || t.right > page.width || t.top > page.height)
      found.push(`page ${n}: "${t.text}" leaves the page ${where(t)}`);
  }
  // Text runs of one line touch at their ends and a line's descender meets the next one's ascender;
  // half a point either way is still no overlap a reader sees.
  const inner = (b: Box) => grown(b, -0.5, -0.5);
  page.texts.forEach((a, i) => {
    for (const b of page.texts.slice(i + 1)) {
      if (intersects(inner(a), inner(b))) found.push(`page ${n}: "${a.text}" ${where(a)} overlaps "${b.text}" ${where(b)}`);
    }
  });
  for (const bar of page.barcodes) {
    // Ten modules of blank each side; a module above and below.
    const zone = grown(bar, QUIET_ZONE_MODULES * bar.module, bar.module);
    // A hundredth of a point for the rounding of the measure.
    if (zone.left < pageBox.left - 0.01 || zone.right > pageBox.right + 0.01)
      found.push(`page ${n}: barcode ${where(bar)} has its quiet zone off the page`);
    for (const t of page.texts)
      if (intersects(zone, t)) found.push(`page ${n}: "${t.text}" ${where(t)} is in barcode ${where(bar)}'s quiet zone`);
    for (const other of page.barcodes) if (other !== bar && intersects(zone, other)) found.push(`page ${n}: two barcodes crowd each other`);
  }
  return found;
}

describe('document geometry', () => {
  it.each(DOCUMENTS)('%s: no text over a barcode or its quiet zone, none off the page, none over other text', async (_, build) => {
    const pages = await pdfGeometry(await build());
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.flatMap(faults)).toEqual([]);
  });

  it('measures what it says: the labels have their barcodes, a module of at least 0.5 pt each', async () => {
    const pages = await pdfGeometry(await buildParcelLabels(shipment('parcel', 'US'), en));
    expect(pages).toHaveLength(8);
    for (const page of pages) {
      expect(page.barcodes).toHaveLength(1);
      expect(page.barcodes[0]?.module).toBeGreaterThanOrEqual(0.5);
      expect(page.texts.length).toBeGreaterThan(10);
    }
    // And it does find an overlap: two runs drawn over each other.
    const crowded: PageGeometry = {
      width: 288,
      height: 432,
      texts: [{ text: 'TRACKING', left: 10, right: 100, bottom: 200, top: 210 }],
      barcodes: [{ left: 20, right: 260, bottom: 150, top: 205, module: 1.5 }],
    };
    expect(faults(crowded, 1)).toHaveLength(1);
  });
});
