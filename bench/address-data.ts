// Generated address-book CSVs for the address benches: real-looking companies, contacts and
// streets in cities whose postal code, city and state agree with the postal data (so every row
// passes verification), a few in Canada and Mexico. Deterministic for a given seed.

import { ADDRESS_CSV_COLUMNS } from '@freight/contracts';
import { writeCsv } from '../apps/server/src/csv/csv';

const PLACES = [
  ['Chicago', 'IL', '60601', 'US'],
  ['Chicago', 'IL', '60614', 'US'],
  ['Atlanta', 'GA', '30303', 'US'],
  ['Dallas', 'TX', '75201', 'US'],
  ['Houston', 'TX', '77002', 'US'],
  ['New York', 'NY', '10001', 'US'],
  ['Los Angeles', 'CA', '90012', 'US'],
  ['Denver', 'CO', '80202', 'US'],
  ['Seattle', 'WA', '98101', 'US'],
  ['Miami', 'FL', '33131', 'US'],
  ['Phoenix', 'AZ', '85004', 'US'],
  ['Boston', 'MA', '02108', 'US'],
  ['Columbus', 'OH', '43215', 'US'],
  ['Memphis', 'TN', '38103', 'US'],
  ['Kansas City', 'MO', '64105', 'US'],
  ['Toronto', 'ON', 'M5V 3L9', 'CA'],
  ['Montreal', 'QC', 'H2X 1Y4', 'CA'],
  ['Monterrey', 'NLE', '64000', 'MX'],
  ['Guadalajara', 'JAL', '44100', 'MX'],
] as const;
const FIRST = [
  'Ana',
  'Ben',
  'Carla',
  'Dev',
  'Elena',
  'Frank',
  'Grace',
  'Hugo',
  'Iris',
  'Jamal',
  'Kim',
  'Luis',
  'Maya',
  'Noah',
  'Olga',
  'Priya',
];
const LAST = ['Garcia', 'Smith', 'Nguyen', 'Patel', 'Brown', 'Kowalski', 'Okafor', 'Rossi', 'Tanaka', 'Dubois', 'Murphy', 'Silva'];
const WORDS = ['Acme', 'Summit', 'Harbor', 'Prairie', 'Granite', 'Maple', 'Pioneer', 'Keystone', 'Liberty', 'Cascade', 'Redwood', 'Atlas'];
const KINDS = ['Logistics', 'Supply', 'Foods', 'Hardware', 'Textiles', 'Electronics', 'Furniture', 'Packaging', 'Auto Parts', 'Paper'];
const STREETS = ['Main St', 'Oak Ave', 'Industrial Pkwy', 'Commerce Dr', 'Harbor Rd', 'Elm St', 'Lake Shore Dr', 'Market St'];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** `count` address rows (unique companies: `prefix` and the row number in the name). */
export function addressRows(count: number, prefix = 'A', seed = 1) {
  const r = rng(seed);
  const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)] as T;
  return Array.from({ length: count }, (_, i) => {
    const [city, state, postal_code, country] = pick(PLACES);
    return {
      company: `${pick(WORDS)} ${pick(KINDS)} ${prefix}${i + 1}`,
      first_name: pick(FIRST),
      last_name: pick(LAST),
      email: `receiving${i + 1}@example.com`,
      phone: `(312) 555-${String(1000 + (i % 9000)).padStart(4, '0')}`,
      street1: `${100 + Math.floor(r() * 9000)} ${pick(STREETS)}`,
      street2: r() < 0.3 ? `Suite ${Math.floor(r() * 900) + 100}` : '',
      city,
      state,
      postal_code,
      country,
      location_type: r() < 0.15 ? 'residential' : 'commercial',
      limited_access: r() < 0.1,
      liftgate_recommended: r() < 0.2,
      opens_at: '08:00',
      closes_at: '17:00',
    };
  });
}

export const addressCsv = (count: number, prefix = 'A', seed = 1) => writeCsv(ADDRESS_CSV_COLUMNS, addressRows(count, prefix, seed));
