/**
 * Postal-code lookups and distance heuristics.
 *
 * - US: 5-digit ZIP (ZIP+4 accepted, first 5 digits used) in the postal table.
 * - Canada: by FSA (first 3 characters, case-insensitive, spaces and hyphens ignored) in the
 *   postal table. The province comes from the first letter (Canada Post's rule); the table's
 *   province name is compared with it. The table's `state` field is not clean (some FSAs carry
 *   a county or town name instead of a province), so where the two disagree we keep the
 *   first-letter province and the table's coordinates, and flag `province_mismatch`.
 *   For X (NT or NU) the table's name picks the territory.
 * - Mexico: the first two digits of the CP give the state (mexico.ts); located at the state
 *   capital. The city (and municipality) where mexico.ts knows the CP's range, else ''.
 *
 * The postal table (postal-codes.tsv, generated from the `zipcodes` package by
 * scripts/generate-postal-codes.ts, with Canadian cities cleaned by canadian-city.ts) is read on the first lookup and kept as one string with the
 * start of each line: ~3 MB, where the package's object literal cost ~80 MB at start.
 */
import { readFileSync } from 'node:fs';
import { LRUCache } from 'lru-cache';
import type { Country } from '../settings';
import { mexicanCityForPostalCode, mexicanStateForPostalCode } from './mexico';
import type { ParcelZone } from './types';

export interface LatLon {
  lat: number;
  lon: number;
}

export interface GeoPlace extends LatLon {
  city: string;
  /** US state / Canadian province / ISO 3166-2:MX state code (e.g. 'IL', 'ON', 'NLE'). */
  state: string;
  /** How fine the point is: a ZIP, a Canadian FSA, or a Mexican state capital. */
  precision: 'zip' | 'fsa' | 'state';
  /** Mexico only, where known: the municipality (in Mexico City, the alcaldía). */
  municipality?: string;
  /** Canada only: the lookup's province disagrees with the first letter (see module doc). */
  province_mismatch?: boolean;
}

/** The first letter of a Canadian postal code -> its province(s). */
export const CANADIAN_PROVINCE_BY_LETTER: Readonly<Record<string, readonly string[]>> = {
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NT', 'NU'],
  Y: ['YT'],
};

const PROVINCE_CODE_BY_NAME: Readonly<Record<string, string>> = {
  alberta: 'AB',
  'british columbia': 'BC',
  manitoba: 'MB',
  'new brunswick': 'NB',
  'newfoundland and labrador': 'NL',
  'nova scotia': 'NS',
  'northwest territory': 'NT',
  'northwest territories': 'NT',
  'nunavut territory': 'NU',
  nunavut: 'NU',
  ontario: 'ON',
  'prince edward island': 'PE',
  quebec: 'QC',
  québec: 'QC',
  saskatchewan: 'SK',
  yukon: 'YT',
  'yukon territory': 'YT',
};

/** Province code for a province name as the postal table spells it, or undefined. */
export function provinceCodeFromName(name: string): string | undefined {
  return PROVINCE_CODE_BY_NAME[name.trim().toLowerCase()];
}

/**
 * Reconcile the first letter of an FSA with the lookup's province name. Returns undefined when
 * the first letter is not a province letter.
 */
export function canadianProvince(fsa: string, lookupStateName: string | undefined): { province: string; mismatch: boolean } | undefined {
  const candidates = CANADIAN_PROVINCE_BY_LETTER[fsa.charAt(0).toUpperCase()];
  const first = candidates?.[0];
  if (!candidates || first === undefined) return undefined;
  const fromLookup = lookupStateName === undefined ? undefined : provinceCodeFromName(lookupStateName);
  if (fromLookup !== undefined && candidates.includes(fromLookup)) return { province: fromLookup, mismatch: false };
  // Unknown name (a county or town in the data): nothing to contradict, unless the letter is
  // ambiguous (X), in which case NT is the default and the ambiguity is not a mismatch.
  if (fromLookup === undefined) return { province: first, mismatch: false };
  return { province: first, mismatch: true };
}

/** D F I O Q U never appear; W and Z never start a code. */
const CANADIAN_POSTAL = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z](\d[ABCEGHJ-NPRSTV-Z]\d)?$/;
const US_ZIP = /^(\d{5})(-?\d{4})?$/;

interface PostalEntry extends LatLon {
  city: string;
  /** US state code; for Canada the province name, or a county or town (see module doc). */
  state: string;
}

/** The postal table's text and where each of its lines starts; read on the first lookup. */
let postalTable: { text: string; starts: Int32Array } | undefined;

function readPostalTable() {
  const text = readFileSync(new URL('./postal-codes.tsv', import.meta.url), 'utf8');
  // Every line, the last included, ends in a newline: the scan below and postalEntry rely on it.
  if (!text.endsWith('\n')) throw new Error('postal-codes.tsv is cut short');
  const starts: number[] = [];
  for (let at = 0; at < text.length; at = text.indexOf('\n', at) + 1) starts.push(at);
  return { text, starts: Int32Array.from(starts) };
}

/**
 * Entries already found (or known missing), by code: a shipper quotes the same lanes again and
 * again, and the search below slices the table's text at every step.
 */
const postalEntries = new LRUCache<string, { entry: PostalEntry | undefined }>({ max: 5_000 });

function postalEntry(code: string): PostalEntry | undefined {
  let found = postalEntries.get(code);
  if (!found) {
    found = { entry: searchPostalTable(code) };
    postalEntries.set(code, found);
  }
  return found.entry;
}

/**
 * A US ZIP or Canadian FSA in the postal table (lines sorted by code: code, lat, lon, state,
 * city), by binary search. A coordinate the source lacks (a few FSAs) reads as 0, as the
 * package's null did in the distance arithmetic.
 */
function searchPostalTable(code: string): PostalEntry | undefined {
  postalTable ??= readPostalTable();
  const { text, starts } = postalTable;
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = starts[mid] ?? 0;
    const key = text.slice(at, text.indexOf('\t', at));
    if (key < code) low = mid + 1;
    else if (key > code) high = mid - 1;
    else {
      const [, lat = '', lon = '', state = '', city = ''] = text.slice(at, text.indexOf('\n', at)).split('\t');
      return { city, state, lat: Number(lat), lon: Number(lon) };
    }
  }
  return undefined;
}

export function lookupPlace(postal_code: string, country: Country): GeoPlace | undefined {
  switch (country) {
    case 'US': {
      const m = US_ZIP.exec(postal_code.trim());
      const zip = m?.[1];
      if (zip === undefined) return undefined;
      const entry = postalEntry(zip);
      if (!entry) return undefined;
      return { city: entry.city, state: entry.state, lat: entry.lat, lon: entry.lon, precision: 'zip' };
    }
    case 'CA': {
      const code = postal_code.replace(/[\s-]/g, '').toUpperCase();
      if (!CANADIAN_POSTAL.test(code)) return undefined;
      const fsa = code.slice(0, 3);
      const entry = postalEntry(fsa);
      if (!entry) return undefined;
      const province = canadianProvince(fsa, entry.state);
      if (!province) return undefined;
      const place: GeoPlace = {
        city: entry.city,
        state: province.province,
        lat: entry.lat,
        lon: entry.lon,
        precision: 'fsa',
      };
      if (province.mismatch) place.province_mismatch = true;
      return place;
    }
    case 'MX': {
      const state = mexicanStateForPostalCode(postal_code);
      if (!state) return undefined;
      const place: GeoPlace = { city: '', state: state.code, lat: state.lat, lon: state.lon, precision: 'state' };
      const city = mexicanCityForPostalCode(postal_code);
      if (city) Object.assign(place, city);
      return place;
    }
  }
}

/** Mean Earth radius in statute miles. */
export const EARTH_RADIUS_MILES = 3958.8;

/** Haversine great-circle distance in miles. */
export function greatCircleMiles(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Heuristic: road miles ≈ great-circle miles × 1.2. Roads are rarely straight; 1.2 is a common
 * rule of thumb for US/CA highway freight. Not a routing engine — replace with a mileage
 * service (PC*MILER etc.) if precise truckload miles are needed.
 */
export const ROAD_FACTOR = 1.2;

export function roadMiles(a: LatLon, b: LatLon): number {
  return greatCircleMiles(a, b) * ROAD_FACTOR;
}

/**
 * Road miles of a route through its points in order (pickup, extra stops, final delivery): the
 * sum of each leg's roadMiles, so a truckload with stop-offs is priced for the miles it drives.
 */
export function routeRoadMiles(points: readonly LatLon[]): number {
  let miles = 0;
  for (let i = 1; i < points.length; i++) miles += roadMiles(points[i - 1] as LatLon, points[i] as LatLon);
  return miles;
}

const PARCEL_ZONE_BANDS: ReadonlyArray<readonly [maxMiles: number, zone: ParcelZone]> = [
  [50, 1],
  [150, 2],
  [300, 3],
  [600, 4],
  [1000, 5],
  [1400, 6],
  [1800, 7],
];

/**
 * Parcel zone from distance. Carriers measure between ZIP3 centroids; we
 * do not carry a ZIP3 centroid table, so callers pass the great-circle miles between the
 * lookupPlace points (5-digit ZIP / FSA points). Near a band edge that can differ by one zone
 * from the carrier's chart. Miles are rounded to the nearest whole mile first.
 */
export function parcelZone(miles: number): ParcelZone {
  if (!Number.isFinite(miles) || miles < 0) throw new RangeError(`Invalid distance: ${miles}`);
  const whole = Math.round(miles);
  for (const [max, zone] of PARCEL_ZONE_BANDS) if (whole <= max) return zone;
  return 8;
}
