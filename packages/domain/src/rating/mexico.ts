/**
 * Mexican states for postal-code lookups (the first two digits of a
 * 5-digit código postal give the state). No npm package ships Mexican CPs, so a CP resolves to
 * its state, located at the state capital (approximate lat/lon) — good enough for the distance
 * heuristics, not for anything finer — and, for Mexico City and a few large cities, to its city. Codes are ISO 3166-2:MX without the 'MX-' prefix.
 * Prefixes 00 and 17-19 are not assigned.
 */
export interface MexicanState {
  code: string;
  name: string;
  capital: string;
  lat: number;
  lon: number;
  /** Inclusive ranges of the CP's first two digits. */
  prefixes: ReadonlyArray<readonly [number, number]>;
}

export const MEXICAN_STATES: readonly MexicanState[] = [
  { code: 'CMX', name: 'Ciudad de México', capital: 'Ciudad de México', lat: 19.4326, lon: -99.1332, prefixes: [[1, 16]] },
  { code: 'AGU', name: 'Aguascalientes', capital: 'Aguascalientes', lat: 21.8853, lon: -102.2916, prefixes: [[20, 20]] },
  { code: 'BCN', name: 'Baja California', capital: 'Mexicali', lat: 32.6245, lon: -115.4523, prefixes: [[21, 22]] },
  { code: 'BCS', name: 'Baja California Sur', capital: 'La Paz', lat: 24.1426, lon: -110.3128, prefixes: [[23, 23]] },
  { code: 'CAM', name: 'Campeche', capital: 'San Francisco de Campeche', lat: 19.8301, lon: -90.5349, prefixes: [[24, 24]] },
  { code: 'COA', name: 'Coahuila', capital: 'Saltillo', lat: 25.4232, lon: -101.0053, prefixes: [[25, 27]] },
  { code: 'COL', name: 'Colima', capital: 'Colima', lat: 19.2452, lon: -103.7241, prefixes: [[28, 28]] },
  { code: 'CHP', name: 'Chiapas', capital: 'Tuxtla Gutiérrez', lat: 16.7516, lon: -93.1161, prefixes: [[29, 30]] },
  { code: 'CHH', name: 'Chihuahua', capital: 'Chihuahua', lat: 28.633, lon: -106.0691, prefixes: [[31, 33]] },
  { code: 'DUR', name: 'Durango', capital: 'Victoria de Durango', lat: 24.0277, lon: -104.6532, prefixes: [[34, 35]] },
  { code: 'GUA', name: 'Guanajuato', capital: 'Guanajuato', lat: 21.019, lon: -101.2574, prefixes: [[36, 38]] },
  { code: 'GRO', name: 'Guerrero', capital: 'Chilpancingo', lat: 17.5515, lon: -99.5006, prefixes: [[39, 41]] },
  { code: 'HID', name: 'Hidalgo', capital: 'Pachuca', lat: 20.1011, lon: -98.7591, prefixes: [[42, 43]] },
  { code: 'JAL', name: 'Jalisco', capital: 'Guadalajara', lat: 20.6597, lon: -103.3496, prefixes: [[44, 49]] },
  { code: 'MEX', name: 'Estado de México', capital: 'Toluca', lat: 19.2826, lon: -99.6557, prefixes: [[50, 57]] },
  { code: 'MIC', name: 'Michoacán', capital: 'Morelia', lat: 19.706, lon: -101.195, prefixes: [[58, 61]] },
  { code: 'MOR', name: 'Morelos', capital: 'Cuernavaca', lat: 18.9242, lon: -99.2216, prefixes: [[62, 62]] },
  { code: 'NAY', name: 'Nayarit', capital: 'Tepic', lat: 21.5042, lon: -104.8946, prefixes: [[63, 63]] },
  { code: 'NLE', name: 'Nuevo León', capital: 'Monterrey', lat: 25.6866, lon: -100.3161, prefixes: [[64, 67]] },
  { code: 'OAX', name: 'Oaxaca', capital: 'Oaxaca de Juárez', lat: 17.0732, lon: -96.7266, prefixes: [[68, 71]] },
  { code: 'PUE', name: 'Puebla', capital: 'Puebla', lat: 19.0414, lon: -98.2063, prefixes: [[72, 75]] },
  { code: 'QUE', name: 'Querétaro', capital: 'Santiago de Querétaro', lat: 20.5888, lon: -100.3899, prefixes: [[76, 76]] },
  { code: 'ROO', name: 'Quintana Roo', capital: 'Chetumal', lat: 18.5001, lon: -88.2961, prefixes: [[77, 77]] },
  { code: 'SLP', name: 'San Luis Potosí', capital: 'San Luis Potosí', lat: 22.1565, lon: -100.9855, prefixes: [[78, 79]] },
  { code: 'SIN', name: 'Sinaloa', capital: 'Culiacán', lat: 24.8091, lon: -107.394, prefixes: [[80, 82]] },
  { code: 'SON', name: 'Sonora', capital: 'Hermosillo', lat: 29.0729, lon: -110.9559, prefixes: [[83, 85]] },
  { code: 'TAB', name: 'Tabasco', capital: 'Villahermosa', lat: 17.9892, lon: -92.9475, prefixes: [[86, 86]] },
  { code: 'TAM', name: 'Tamaulipas', capital: 'Ciudad Victoria', lat: 23.7369, lon: -99.1411, prefixes: [[87, 89]] },
  { code: 'TLA', name: 'Tlaxcala', capital: 'Tlaxcala', lat: 19.3182, lon: -98.2375, prefixes: [[90, 90]] },
  { code: 'VER', name: 'Veracruz', capital: 'Xalapa', lat: 19.5438, lon: -96.9102, prefixes: [[91, 96]] },
  { code: 'YUC', name: 'Yucatán', capital: 'Mérida', lat: 20.9674, lon: -89.5926, prefixes: [[97, 97]] },
  { code: 'ZAC', name: 'Zacatecas', capital: 'Zacatecas', lat: 22.7709, lon: -102.5833, prefixes: [[98, 99]] },
];

const BY_PREFIX = new Map<number, MexicanState>();
for (const state of MEXICAN_STATES) {
  for (const [from, to] of state.prefixes) {
    for (let p = from; p <= to; p += 1) BY_PREFIX.set(p, state);
  }
}

/** The state of a 5-digit CP, or undefined for a malformed CP or an unassigned prefix. */
export function mexicanStateForPostalCode(cp: string): MexicanState | undefined {
  const trimmed = cp.trim();
  if (!/^\d{5}$/.test(trimmed)) return undefined;
  return BY_PREFIX.get(Number(trimmed.slice(0, 2)));
}

/** The city and municipality (in Mexico City, the alcaldía) of a CP. */
export interface MexicanCity {
  city: string;
  municipality: string;
}

/** Mexico City's alcaldías by the CP's first two digits (01 to 16). */
const MEXICO_CITY_ALCALDIAS = [
  'Álvaro Obregón',
  'Azcapotzalco',
  'Benito Juárez',
  'Coyoacán',
  'Cuajimalpa de Morelos',
  'Cuauhtémoc',
  'Gustavo A. Madero',
  'Iztacalco',
  'Iztapalapa',
  'La Magdalena Contreras',
  'Miguel Hidalgo',
  'Milpa Alta',
  'Tláhuac',
  'Tlalpan',
  'Venustiano Carranza',
  'Xochimilco',
] as const;

/**
 * CP ranges wholly inside one municipality of a large city, inclusive. A CP outside them is one of
 * the thousands of towns and settlements we hold no table for: it names no city and the shipper
 * types it. Each range stops short where a neighbouring municipality's codes begin, so a
 * suggestion is never someone else's town.
 */
const MEXICAN_CITY_RANGES: ReadonlyArray<readonly [from: number, to: number, city: string]> = [
  [20000, 20299, 'Aguascalientes'],
  [22000, 22599, 'Tijuana'],
  [32000, 32599, 'Ciudad Juárez'],
  [37000, 37599, 'León'],
  [44100, 44990, 'Guadalajara'],
  [50000, 50299, 'Toluca'],
  [64000, 64999, 'Monterrey'],
  [72000, 72599, 'Puebla'],
  [76000, 76249, 'Querétaro'],
  [97000, 97299, 'Mérida'],
];

/**
 * The city of a CP: in Mexico City, the city with its alcaldía (06700: Ciudad de México,
 * Cuauhtémoc); in the large cities above, the municipality; otherwise undefined. A CP often covers
 * several settlements (colonias): they are part of the street address, not the city.
 */
export function mexicanCityForPostalCode(cp: string): MexicanCity | undefined {
  const state = mexicanStateForPostalCode(cp);
  if (!state) return undefined;
  const code = Number(cp.trim());
  if (state.code === 'CMX') {
    const alcaldia = MEXICO_CITY_ALCALDIAS[Math.floor(code / 1000) - 1];
    return alcaldia ? { city: 'Ciudad de México', municipality: alcaldia } : undefined;
  }
  const range = MEXICAN_CITY_RANGES.find(([from, to]) => code >= from && code <= to);
  return range ? { city: range[2], municipality: range[2] } : undefined;
}
