import type {
  AccountAddress,
  CustomsView,
  HazmatDetails,
  ParcelOptions,
  PlaceView,
  ShipmentItemView,
  ShipmentReference,
  StopView,
  TemperatureRange,
} from '@freight/contracts';
import { formatAddressLines, formatPhone, formatTimeOfDay, type Language, type UnitSystem } from '@freight/domain';
import type { RateCrossing } from '@freight/domain/rating';
import bwipjs from 'bwip-js/node';
import type { TFunction } from 'i18next';
import PDFDocument from 'pdfkit';
import { encodeGreyPng } from '../../grey-png';
import { plainText, translator } from '../../i18n';
// Text measured by maps instead of pdfkit's pair-keyed object: the same widths, faster.
import './pdf-font-metrics';

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
  /** Every reference of the booking, in the shipper's order. */
  references: ShipmentReference[];
  /** A parcel's pickup or drop-off, signature and residential delivery; null for freight. */
  parcelOptions: ParcelOptions | null;
  /** A reefer truckload's range; null otherwise. */
  temperature: TemperatureRange | null;
  notes: string;
  pickupNote: string | null;
  hazardous: boolean;
  hazmat: HazmatDetails | null;
  items: ShipmentItemView[];
  accessorials: string[];
  declaredValueCents: number;
  currency: string;
  /** Across a border: where it crosses and its customs declaration (the brokers go on the BOL); absent or null within one country. */
  crossing?: RateCrossing | null;
  customs?: CustomsView | null;
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

/**
 * Number and date formats by locale and options, made once: a batch's merged PDF writes a thousand
 * bills of lading, and making an Intl format costs more than using it.
 */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function made<T extends Intl.NumberFormat | Intl.DateTimeFormat>(id: string, make: () => T): T {
  const known = formats.get(id) as T | undefined;
  if (known) return known;
  const format = make();
  formats.set(id, format);
  return format;
}
const numberFormat = (locale: string, options: Intl.NumberFormatOptions) =>
  made(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
const dateFormat = (locale: string) =>
  made(`d|${locale}`, () => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }));

/** Translations, number and date formats of one document's language. */
export function documentText(options: DocumentOptions) {
  const withParams = translator(options.language);
  // A text without parameters is looked up once per language (a page asks for dozens).
  const t = ((key: string, params?: Record<string, unknown>) =>
    !params || Object.keys(params).length === 0
      ? plainText(options.language, key)
      : (withParams as (k: string, p: object) => string)(key, params)) as TFunction;
  const locale = options.language === 'es' ? 'es-MX' : 'en-US';
  const integer = numberFormat(locale, { maximumFractionDigits: 0 });
  const dates = dateFormat(locale);
  /** A key's text, or `fallback` (the raw value) when the catalog has none. */
  const tOr = (key: string, fallback: string) => {
    const text = t(key);
    return text === key ? fallback : text;
  };
  return {
    language: options.language,
    t,
    /** The texts of one document's section of the catalog (`documents.bol`), by their key in it. */
    section: (prefix: string) => (key: string, params?: Record<string, unknown>) => t(`${prefix}.${key}`, params),
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
    money: (cents: number, currency: string) => numberFormat(locale, { style: 'currency', currency }).format(cents / 100),
    packageType: (type: string) => tOr(`documents.package_types.${type}`, type),
    country: (code: string) => tOr(`documents.countries.${code}`, code),
    /** An accessorial's name (the shipment catalog's), else the code in words. */
    accessorial: (code: string) => tOr(`shipment.accessorial.${code}`, code.replaceAll('_', ' ')),
    /** 'PO Number: PO-88412'. */
    reference: (r: ShipmentReference) => `${tOr(`documents.reference_types.${r.type}`, r.type)}: ${oneLine(r.value)}`,
    /** '34 °F to 38 °F (1 °C to 3 °C), continuous': the carrier's unit first, the other beside it. */
    temperature: (range: TemperatureRange) =>
      t('documents.temperature.range', {
        low_f: range.low_f,
        high_f: range.high_f,
        low_c: celsius(range.low_f),
        high_c: celsius(range.high_f),
        run: t(`documents.temperature.${range.run}`),
      }),
  };
}

/** Whole degrees Celsius of whole degrees Fahrenheit ('-0' written as 0). */
const celsius = (f: number) => Math.round(((f - 32) * 5) / 9) || 0;

/** Code 128's quiet zone: ten modules of blank on each side, or a scanner may not find the symbol. */
export const QUIET_ZONE_MODULES = 10;

/** A Code 128 barcode: the PNG (bars only; the number is printed beside it by the caller) and its width in modules. */
export interface Barcode {
  png: Buffer;
  modules: number;
}

/**
 * The bars as an image one pixel per module and one pixel high (8-bit grey), stretched by the PDF
 * to the area it is drawn in: a viewer or printer scales it up without smoothing, so the edges stay
 * sharp, and the file stays a few dozen bytes. Encoding it here takes microseconds where a
 * barcode library's own PNG (drawn at scale, then compressed) took milliseconds, which a batch of a
 * thousand bills of lading pays twice each.
 */
function barsPng(widths: number[], modules: number) {
  const pixels = new Uint8Array(modules).fill(0xff);
  let x = 0;
  widths.forEach((width, i) => {
    if (i % 2 === 0) pixels.fill(0x00, x, x + width); // bars at even places, spaces between
    x += width;
  });
  return encodeGreyPng(modules, 1, pixels);
}

/** `text` in Code 128 (the library chooses the code sets and the check symbol). */
export function code128(text: string): Barcode {
  // The default export's raw() is the encoder's bar widths; the named export raw is the 'raw' symbology.
  const [symbol] = bwipjs.raw('code128', text, '');
  const widths = symbol && 'sbs' in symbol ? symbol.sbs : [];
  const modules = widths.reduce((sum, w) => sum + w, 0);
  return { png: barsPng(widths, modules), modules };
}

/**
 * Draws `barcode` in the area `at` (x, y, width, height in points), centred, as wide as the area
 * allows once its quiet zone fits inside it on both sides: nothing the caller draws outside the area
 * can cover the bars or their blank margin. `maxModule` caps the module width (points) so a short
 * number does not print absurdly wide bars.
 */
export function drawBarcode(
  doc: PDFKit.PDFDocument,
  barcode: Barcode,
  at: { x: number; y: number; width: number; height: number },
  maxModule = 2.5,
) {
  const module = Math.min(maxModule, at.width / (barcode.modules + 2 * QUIET_ZONE_MODULES));
  const width = module * barcode.modules;
  doc.image(barcode.png, at.x + (at.width - width) / 2, at.y, { width, height: at.height });
}

/** A document's page size and margin (points), its title, date and language. */
export interface PdfOptions {
  size: [number, number] | 'LETTER';
  margin: number;
  title: string;
  now: Date;
  language: Language;
}

/** A new document of ours (its title, producer and language set), for the caller to draw into and read. */
export function pdfDocument(opts: PdfOptions) {
  return new PDFDocument({
    size: opts.size,
    margin: opts.margin,
    autoFirstPage: false,
    bufferPages: true,
    lang: opts.language,
    info: { Title: opts.title, Producer: 'Freight Portal', Creator: 'Freight Portal', CreationDate: opts.now },
  });
}

/** A new PDF document; `finish` ends it and answers its bytes. */
export function newPdf(opts: PdfOptions) {
  const doc = pdfDocument(opts);
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

/** A PDF of its own with what `draw` puts in it; answers its bytes. */
export function pdfOf(opts: PdfOptions, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { doc, finish } = newPdf(opts);
  draw(doc);
  return finish();
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
