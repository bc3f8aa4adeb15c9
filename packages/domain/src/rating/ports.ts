/**
 * The vocabulary of freight across a border, with no postal data, so the tariff contracts (and the
 * web) can name lanes, crossings and ports (border.ts plans and prices the crossing).
 */
import type { LatLon } from './geo';
import type { Cents } from './types';

export const BORDER_LANES = ['US-CA', 'CA-US', 'US-MX', 'MX-US'] as const;
/** Origin country, then destination country. */
export type BorderLane = (typeof BORDER_LANES)[number];

export const CROSSING_KINDS = ['single_line', 'transfer'] as const;
export type CrossingKind = (typeof CROSSING_KINDS)[number];

/** One side of a port of entry: the border city, its state or province, a postal code in it. */
export interface BorderSide extends LatLon {
  city: string;
  /** US state, Canadian province or ISO 3166-2:MX state code, as places carry them. */
  state: string;
  postal_code: string;
}

export interface PortOfEntry {
  /** The country across from the United States. */
  neighbour: 'CA' | 'MX';
  us: BorderSide;
  across: BorderSide;
}

/**
 * The commercial crossings the demo carriers use: Laredo carries about 40% of the US-Mexico truck
 * trade; Detroit (Ambassador Bridge) and Buffalo (Peace Bridge) most of Ontario's.
 */
export const PORTS_OF_ENTRY = {
  laredo: {
    neighbour: 'MX',
    us: { city: 'Laredo', state: 'TX', postal_code: '78045', lat: 27.5306, lon: -99.4803 },
    across: { city: 'Nuevo Laredo', state: 'TAM', postal_code: '88000', lat: 27.4779, lon: -99.5496 },
  },
  el_paso: {
    neighbour: 'MX',
    us: { city: 'El Paso', state: 'TX', postal_code: '79901', lat: 31.7587, lon: -106.4869 },
    across: { city: 'Ciudad Juárez', state: 'CHH', postal_code: '32000', lat: 31.6904, lon: -106.4245 },
  },
  otay_mesa: {
    neighbour: 'MX',
    us: { city: 'Otay Mesa', state: 'CA', postal_code: '92154', lat: 32.553, lon: -116.9386 },
    across: { city: 'Tijuana', state: 'BCN', postal_code: '22000', lat: 32.5149, lon: -117.0382 },
  },
  detroit: {
    neighbour: 'CA',
    us: { city: 'Detroit', state: 'MI', postal_code: '48226', lat: 42.3314, lon: -83.0458 },
    across: { city: 'Windsor', state: 'ON', postal_code: 'N9A 1A1', lat: 42.3149, lon: -83.0364 },
  },
  buffalo: {
    neighbour: 'CA',
    us: { city: 'Buffalo', state: 'NY', postal_code: '14202', lat: 42.8864, lon: -78.8784 },
    across: { city: 'Fort Erie', state: 'ON', postal_code: 'L2A 1A1', lat: 42.9018, lon: -78.9722 },
  },
  champlain: {
    neighbour: 'CA',
    us: { city: 'Champlain', state: 'NY', postal_code: '12919', lat: 44.9867, lon: -73.4465 },
    across: { city: 'Lacolle', state: 'QC', postal_code: 'J0J 1J0', lat: 45.0834, lon: -73.363 },
  },
  blaine: {
    neighbour: 'CA',
    us: { city: 'Blaine', state: 'WA', postal_code: '98230', lat: 48.9937, lon: -122.7471 },
    across: { city: 'Surrey', state: 'BC', postal_code: 'V3S 1A1', lat: 49.1913, lon: -122.849 },
  },
} as const satisfies Record<string, PortOfEntry>;
export type PortCode = keyof typeof PORTS_OF_ENTRY;
export const PORT_CODES = Object.keys(PORTS_OF_ENTRY) as PortCode[];

/**
 * Whether `port` is on the border `origin` to `destination` crosses: between the United States and
 * the port's neighbour, either way (a US-Mexico port for a lane to or from Mexico).
 */
export function portOnLane(port: PortCode, origin: string, destination: string): boolean {
  const neighbour = PORTS_OF_ENTRY[port].neighbour;
  return (origin === 'US' && destination === neighbour) || (destination === 'US' && origin === neighbour);
}

/** What a carrier's tariff says of its freight across a border. */
export interface BorderService {
  lanes: BorderLane[];
  crossing: CrossingKind;
  ports: PortCode[];
  /** The crossing (single line) or the transfer over the bridge (transfer), per shipment. */
  crossing_cents: Cents;
  /** Filing the entry's manifest (ACE with the PAPS into the US, ACI with the PARS into Canada, the pedimento's data into Mexico). */
  manifest_cents: Cents;
  /** The provider's customs broker, on each side. */
  broker_cents: Cents;
  /** Business days at the border, counted on the destination's calendar. */
  crossing_days: number;
  /** Whether it also rates shipments within one country (absent: it does). */
  domestic?: boolean;
}

/** Whether a carrier of this tariff rates shipments within one country (a `border` service may say it does not). */
export function ratesWithinOneCountry(tariff: unknown): boolean {
  return (tariff as { border?: BorderService } | null)?.border?.domestic !== false;
}

/** Where and how a rate crosses a border. */
export interface RateCrossing {
  port: PortCode;
  kind: CrossingKind;
  /**
   * Business days on the origin's side, at the border and on the destination's side, so a booking
   * picked up another day counts each on its own calendar (absent on rates made before they were kept).
   */
  days?: [number, number, number];
}

/** A port of entry by its two cities ('Laredo, TX – Nuevo Laredo, TAM'): proper names, alike in every language. */
export function portName(code: PortCode): string {
  const port: PortOfEntry = PORTS_OF_ENTRY[code];
  return `${port.us.city}, ${port.us.state} – ${port.across.city}, ${port.across.state}`;
}

/** The crossing as shown on a rate or a shipment: the port by its code and name, and how. */
export function crossingView(crossing: RateCrossing) {
  return { port: crossing.port, port_name: portName(crossing.port), kind: crossing.kind };
}
