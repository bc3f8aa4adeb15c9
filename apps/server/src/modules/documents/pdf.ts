import type { AccountAddress, HazmatDetails, PlaceView, ShipmentItemView, StopView } from '@freight/contracts';
import { formatAddressLines, formatPhone, formatTimeOfDay, type Language, type UnitSystem } from '@freight/domain';
import { toBuffer as barcodePng } from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { translator } from '../../i18n';

/** What a shipping document shows of a shipment (built from the row by documents.data.ts). */
export interface DocumentShipment {
  id: string;
  mode: 'ltl' | 'parcel' | 'truckload';
  bolNumber: string;
  proNumber: string | null;
  pickupNumber: string | null;
  trackingNumber: string | null;
  carrierName: string;
  scac: string;
  service: string;
  pickupDate: string;
  readyTime: string;
  closeTime: string;
  deliveryAppointment: boolean;
  deliveryDate: string | null;
  pickup: PlaceView;
  delivery: PlaceView;
  /** A truckload's extra stops in route order. */
  stops: StopView[];
  referenceType: string | null;
  referenceNumber: string;
  notes: string;
  pickupNote: string | null;
  hazardous: boolean;
  hazmat: HazmatDetails | null;
  items: ShipmentItemView[];
  accessorials: string[];
  declaredValueCents: number;
  currency: string;
}

export interface DocumentAccount {
  name: string;
  billingAddress: AccountAddress | null;
}

export interface DocumentOptions {
  language: Language;
  unitSystem: UnitSystem;
  /** The document's date (the PDF's creation date too). */
  now: Date;
}

const LB_PER_KG = 2.204_622_621_8;

/** Translations, number and date formats of one document's language. */
export function documentText(options: DocumentOptions) {
  const t = translator(options.language);
  const locale = options.language === 'es' ? 'es-MX' : 'en-US';
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const dates = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
  /** A key's text, or `fallback` (the raw value) when the catalog has none. */
  const tOr = (key: string, fallback: string) => {
    const text = t(key);
    return text === key ? fallback : text;
  };
  return {
    language: options.language,
    t,
    tOr,
    /** A place's 'HH:MM' as screens write it ('8:00 AM'). */
    time: (hhmm: string) => formatTimeOfDay(hhmm, options.language),
    /** 'YYYY-MM-DD' in the language's order. */
    date: (iso: string) => dates.format(new Date(`${iso.slice(0, 10)}T12:00:00Z`)),
    /** Pounds, with kilograms too for a metric user. */
    weight: (lb: number) =>
      options.unitSystem === 'metric'
        ? `${integer.format(Math.round(lb))} lb (${integer.format(Math.round(lb / LB_PER_KG))} kg)`
        : `${integer.format(Math.round(lb))} lb`,
    money: (cents: number, currency: string) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100),
    packageType: (type: string) => tOr(`documents.package_types.${type}`, type),
    country: (code: string) => tOr(`documents.countries.${code}`, code),
    /** An accessorial's name (the shipment catalog's), else the code in words. */
    accessorial: (code: string) => tOr(`shipment.accessorial.${code}`, code.replaceAll('_', ' ')),
  };
}

/** A Code 128 barcode as a PNG (bars only; the number is printed beside it by the caller). */
export async function code128(text: string, heightMm = 12): Promise<Buffer> {
  return barcodePng({ bcid: 'code128', text, scale: 3, height: heightMm, includetext: false, paddingwidth: 0, paddingheight: 0 });
}

/** A new PDF document; `finish` ends it and answers its bytes. */
export function newPdf(opts: { size: [number, number] | 'LETTER'; margin: number; title: string; now: Date; language: Language }) {
  const doc = new PDFDocument({
    size: opts.size,
    margin: opts.margin,
    autoFirstPage: false,
    bufferPages: true,
    lang: opts.language,
    info: { Title: opts.title, Producer: 'Freight Portal', Creator: 'Freight Portal', CreationDate: opts.now },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish: () => {
      doc.end();
      return ended;
    },
  };
}

/** User-typed text on one line (the standard PDF fonts have no glyphs for control characters). */
export const oneLine = (s: string | null | undefined) => (s ?? '').replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

/** A phone number on one line, written as on screen ('(404) 555-0123'), stored before formatting or not. */
export const phoneLine = (s: string | null | undefined) => formatPhone(oneLine(s));

/**
 * A place's lines: the company, then the address as every screen and document writes it
 * (formatAddressLines: street lines, the Mexican numbers and colonia, the city line, the country
 * in the document's language; a carrier crosses borders, so the country is always written).
 */
export function placeLines(
  p: Pick<PlaceView, 'company' | 'street1' | 'street2' | 'city' | 'state' | 'postal_code' | 'country'> & Partial<PlaceView>,
  language: Language,
) {
  return [p.company, ...formatAddressLines(p, { language })].map(oneLine).filter(Boolean);
}

/** The number of packages (parcel) or handling units (freight) of a shipment. */
export const unitCount = (items: ShipmentItemView[]) => items.reduce((n, i) => n + i.quantity, 0);
